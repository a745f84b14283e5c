import { describe, expect, it } from 'vitest';
import { IMPORT_MESSAGES, type ImportResult } from '../../shared/hardware-import';
import { api, signUpCompany, type TestCompany } from '../support/api';
import { auditLogs, createOk, dashboard, laptop, list } from '../support/hardware';

/**
 * CSV import (POST /api/hardware/import): rows imported or refused by their number, duplicates, files
 * refused as a whole, and files sent in parts.
 */
describe('CSV import', () => {
  const importCsv = (company: TestCompany, csv: string, query = '', contentType = 'text/csv') =>
    api<ImportResult>(`/api/hardware/import${query}`, {
      method: 'POST',
      token: company.accessToken,
      rawBody: csv,
      headers: { 'content-type': contentType },
    });

  it('imports good rows, reports bad ones by row number, and adds nothing when the file comes again', async () => {
    const company = await signUpCompany();
    const csv = [
      'Type,Manufacturer,Model,Serial,Tag,Purchase Date,Assigned To,Operating System,RAM,Storage,Notes',
      'Laptop,"Dell, Inc.",Latitude 5440,IMP-1,T-1,2024-01-15,Ada,Windows 11,16 GB,1 TB,"said ""hello""\nthen left"',
      'Desktop,HP,EliteDesk,IMP-2,T-2,15/01/2024,,,,,',
      'Server,HP,ProLiant,IMP-3,T-3,,,,,,',
      'Server,HP,ProLiant,IMP-3,T-4,,,,,,',
    ].join('\r\n');
    const first = await importCsv(company, csv);
    expect(first.status).toBe(200);
    expect(first.body.success).toBe(2);
    expect(first.body.failed).toBe(2);
    expect(first.body.errors.map((error) => error.row)).toEqual([3, 5]);
    expect(first.body.errors[0]!.message).toContain('YYYY-MM-DD');
    expect(first.body.errors[1]!.message).toContain('also appears in row 4');

    const items = (await list(company)).body.items;
    expect(items.map((asset) => asset.serial_number)).toEqual(['IMP-3', 'IMP-1']);
    expect(items[1]).toMatchObject({
      manufacturer: 'Dell, Inc.',
      notes: 'said "hello"\nthen left',
      os: 'Windows 11',
      ram_gb: 16,
      storage_gb: 1024,
      status: 'Active',
      purchase_date: '2024-01-15',
    });

    const again = await importCsv(company, csv);
    expect(again.body.success).toBe(0);
    expect(again.body.errors.map((error) => error.row)).toEqual([2, 3, 4, 5]);
    expect(again.body.errors[0]!.message).toBe('A hardware asset with serial number IMP-1 already exists');
    expect((await dashboard(company)).total_hardware).toBe(2);

    // Each batch is one transaction with one audit entry naming what it created.
    const [entry] = await auditLogs(company);
    expect(entry).toMatchObject({
      action: 'created',
      entity_id: null,
      changed_by: company.email,
      entity_label: 'Imported 2 hardware assets from CSV (rows 2–4)',
      changes: { assets: { old: null, new: ['Dell, Inc. Latitude 5440 (IMP-1)', 'HP ProLiant (IMP-3)'] } },
    });
  });

  it('checks duplicates within the organisation only', async () => {
    const company = await signUpCompany();
    const other = await signUpCompany();
    await createOk(company, { ...laptop, asset_tag: 'SHARED-TAG' });
    const csv = 'asset_type,manufacturer,model,asset_tag\nLaptop,Dell,Latitude,shared-tag\n';
    expect((await importCsv(company, csv)).body).toMatchObject({ success: 0, failed: 1 });
    expect((await importCsv(other, csv)).body).toMatchObject({ success: 1, failed: 0 });
  });

  it('refuses files it cannot import as a whole, with a message that says why', async () => {
    const company = await signUpCompany();
    const missing = await importCsv(company, 'type,model\nLaptop,Latitude\n');
    expect(missing).toMatchObject({ status: 400, body: { error: { code: 'invalid_csv' } } });
    expect(missing.body).toMatchObject({ error: { message: expect.stringContaining('manufacturer') } });
    expect((await importCsv(company, '')).status).toBe(400);
    const json = await importCsv(company, '{"asset_type":"Laptop"}', '', 'application/json');
    expect(json).toMatchObject({ status: 400, body: { error: { code: 'not_csv' } } });

    const header = 'asset_type,manufacturer,model,notes\n';
    const tooBig = header + `Laptop,Dell,Latitude,${'x'.repeat(1000)}\n`.repeat(5300);
    const refused = await importCsv(company, tooBig);
    expect(refused).toMatchObject({ status: 413, body: { error: { message: IMPORT_MESSAGES.tooLarge } } });
    expect((await dashboard(company)).total_hardware).toBe(0);
  });

  it('numbers rows from first_row when the web app sends a file in parts', async () => {
    const company = await signUpCompany();
    const result = await importCsv(
      company,
      'asset_type,manufacturer,model\nLaptop,Dell,\n',
      '?first_row=1002',
    );
    expect(result.body).toEqual({
      success: 0,
      failed: 1,
      errors: [{ row: 1002, message: 'manufacturer and model are required' }],
    });
  });
});
