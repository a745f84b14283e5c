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
      'Laptop,Dell,Latitude,31/02/2024,Active',
      'Desktop,HP,EliteDesk,2024-02-29,in storage',
      ',Dell,Latitude,,',
      'Laptop,Dell,Latitude,,Misplaced',
    ].join('\n');
    const { rows, errors, totalRows } = parseHardwareCsv(csv);
    expect(totalRows).toBe(8);
    expect(rows.map((row) => [row.row, row.asset.status])).toEqual([[7, 'In Storage']]);
    expect(errors.map((error) => error.row)).toEqual([2, 3, 4, 5, 6, 8, 9]);
    expect(errors[0]!.message).toBe(
      'purchase_date: "2024-13-01" is not a date; write it as YYYY-MM-DD or DD/MM/YYYY',
    );
    expect(errors[4]!.message).toBe(
      'purchase_date: "31/02/2024" is not a date; write it as YYYY-MM-DD or DD/MM/YYYY',
    );
    expect(errors[1]!.message).toContain('Asset type must be one of');
    expect(errors[2]!.message).toBe('manufacturer and model are required');
    expect(errors[3]!.message).toContain('Disposal reason is required');
    // A missing asset type is required, not a wrong value (SPEC 5); a wrong status names the values.
    expect(errors[5]!.message).toBe('Asset type is required');
    expect(errors[6]!.message).toMatch(/^Status must be one of: Active, /);
  });

  it('reports a row it cannot read as CSV by its number, and reads the rows after it', () => {
    // A stray quote after a quoted field is malformed: that row is an error, not a guess.
    const { rows, errors } = parseHardwareCsv(
      ['asset_type,manufacturer,model', 'Laptop,Dell,A', 'Laptop,Dell,"C"x', 'Laptop,Dell,D'].join('\n'),
    );
    expect(errors).toEqual([
      { row: 3, message: 'The row could not be read as CSV: Trailing quote on quoted field is malformed' },
    ]);
    expect(rows.map((row) => row.row)).toEqual([2]);
  });

  it.each(['Asset Type', 'asset type', 'ASSET_TYPE', 'Asset-Type', ' asset_type ', 'Type'])(
    'finds asset_type under the heading %j',
    (heading) => {
      const { rows } = parseHardwareCsv(`${heading},Manufacturer,Model\nLaptop,Dell,X1\n`);
      expect(rows[0]!.asset.asset_type).toBe('Laptop');
    },
  );

  it('matches spreadsheet headings of every column, the spec’s aliases among them', () => {
    const csv =
      'Asset Type,Manufacturer,Model,Serial Number,Asset Tag,Purchase Date,Warranty Expiry,Status,Location,Assigned To,CPU,RAM (GB),Storage GB,Operating System,Notes\n' +
      'Laptop,Dell,X1,SN-1,T-1,2024-01-31,2027-01-31,In Storage,Leeds,Ada,i7,16,512,Windows 11,spare\n';
    const { rows, ignoredColumns } = parseHardwareCsv(csv);
    expect(ignoredColumns).toEqual([]);
    expect(rows[0]!.asset).toMatchObject({
      serial_number: 'SN-1',
      asset_tag: 'T-1',
      warranty_expiry: '2027-01-31',
      status: 'In Storage',
      location: 'Leeds',
      assigned_to: 'Ada',
      cpu: 'i7',
      ram_gb: 16,
      storage_gb: 512,
      os: 'Windows 11',
      notes: 'spare',
    });
  });

  it('names the columns it ignores: unknown headings, a second column for a field, an unnamed column that holds values', () => {
    const csv =
      'asset_type,manufacturer,model,Cost Centre,PO Number,Type,,\n' +
      'Laptop,Dell,X1,CC-1,PO-1,Desktop,,\n' +
      'Laptop,Dell,X2,,,,,filled\n';
    const { rows, ignoredColumns } = parseHardwareCsv(csv);
    expect(ignoredColumns).toEqual(['Cost Centre', 'PO Number', 'Type', 'Column 8 (no heading)']);
    // The first column for a field is the one read.
    expect(rows[0]!.asset.asset_type).toBe('Laptop');
  });

  it('reads dates as spreadsheets export them, and names the field and the forms when one is not a date', () => {
    const csv = [
      'asset_type,manufacturer,model,purchase_date,warranty_expiry',
      'Laptop,Dell,A,15/01/2025,2025-01-15 00:00:00',
      'Laptop,Dell,B,2025-01-15T00:00:00,1/2/2026',
      'Laptop,Dell,C,01/15/2025,15/01/25',
    ].join('\n');
    const { rows, errors } = parseHardwareCsv(csv);
    expect(rows.map((row) => [row.asset.purchase_date, row.asset.warranty_expiry])).toEqual([
      ['2025-01-15', '2025-01-15'],
      ['2025-01-15', '2026-02-01'],
    ]);
    expect(errors).toEqual([
      {
        row: 4,
        message:
          'purchase_date: "01/15/2025" is not a date; write it as YYYY-MM-DD or DD/MM/YYYY; warranty_expiry: "15/01/25" is not a date; write it as YYYY-MM-DD or DD/MM/YYYY',
      },
    ]);
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
