import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { DisposalItem } from '@shared/disposal';
import { disposalReportCsv, disposalReportFileName } from './disposal-report';

function item(overrides: Partial<DisposalItem>): DisposalItem {
  return {
    id: '01JABCDEFGHJKMNPQRSTVWXYZ0',
    asset_id: null,
    asset_type: 'Hardware',
    asset_name: 'Laptop',
    serial_number: '',
    asset_tag: '',
    disposal_reason: 'End of Life',
    disposal_date: '2026-03-05',
    disposal_notes: '',
    organization_id: 'org-1',
    created_by: 'ann@example.com',
    status: 'Pending',
    completed_at: null,
    completed_by: null,
    // Midday UTC is the same calendar day from UTC-11 to UTC+11, wherever the test runs.
    created_at: '2026-03-05T12:00:00.000Z',
    updated_at: '2026-03-05T12:00:00.000Z',
    version: 1,
    ...overrides,
  };
}

const HEADER =
  '"Asset Type","Asset Name","Serial Number","Asset Tag","Disposal Reason","Disposal Date","Status","Disposal Notes","Created Date"';

describe('disposalReportCsv', () => {
  it('quotes every cell, escapes quotes, keeps commas and line breaks, and writes dates as dd/mm/yyyy', () => {
    const csv = disposalReportCsv([
      item({
        asset_name: 'Dell Latitude 7420, "Pro"',
        serial_number: 'SN-1',
        asset_tag: 'IT-0001',
        disposal_reason: 'Damaged',
        disposal_date: '2026-03-05',
        disposal_notes: 'Screen cracked\nkeyboard missing,\r\nreplace',
        created_at: '2026-01-31T12:00:00.000Z',
      }),
    ]);
    expect(csv).toBe(
      '\uFEFF' +
        HEADER +
        '\r\n' +
        '"Hardware","Dell Latitude 7420, ""Pro""","SN-1","IT-0001","Damaged","05/03/2026","Pending","Screen cracked\nkeyboard missing,\r\nreplace","31/01/2026"\r\n',
    );
  });

  it("prefixes formula-like cells with a single quote but keeps the empty placeholder a plain '-'", () => {
    const csv = disposalReportCsv([
      item({
        asset_type: 'Software',
        asset_name: '=SUM(A1)',
        serial_number: '+1',
        asset_tag: '-2',
        disposal_reason: 'Other',
        disposal_date: '2026-12-31',
        status: 'Completed',
        disposal_notes: '@cmd',
        created_at: '2026-12-31T12:00:00.000Z',
      }),
      item({
        asset_type: 'Other',
        asset_name: '\tTabbed',
        serial_number: '\rCR',
        asset_tag: '',
        disposal_date: '2026-01-09',
        disposal_notes: '',
        created_at: '2026-01-09T12:00:00.000Z',
      }),
      item({
        asset_name: '=HYPERLINK("http://x")',
        serial_number: 'A-1',
        asset_tag: '-',
        disposal_notes: '   ',
      }),
    ]);
    expect(csv).toBe(
      '\uFEFF' +
        HEADER +
        '\r\n' +
        `"Software","'=SUM(A1)","'+1","'-2","Other","31/12/2026","Completed","'@cmd","31/12/2026"\r\n` +
        `"Other","'\tTabbed","'\rCR","-","End of Life","09/01/2026","Pending","-","09/01/2026"\r\n` +
        `"Hardware","'=HYPERLINK(""http://x"")","A-1","-","End of Life","05/03/2026","Pending","-","05/03/2026"\r\n`,
    );
  });

  it('writes only the header for no items, and reads back as the same cells', () => {
    expect(disposalReportCsv([])).toBe(`\uFEFF${HEADER}\r\n`);
    const csv = disposalReportCsv([item({ asset_name: 'a "b", c\nd' })]);
    const parsed = Papa.parse<string[]>(csv.slice(1), { skipEmptyLines: true });
    expect(parsed.data[1]?.[1]).toBe('a "b", c\nd');
  });
});

describe('disposalReportFileName', () => {
  it("names the file with the viewer's local date", () => {
    expect(disposalReportFileName(new Date(2026, 2, 4, 23, 59))).toBe('disposal-report-2026-03-04.csv');
    expect(disposalReportFileName(new Date(2026, 11, 31, 0, 1))).toBe('disposal-report-2026-12-31.csv');
  });
});
