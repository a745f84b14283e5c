import { describe, expect, it } from 'vitest';
import { ImportFileError, importTemplateCsv, parseGigabytes, parseHardwareCsv } from './hardware-import';

describe('parseGigabytes', () => {
  it.each([
    ['16', 16],
    ['16 GB', 16],
    ['16gb', 16],
    ['1 TB', 1024],
    ['1.5TB', 1536],
    ['512 MB', 0.5],
    ['2,5 GB', 2.5],
    ['', 0],
    ['sixteen', 0],
    ['16 parsecs', 0],
  ])('reads %j as %d GB', (text, gigabytes) => {
    expect(parseGigabytes(text)).toBe(gigabytes);
  });
});

describe('parseHardwareCsv', () => {
  it('reads quoted fields with commas, quotes and line breaks, and ignores a BOM', () => {
    const csv =
      '\uFEFFAsset_Type,Manufacturer,Model,Notes\r\n' +
      'Laptop,"Dell, Inc.","Latitude ""Pro"" 5440","line one\nline two"\r\n';
    const { rows, errors } = parseHardwareCsv(csv);
    expect(errors).toEqual([]);
    expect(rows).toEqual([
      {
        row: 2,
        asset: expect.objectContaining({
          asset_type: 'Laptop',
          manufacturer: 'Dell, Inc.',
          model: 'Latitude "Pro" 5440',
          notes: 'line one\nline two',
          status: 'Active',
        }),
      },
    ]);
  });

  it('accepts the spec’s aliases and turns sizes into GB, keeping the OS as text', () => {
    const csv =
      'type,manufacturer,model,serial,tag,purchase date,warranty expiry,assigned to,operating system,ram,storage\n' +
      'laptop,Lenovo,T14,SN-9,TAG-9,2024-01-31,2027-01-31,Ada Lovelace,Windows 11 Pro,32 GB,1 TB\n';
    const [row] = parseHardwareCsv(csv).rows;
    expect(row!.asset).toMatchObject({
      asset_type: 'Laptop',
      serial_number: 'SN-9',
      asset_tag: 'TAG-9',
      purchase_date: '2024-01-31',
      warranty_expiry: '2027-01-31',
      assigned_to: 'Ada Lovelace',
      os: 'Windows 11 Pro',
      ram_gb: 32,
      storage_gb: 1024,
    });
  });

  it('reports bad rows with their row number, counting the header as row 1', () => {
    const csv = [
      'asset_type,manufacturer,model,purchase_date,status',
      'Laptop,Dell,Latitude,2024-13-01,',
      'Spaceship,Dell,Latitude,,',
      'Laptop,,Latitude,,',
      'Laptop,Dell,Latitude,,Disposed',
      'Laptop,Dell,Latitude,31/01/2024,Active',
      'Desktop,HP,EliteDesk,2024-02-29,in storage',
      ',Dell,Latitude,,',
      'Laptop,Dell,Latitude,,Misplaced',
    ].join('\n');
    const { rows, errors } = parseHardwareCsv(csv, 2);
    expect(rows.map((row) => [row.row, row.asset.status])).toEqual([[7, 'In Storage']]);
    expect(errors.map((error) => error.row)).toEqual([2, 3, 4, 5, 6, 8, 9]);
    expect(errors[0]!.message).toContain('purchase_date: Must be a date as YYYY-MM-DD');
    expect(errors[1]!.message).toContain('Asset type must be one of');
    expect(errors[2]!.message).toBe('manufacturer and model are required');
    expect(errors[3]!.message).toContain('Disposal reason is required');
    // A missing asset type is required, not a wrong value (SPEC 5); a wrong status names the values.
    expect(errors[5]!.message).toBe('Asset type is required');
    expect(errors[6]!.message).toMatch(/^Status must be one of: Active, /);
  });

  it('numbers the rows of a part of a file from its first row', () => {
    const { errors } = parseHardwareCsv('asset_type,manufacturer,model\nLaptop,Dell,\n', 1002);
    expect(errors).toEqual([{ row: 1002, message: 'manufacturer and model are required' }]);
  });

  it('refuses a file without its required columns or rows', () => {
    expect(() => parseHardwareCsv('type,manufacturer\nLaptop,Dell\n')).toThrow(
      'Missing required column: model',
    );
    expect(() => parseHardwareCsv('')).toThrow(ImportFileError);
    expect(() => parseHardwareCsv('asset_type,manufacturer,model\n\n')).toThrow('no assets');
  });

  it('offers a template that imports cleanly', () => {
    const template = importTemplateCsv();
    expect(template.split('\r\n').filter(Boolean)).toHaveLength(2);
    const { rows, errors } = parseHardwareCsv(template);
    expect(errors).toEqual([]);
    expect(rows).toHaveLength(1);
  });
});
