import { describe, expect, it } from 'vitest';
import type { HardwareAsset } from '@shared/hardware';
import { hardwareReportCsv, hardwareReportFileName } from './hardware-report';

function asset(overrides: Partial<HardwareAsset>): HardwareAsset {
  return {
    id: '01JABCDEFGHJKMNPQRSTVWXYZ0',
    asset_type: 'Laptop',
    manufacturer: null,
    model: null,
    serial_number: null,
    asset_tag: null,
    purchase_date: null,
    warranty_expiry: null,
    status: 'Active',
    location: null,
    assigned_to: null,
    cpu: null,
    ram_gb: 0,
    storage_gb: 0,
    os: null,
    notes: null,
    disposal_reason: null,
    disposal_date: null,
    disposal_item_id: null,
    machine_id: null,
    // Midday UTC is the same calendar day from UTC-11 to UTC+11, wherever the test runs.
    created_at: '2026-03-05T12:00:00.000Z',
    updated_at: '2026-03-05T12:00:00.000Z',
    version: 1,
    ...overrides,
  };
}

const HEADER =
  '"Asset Type","Manufacturer","Model","Serial Number","Asset Tag","Status","Assigned To","Location","Purchase Date","Warranty Expiry","CPU","RAM (GB)","Storage (GB)","Operating System","Disposal Reason","Disposal Date","Notes","Created Date"';

describe('hardwareReportCsv', () => {
  it("quotes every cell, writes '-' for empty values and dates as dd/mm/yyyy", () => {
    expect(
      hardwareReportCsv([
        asset({
          manufacturer: 'Dell',
          model: 'Latitude 5440, "Pro"',
          serial_number: 'SN-1',
          asset_tag: 'IT-0001',
          status: 'Disposal Pending',
          assigned_to: 'Jane Smith',
          location: 'Leeds',
          purchase_date: '2024-02-29',
          warranty_expiry: '2028-01-15',
          cpu: 'Intel Core i7',
          ram_gb: 16,
          storage_gb: 512.5,
          os: 'Windows 11',
          disposal_reason: 'End of Life',
          disposal_date: '2026-03-01',
          notes: 'Screen cracked\nkeyboard fine',
        }),
        asset({}),
      ]),
    ).toBe(
      '\uFEFF' +
        HEADER +
        '\r\n' +
        '"Laptop","Dell","Latitude 5440, ""Pro""","SN-1","IT-0001","Disposal Pending","Jane Smith","Leeds","29/02/2024","15/01/2028","Intel Core i7","16","512.5","Windows 11","End of Life","01/03/2026","Screen cracked\nkeyboard fine","05/03/2026"\r\n' +
        '"Laptop","-","-","-","-","Active","-","-","-","-","-","-","-","-","-","-","-","05/03/2026"\r\n',
    );
  });

  it('neutralises cells a spreadsheet would run as a formula', () => {
    const csv = hardwareReportCsv([
      asset({ manufacturer: '=HYPERLINK("http://x")', model: '+1', assigned_to: '@cmd', notes: '-2' }),
    ]);
    expect(csv.split('\r\n')[1]).toBe(
      `"Laptop","'=HYPERLINK(""http://x"")","'+1","-","-","Active","'@cmd","-","-","-","-","-","-","-","-","-","'-2","05/03/2026"`,
    );
  });
});

describe('hardwareReportFileName', () => {
  it("names the file hardware-{date} with the viewer's local date", () => {
    expect(hardwareReportFileName(new Date(2026, 2, 4, 23, 59))).toBe('hardware-2026-03-04.csv');
  });
});
