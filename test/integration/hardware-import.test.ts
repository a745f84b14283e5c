import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { PLAN_LIMIT_MESSAGES, TRIAL_ASSET_LIMIT } from '../../shared/billing';
import { IMPORT_MESSAGES } from '../../shared/hardware-import';
import type { ImportJob } from '../../shared/hardware-import-job';
import { api, baseUrl, organizationIdOf, signUpCompany, useFunctionEnv } from '../support/api';
import { auditLogs, createOk, dashboard, laptop, list } from '../support/hardware';
import { getImport, importCsv, importItemKeys, uploadCsv, waitForImport } from '../support/import';

/**
 * CSV import (POST /api/hardware/import and its job, issue 34): the file uploaded whole and checked
 * whole (the plan's limit for all of its rows), written by a job whose progress and row errors any
 * member reads, headings and dates as spreadsheets write them, the failed rows as a CSV.
 */
const laptops = (count: number, prefix: string) =>
  [
    'asset_type,manufacturer,model,serial_number',
    ...Array.from({ length: count }, (_, index) => `Laptop,Dell,Latitude,${prefix}-${index}`),
  ].join('\n');

describe('CSV import', () => {
  it('imports good rows, reports bad ones by row number, and adds nothing when the file comes again', async () => {
    const company = await signUpCompany();
    const csv = [
      'Type,Manufacturer,Model,Serial,Tag,Purchase Date,Assigned To,Operating System,RAM,Storage,Notes',
      'Laptop,"Dell, Inc.",Latitude 5440,IMP-1,T-1,2024-01-15,Ada,Windows 11,16 GB,1 TB,"said ""hello""\nthen left"',
      'Desktop,HP,EliteDesk,IMP-2,T-2,01/15/2024,,,,,',
      'Server,HP,ProLiant,IMP-3,T-3,,,,,,',
      'Server,HP,ProLiant,IMP-3,T-4,,,,,,',
    ].join('\r\n');
    const first = await importCsv(company, csv);
    expect(first).toMatchObject({ status: 'done', rows: 4, done: 4, success: 2, failed: 2 });
    expect(first.errors.map((error) => error.row)).toEqual([3, 5]);
    // A month of 15: not a British date, and not guessed to be an American one.
    expect(first.errors[0]!.message).toBe(
      'purchase_date: "01/15/2024" is not a date; write it as YYYY-MM-DD or DD/MM/YYYY',
    );
    expect(first.errors[1]!.message).toContain('also appears in row 4');

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
    expect(again).toMatchObject({ status: 'done', success: 0, failed: 4 });
    expect(again.errors.map((error) => error.row)).toEqual([2, 3, 4, 5]);
    expect(again.errors[0]!.message).toBe('A hardware asset with serial number IMP-1 already exists');
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
    expect(await importCsv(company, csv)).toMatchObject({ success: 0, failed: 1 });
    expect(await importCsv(other, csv)).toMatchObject({ success: 1, failed: 0 });
  });

  it('refuses files it cannot import as a whole, saying why, and keeps nothing of them', async () => {
    const company = await signUpCompany();
    const organizationId = await organizationIdOf(company);
    const missing = await uploadCsv(company, 'type,model\nLaptop,Latitude\n');
    expect(missing).toMatchObject({ status: 400, body: { error: { code: 'invalid_csv' } } });
    expect(missing.body).toMatchObject({ error: { message: expect.stringContaining('manufacturer') } });
    expect((await uploadCsv(company, '')).status).toBe(400);
    const json = await uploadCsv(company, '{"asset_type":"Laptop"}', { contentType: 'application/json' });
    expect(json).toMatchObject({ status: 400, body: { error: { code: 'not_csv' } } });

    // Every row bad: refused whole, its rows' errors in the answer.
    const noneGood = await uploadCsv(company, 'asset_type,manufacturer,model\nSpaceship,Acme,X\nLaptop,,\n');
    expect(noneGood).toMatchObject({
      status: 400,
      body: {
        error: {
          code: 'no_valid_rows',
          message: IMPORT_MESSAGES.noValidRows(2),
          details: { errors: [{ row: 2 }, { row: 3 }], ignored_columns: [] },
        },
      },
    });

    const header = 'asset_type,manufacturer,model,notes\n';
    const tooBig = header + `Laptop,Dell,Latitude,${'x'.repeat(1000)}\n`.repeat(5300);
    const refused = await uploadCsv(company, tooBig);
    expect(refused).toMatchObject({ status: 413, body: { error: { message: IMPORT_MESSAGES.tooLarge } } });
    expect((await dashboard(company)).total_hardware).toBe(0);
    expect(await importItemKeys(organizationId)).toEqual([]);
  });

  it('refuses a file that would pass the plan’s asset limit whole, before any row is written; one that fits imports every row', async () => {
    // The free trial holds 500 hardware assets.
    const company = await signUpCompany('Trial Importers Ltd');
    const organizationId = await organizationIdOf(company);
    expect(await importCsv(company, laptops(300, 'FIRST'))).toMatchObject({ success: 300, failed: 0 });
    const jobsBefore = await importItemKeys(organizationId);

    // 1,100 rows and a bad one: the 1,100 good rows are counted, not the bad one.
    const refused = await uploadCsv(company, `${laptops(1100, 'TOO-MANY')}\nLaptop,,\n`);
    expect(refused).toMatchObject({
      status: 409,
      body: {
        error: {
          code: 'plan_limit',
          message: PLAN_LIMIT_MESSAGES.importTooMany(null, TRIAL_ASSET_LIMIT, 300, 1100),
        },
      },
    });
    expect(refused.body).toMatchObject({
      error: { message: expect.stringContaining('Nothing was imported') },
    });
    expect((await dashboard(company)).total_hardware).toBe(300);
    expect(await importItemKeys(organizationId)).toEqual(jobsBefore);

    // Exactly the room left: every row.
    expect(await importCsv(company, laptops(200, 'FITS'))).toMatchObject({ success: 200, failed: 0 });
    expect((await dashboard(company)).total_hardware).toBe(TRIAL_ASSET_LIMIT);
    expect((await uploadCsv(company, laptops(1, 'ONE-MORE'))).status).toBe(409);
  });

  it('matches headings ignoring case, spaces, underscores and hyphens, reads spreadsheet dates, and names the columns it ignores', async () => {
    const company = await signUpCompany();
    const csv = [
      'ASSET_TYPE,manufacturer,Model,Serial Number,asset-tag,Purchase Date,Warranty Expiry,Assigned To,Operating System,Cost Centre,PO Number,,',
      'laptop,Lenovo,T14,SN-H1,TAG-H1,15/01/2025,2028-01-15 00:00:00,Ada,Windows 11,CC-1,PO-1,,',
      'Phone,Apple,iPhone,SN-H2,TAG-H2,2025-02-01T00:00:00,31.12.2027,,,CC-2,,,',
    ].join('\n');
    const job = await importCsv(company, csv);
    expect(job).toMatchObject({ success: 2, failed: 0, ignored_columns: ['Cost Centre', 'PO Number'] });
    const items = (await list(company)).body.items;
    expect(items.find((asset) => asset.serial_number === 'SN-H1')).toMatchObject({
      asset_type: 'Laptop',
      asset_tag: 'TAG-H1',
      purchase_date: '2025-01-15',
      warranty_expiry: '2028-01-15',
      assigned_to: 'Ada',
      os: 'Windows 11',
    });
    expect(items.find((asset) => asset.serial_number === 'SN-H2')).toMatchObject({
      purchase_date: '2025-02-01',
      warranty_expiry: '2027-12-31',
    });

    // "Asset Type" written as spreadsheets do: no more "Missing required column: asset_type".
    const spaced = await importCsv(company, 'Asset Type,Manufacturer,Model\nDesktop,HP,EliteDesk\n');
    expect(spaced).toMatchObject({ success: 1, ignored_columns: [] });
  });

  it('follows the job to the end, and offers its failed rows as they were in the file with their errors', async () => {
    const company = await signUpCompany();
    const rows = Array.from({ length: 450 }, (_, index) =>
      index === 420 ? 'Laptop,Dell,,,CC-9' : `Laptop,Dell,"Latitude, ${index}",JOB-${index},CC-${index}`,
    );
    const csv = [
      'asset_type,manufacturer,model,serial_number,Cost Centre',
      ...rows,
      'Tablet,Apple,iPad,JOB-3,',
    ].join('\r\n');
    const upload = await uploadCsv(company, csv, { fileName: 'Inventory 2025.csv' });
    expect(upload.status).toBe(202);
    expect(upload.body).toMatchObject({
      status: 'queued',
      file_name: 'Inventory 2025.csv',
      rows: 451,
      done: 0,
      success: 0,
      failed: 0,
      ignored_columns: ['Cost Centre'],
      errors: [],
      created_by: company.email,
      finished_at: null,
    });
    const seen: ImportJob[] = [];
    const job = await waitForImport(company, upload.body.id, { pollMs: 20, onProgress: (j) => seen.push(j) });
    expect(job).toMatchObject({
      status: 'done',
      rows: 451,
      done: 451,
      success: 449,
      failed: 2,
      message: null,
    });
    expect(job.finished_at).not.toBeNull();
    expect(job.errors).toEqual([
      { row: 422, message: 'manufacturer and model are required' },
      { row: 452, message: 'The serial number JOB-3 also appears in row 5' },
    ]);
    // Progress only moves forward, and errors come with the finished job.
    const done = seen.map((answer) => answer.done);
    expect(done).toEqual([...done].sort((a, b) => a - b));
    expect(
      seen.filter((answer) => answer.status !== 'done').every((answer) => answer.errors.length === 0),
    ).toBe(true);

    const download = await fetch(`${baseUrl()}/api/hardware/imports/${job.id}/failed-rows`, {
      headers: { authorization: `Bearer ${company.accessToken}` },
    });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(download.headers.get('content-disposition')).toBe(
      'attachment; filename="Inventory 2025-failed-rows.csv"',
    );
    const bytes = Buffer.from(await download.arrayBuffer());
    // A byte order mark first, for Excel (fetch's text() would drop it).
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const parsed = Papa.parse<string[]>(bytes.subarray(3).toString('utf8'), { skipEmptyLines: true }).data;
    expect(parsed).toEqual([
      ['asset_type', 'manufacturer', 'model', 'serial_number', 'Cost Centre', 'error'],
      ['Laptop', 'Dell', '', '', 'CC-9', 'manufacturer and model are required'],
      ['Tablet', 'Apple', 'iPad', 'JOB-3', '', 'The serial number JOB-3 also appears in row 5'],
    ]);
  });

  it('resumes a job whose run stopped before recording its progress, finding its rows written instead of writing them twice', async () => {
    const company = await signUpCompany();
    const organizationId = await organizationIdOf(company);
    const csv = `${laptops(450, 'RESUME')}\nLaptop,Dell,Latitude,RESUME-7\n`;
    const first = await importCsv(company, csv);
    expect(first).toMatchObject({ success: 450, failed: 1 });
    const auditBefore = (await auditLogs(company)).length;

    // As a run that wrote every row and died before recording a step: the job back at its start.
    useFunctionEnv();
    const { listAll, patch, remove, send } = await import('../../functions/lib/table/commands');
    const { importErrorParts, importJobs, importTextPartSchema } =
      await import('../../functions/lib/table/items/import-jobs');
    await send(
      patch(importJobs.key(organizationId, first.id), {
        set: { status: 'running', done: 0, success: 0, failed: 0, error_parts: 0 },
        remove: ['finished_at'],
      }),
    );
    for (const part of await listAll(importTextPartSchema, importErrorParts.ofJob(organizationId, first.id)))
      await send(remove(importErrorParts.key(organizationId, first.id, part.part)));
    // Lambda's retry of the event: the same job, a run of its own.
    const { runImportJob } = await import('../../functions/hardware/import-run');
    await runImportJob(organizationId, first.id, 'retried-run');

    const resumed = (await getImport(company, first.id)).body;
    expect(resumed).toMatchObject({ status: 'done', done: 451, success: 450, failed: 1 });
    expect(resumed.errors).toEqual([
      { row: 452, message: 'The serial number RESUME-7 also appears in row 9' },
    ]);
    expect((await dashboard(company)).total_hardware).toBe(450);
    // Nothing written again: no asset, no audit entry.
    expect((await auditLogs(company)).length).toBe(auditBefore);
  });

  it('shows a job to the members of its organisation only', async () => {
    const company = await signUpCompany();
    const outsider = await signUpCompany();
    const job = await importCsv(company, laptops(2, 'MINE'));
    const theirs = await getImport(outsider, job.id);
    expect(theirs).toMatchObject({ status: 404, body: { error: { code: 'not_found' } } });
    const rows = await api(`/api/hardware/imports/${job.id}/failed-rows`, { token: outsider.accessToken });
    expect(rows.status).toBe(404);
    expect((await getImport(company, 'not-a-ulid')).status).toBe(400);
    expect((await getImport(company, job.id)).body).toMatchObject({ success: 2 });
  });
});
