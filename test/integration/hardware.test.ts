import { describe, expect, it } from 'vitest';
import type { DashboardResponse, MeResponse } from '../../shared/api';
import type { AuditLogListResponse } from '../../shared/audit';
import type { HardwareAsset, HardwareListResponse } from '../../shared/hardware';
import { IMPORT_MESSAGES, type ImportResult } from '../../shared/hardware-import';
import {
  api,
  setSubscription,
  signUpCompany,
  signUpUnlimitedCompany,
  useFunctionEnv,
  type TestCompany,
} from '../support/api';

const laptop = {
  asset_type: 'Laptop',
  manufacturer: 'Dell',
  model: 'Latitude 5440',
  status: 'Active',
};

async function create(company: TestCompany, body: Record<string, unknown>) {
  return api<HardwareAsset>('/api/hardware', { method: 'POST', token: company.accessToken, body });
}

async function createOk(
  company: TestCompany,
  body: Record<string, unknown> = laptop,
): Promise<HardwareAsset> {
  const response = await create(company, body);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

async function list(company: TestCompany, query = '') {
  return api<HardwareListResponse>(`/api/hardware${query}`, { token: company.accessToken });
}

async function dashboard(company: TestCompany): Promise<DashboardResponse> {
  return (await api<DashboardResponse>('/api/dashboard', { token: company.accessToken })).body;
}

async function auditLogs(company: TestCompany) {
  return (await api<AuditLogListResponse>('/api/audit-logs', { token: company.accessToken })).body.items;
}

describe('hardware assets', () => {
  it('creates, reads, updates and deletes an asset, applying the form rules', async () => {
    const company = await signUpCompany();
    const created = await createOk(company, {
      ...laptop,
      serial_number: '  SN-1  ',
      purchase_date: '',
      ram_gb: 'lots',
      storage_gb: '512',
      notes: '',
    });
    expect(created).toMatchObject({
      serial_number: 'SN-1',
      purchase_date: null,
      ram_gb: 0,
      storage_gb: 512,
      notes: null,
      version: 1,
    });

    const read = await api<HardwareAsset>(`/api/hardware/${created.id}`, { token: company.accessToken });
    expect(read).toEqual({ status: 200, body: created });

    const updated = await api<HardwareAsset>(`/api/hardware/${created.id}`, {
      method: 'PUT',
      token: company.accessToken,
      body: { ...laptop, serial_number: 'SN-1', status: 'Disposed', disposal_reason: 'Recycled', version: 1 },
    });
    expect(updated.status).toBe(200);
    // A disposal status fills the disposal date with today when it is empty.
    expect(updated.body).toMatchObject({
      status: 'Disposed',
      disposal_reason: 'Recycled',
      disposal_date: new Date().toISOString().slice(0, 10),
      version: 2,
    });

    const removed = await api(`/api/hardware/${created.id}`, {
      method: 'DELETE',
      token: company.accessToken,
    });
    expect(removed.status).toBe(204);
    const gone = await api(`/api/hardware/${created.id}`, { token: company.accessToken });
    expect(gone).toMatchObject({ status: 404, body: { error: { message: 'Hardware asset not found' } } });
  });

  it('refuses invalid input with a clear message and saves nothing', async () => {
    const company = await signUpCompany();
    const cases: [Record<string, unknown>, string][] = [
      [{ ...laptop, asset_type: 'Toaster' }, 'Asset type must be one of'],
      [{ ...laptop, status: 'Lost' }, 'Status must be one of'],
      [{ ...laptop, status: 'Disposal Pending' }, 'Disposal reason is required'],
      [{ ...laptop, ram_gb: -4 }, 'RAM must be 0 or more'],
      [{ ...laptop, purchase_date: '2024-02-30' }, 'YYYY-MM-DD'],
      [{ ...laptop, warranty_expiry: '12/01/2025' }, 'YYYY-MM-DD'],
    ];
    for (const [body, message] of cases) {
      const response = await create(company, body);
      expect(response.status, message).toBe(400);
      expect(JSON.stringify(response.body)).toContain(message);
    }
    expect((await list(company)).body.items).toEqual([]);
    expect(await auditLogs(company)).toEqual([]);
  });

  it('answers a missing asset type or status with "… is required" at the field (SPEC 5)', async () => {
    const company = await signUpCompany();
    const rest = { manufacturer: laptop.manufacturer, model: laptop.model };
    const cases: [Record<string, unknown>, { path: string; message: string }[]][] = [
      [{ ...rest, status: 'Active' }, [{ path: 'asset_type', message: 'Asset type is required' }]],
      [
        { ...rest, asset_type: '', status: 'Active' },
        [{ path: 'asset_type', message: 'Asset type is required' }],
      ],
      [{ ...rest, asset_type: 'Laptop' }, [{ path: 'status', message: 'Status is required' }]],
      [
        rest,
        [
          { path: 'asset_type', message: 'Asset type is required' },
          { path: 'status', message: 'Status is required' },
        ],
      ],
    ];
    for (const [body, details] of cases) {
      const response = await create(company, body);
      expect(response, JSON.stringify(body)).toMatchObject({
        status: 400,
        body: { error: { code: 'invalid_input', message: details[0]!.message, details } },
      });
    }
    expect((await list(company)).body.items).toEqual([]);
  });

  it('refuses an edit based on a stale version with 409 and keeps the newer edit', async () => {
    const company = await signUpCompany();
    const asset = await createOk(company);
    const first = await api<HardwareAsset>(`/api/hardware/${asset.id}`, {
      method: 'PUT',
      token: company.accessToken,
      body: { ...laptop, location: 'Leeds', version: 1 },
    });
    expect(first.status).toBe(200);
    const stale = await api(`/api/hardware/${asset.id}`, {
      method: 'PUT',
      token: company.accessToken,
      body: { ...laptop, location: 'York', version: 1 },
    });
    expect(stale).toMatchObject({ status: 409, body: { error: { code: 'stale_version' } } });
    const read = await api<HardwareAsset>(`/api/hardware/${asset.id}`, { token: company.accessToken });
    expect(read.body).toMatchObject({ location: 'Leeds', version: 2 });
    expect((await auditLogs(company)).filter((entry) => entry.action === 'updated')).toHaveLength(1);
  });

  it('keeps serial numbers and asset tags unique in an organisation, not across organisations', async () => {
    const company = await signUpCompany();
    const other = await signUpCompany();
    const first = await createOk(company, { ...laptop, serial_number: 'SN-U', asset_tag: 'TAG-U' });
    const sameSerial = await create(company, { ...laptop, serial_number: 'sn-u' });
    expect(sameSerial).toMatchObject({ status: 409, body: { error: { code: 'duplicate_serial_number' } } });
    const sameTag = await create(company, { ...laptop, asset_tag: 'TAG-U' });
    expect(sameTag).toMatchObject({ status: 409, body: { error: { code: 'duplicate_asset_tag' } } });
    await createOk(other, { ...laptop, serial_number: 'SN-U', asset_tag: 'TAG-U' });

    // Changing the serial releases the old one.
    const edited = await api(`/api/hardware/${first.id}`, {
      method: 'PUT',
      token: company.accessToken,
      body: { ...laptop, serial_number: 'SN-V', asset_tag: 'TAG-U', version: 1 },
    });
    expect(edited.status).toBe(200);
    await createOk(company, { ...laptop, serial_number: 'SN-U' });
    expect((await dashboard(company)).total_hardware).toBe(2);
  });

  it('lists newest first, a page at a time, with search and a status filter', async () => {
    const company = await signUpCompany();
    const made: HardwareAsset[] = [];
    for (let index = 0; index < 7; index++) {
      made.push(
        await createOk(company, {
          ...laptop,
          model: `Model ${index}`,
          serial_number: `SER-${index}`,
          asset_tag: `TAG-${index}`,
          assigned_to: index === 3 ? 'Grace Hopper' : 'Someone Else',
          location: index === 5 ? 'Basement Lab' : 'Head office',
          status: index % 2 === 0 ? 'Active' : 'In Repair',
        }),
      );
    }
    const newestFirst = made.map((asset) => asset.id).reverse();

    const first = await list(company, '?limit=3');
    expect(first.body.items.map((asset) => asset.id)).toEqual(newestFirst.slice(0, 3));
    expect(first.body.next_cursor).toEqual(expect.any(String));
    expect(first.body).toMatchObject({ total: 7, total_exact: true });
    const second = await list(company, `?limit=3&cursor=${encodeURIComponent(first.body.next_cursor!)}`);
    expect(second.body.items.map((asset) => asset.id)).toEqual(newestFirst.slice(3, 6));
    expect(second.body).toMatchObject({ total: 7, total_exact: true });
    // The last page says it is the last, rather than offering an empty one after it.
    const third = await list(company, `?limit=3&cursor=${encodeURIComponent(second.body.next_cursor!)}`);
    expect(third.body).toMatchObject({ next_cursor: null, total: 7 });
    expect(third.body.items.map((asset) => asset.id)).toEqual(newestFirst.slice(6));
    expect((await list(company, '?limit=7')).body.next_cursor).toBeNull();

    const search = async (q: string) =>
      (await list(company, `?q=${encodeURIComponent(q)}`)).body.items.map((asset) => asset.model);
    expect(await search('grace')).toEqual(['Model 3']);
    expect(await search('BASEMENT')).toEqual(['Model 5']);
    expect(await search('tag-6')).toEqual(['Model 6']);
    expect(await search('ser-4')).toEqual(['Model 4']);
    expect(await search('model 1')).toEqual(['Model 1']);
    expect(await search('nothing like it')).toEqual([]);

    const repairs = await list(company, '?status=In%20Repair');
    expect(repairs.body.items.map((asset) => asset.model)).toEqual(['Model 5', 'Model 3', 'Model 1']);
    expect(repairs.body).toMatchObject({ total: 3, total_exact: true });
    const activeSearch = await list(company, '?status=Active&q=model&limit=2');
    expect(activeSearch.body.items.map((asset) => asset.model)).toEqual(['Model 6', 'Model 4']);
    // The search's one read covered the whole list: every match counted, not only the page's.
    expect(activeSearch.body).toMatchObject({ total: 4, total_exact: true });
    expect((await list(company, '?q=head%20office')).body).toMatchObject({ total: 6, total_exact: true });
    const activeRest = await list(
      company,
      `?status=Active&q=model&limit=2&cursor=${encodeURIComponent(activeSearch.body.next_cursor!)}`,
    );
    expect(activeRest.body.items.map((asset) => asset.model)).toEqual(['Model 2', 'Model 0']);

    expect((await list(company, '?status=Broken')).status).toBe(400);
    expect((await list(company, '?limit=1000')).status).toBe(400);
    expect((await list(company, '?cursor=garbage')).status).toBe(400);
  });

  it('counts a search past its bounded read as a lower bound, and pages on to every match', async () => {
    const company = await signUpUnlimitedCompany();
    // 600 assets, the newest 30 of them needles: more than one search read (500 items) holds.
    const rows = Array.from({ length: 600 }, (_, index) =>
      index < 570 ? `Laptop,Dell,Filler ${index}` : `Phone,Apple,Needle ${index - 570}`,
    );
    const imported = await api('/api/hardware/import', {
      method: 'POST',
      token: company.accessToken,
      rawBody: `asset_type,manufacturer,model\n${rows.join('\n')}`,
      headers: { 'content-type': 'text/csv' },
    });
    expect(imported.body).toMatchObject({ success: 600, failed: 0 });

    expect((await list(company)).body).toMatchObject({ total: 600, total_exact: true });
    const first = (await list(company, '?q=needle')).body;
    expect(first.items).toHaveLength(24);
    // Its read saw all 30 needles but not the end of the list: at least 30.
    expect(first).toMatchObject({ total: 30, total_exact: false });
    const rest = (await list(company, `?q=needle&cursor=${encodeURIComponent(first.next_cursor!)}`)).body;
    expect(rest.items.map((asset) => asset.model)).toEqual(
      Array.from({ length: 6 }, (_, index) => `Needle ${5 - index}`),
    );
    expect(rest).toMatchObject({ next_cursor: null, total: 6, total_exact: false });
  });

  it('changes the status of the selected assets in one go, or of none', async () => {
    const company = await signUpCompany();
    const other = await signUpCompany();
    const [a, b, c] = [await createOk(company), await createOk(company), await createOk(company)];
    const foreign = await createOk(other);

    const bulk = (body: unknown, token = company.accessToken) =>
      api('/api/hardware/bulk-status', { method: 'POST', token, body });

    const noReason = await bulk({ ids: [a.id, b.id], status: 'Disposed' });
    expect(noReason.status).toBe(400);
    // One asset of another organisation makes the whole change a 404: nothing moves.
    const mixed = await bulk({ ids: [a.id, foreign.id], status: 'Retired' });
    expect(mixed.status).toBe(404);
    expect((await dashboard(company)).active_hardware).toBe(3);

    const ok = await bulk({ ids: [a.id, b.id], status: 'In Storage' });
    expect(ok).toEqual({ status: 200, body: { updated: 2 } });
    const counts = await dashboard(company);
    expect(counts).toMatchObject({ total_hardware: 3, active_hardware: 1 });
    expect(counts.hardware_by_status).toMatchObject({ Active: 1, 'In Storage': 2 });
    const entries = await auditLogs(company);
    expect(entries.filter((entry) => entry.action === 'updated')).toHaveLength(2);
    expect(entries[0]!.changes).toMatchObject({ status: { old: 'Active', new: 'In Storage' } });

    const disposed = await bulk({ ids: [c.id], status: 'Disposal Pending', disposal_reason: 'Sold' });
    expect(disposed.status).toBe(200);
    const read = await api<HardwareAsset>(`/api/hardware/${c.id}`, { token: company.accessToken });
    expect(read.body).toMatchObject({ status: 'Disposal Pending', disposal_reason: 'Sold', version: 2 });
    expect(read.body.disposal_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    const tooMany = await bulk({ ids: Array.from({ length: 25 }, () => a.id), status: 'Active' });
    expect(tooMany.status).toBe(400);
  });

  it('needs an active subscription to change the inventory, while the audit trail stays readable', async () => {
    const company = await signUpCompany();
    const asset = await createOk(company);
    const me = (await api<MeResponse>('/api/me', { token: company.accessToken })).body;
    await setSubscription(me.organization.id, { trial_end_date: '2020-01-01T00:00:00.000Z' });

    expect((await create(company, laptop)).status).toBe(402);
    const bulk = await api('/api/hardware/bulk-status', {
      method: 'POST',
      token: company.accessToken,
      body: { ids: [asset.id], status: 'Retired' },
    });
    expect(bulk.status).toBe(402);
    expect(
      (await api(`/api/hardware/${asset.id}`, { method: 'DELETE', token: company.accessToken })).status,
    ).toBe(402);
    expect((await auditLogs(company)).map((entry) => entry.entity_id)).toEqual([asset.id]);
  });

  it('keeps each organisation’s assets out of reach of every other organisation', async () => {
    const owner = await signUpCompany('Owner Ltd');
    const intruder = await signUpCompany('Intruder Ltd');
    const asset = await createOk(owner, { ...laptop, serial_number: 'SECRET-1' });
    const path = `/api/hardware/${asset.id}`;

    expect((await api(path, { token: intruder.accessToken })).status).toBe(404);
    const put = await api(path, {
      method: 'PUT',
      token: intruder.accessToken,
      body: { ...laptop, version: 1 },
    });
    expect(put.status).toBe(404);
    expect((await api(path, { method: 'DELETE', token: intruder.accessToken })).status).toBe(404);
    const bulk = await api('/api/hardware/bulk-status', {
      method: 'POST',
      token: intruder.accessToken,
      body: { ids: [asset.id], status: 'Retired' },
    });
    expect(bulk.status).toBe(404);
    expect((await list(intruder, '?q=secret')).body.items).toEqual([]);
    expect(await auditLogs(intruder)).toEqual([]);
    // A cursor from the owner's list is no way into it either.
    await createOk(owner);
    const ownerPage = await list(owner, '?limit=1');
    const crossed = await list(intruder, `?cursor=${encodeURIComponent(ownerPage.body.next_cursor!)}`);
    expect(crossed).toMatchObject({ status: 400, body: { error: { code: 'invalid_cursor' } } });

    const read = await api<HardwareAsset>(path, { token: owner.accessToken });
    expect(read.body).toMatchObject({ status: 'Active', version: 1 });
  });
});

describe('the audit trail', () => {
  it('records who created, updated and deleted what, newest first, with the fields that changed', async () => {
    const company = await signUpCompany();
    const asset = await createOk(company, { ...laptop, serial_number: 'AUD-1', ram_gb: 16 });
    await api(`/api/hardware/${asset.id}`, {
      method: 'PUT',
      token: company.accessToken,
      body: { ...laptop, serial_number: 'AUD-1', ram_gb: 32, status: 'Retired', version: 1 },
    });
    await api(`/api/hardware/${asset.id}`, { method: 'DELETE', token: company.accessToken });

    const [deleted, updated, created] = await auditLogs(company);
    const common = { entity_type: 'hardware_asset', entity_id: asset.id, changed_by: company.email };
    expect(created).toMatchObject({
      ...common,
      action: 'created',
      entity_label: 'Dell Latitude 5440 (AUD-1)',
      changes: { asset_type: { old: null, new: 'Laptop' }, ram_gb: { old: null, new: 16 } },
    });
    expect(updated).toMatchObject({ ...common, action: 'updated' });
    expect(updated!.changes).toEqual({
      status: { old: 'Active', new: 'Retired' },
      ram_gb: { old: 16, new: 32 },
    });
    expect(deleted).toMatchObject({
      ...common,
      action: 'deleted',
      changes: { serial_number: { old: 'AUD-1', new: null } },
    });
    expect(Date.parse(deleted!.timestamp)).toBeGreaterThanOrEqual(Date.parse(created!.timestamp));
  });

  it('writes no entry when the change fails, and no change when the entry cannot be written', async () => {
    const company = await signUpCompany();
    await createOk(company, { ...laptop, serial_number: 'ATOM-1' });
    const before = await auditLogs(company);
    expect((await create(company, { ...laptop, serial_number: 'ATOM-1' })).status).toBe(409);
    expect(await auditLogs(company)).toEqual(before);

    // An audit entry DynamoDB refuses (over its 400 KB item limit) takes the asset down with it.
    useFunctionEnv();
    const { createHardwareAsset } = await import('../../functions/lib/table/hardware');
    const me = (await api<MeResponse>('/api/me', { token: company.accessToken })).body;
    const hugeActor = { email: `${'x'.repeat(420_000)}@example.test` };
    await expect(
      createHardwareAsset(
        me.organization.id,
        {
          ...(await import('../../shared/hardware')).hardwareAssetInputSchema.parse({
            ...laptop,
            serial_number: 'ATOM-2',
          }),
        },
        hugeActor,
        new Date(),
      ),
    ).rejects.toThrow();
    expect((await list(company)).body.items.map((asset) => asset.serial_number)).toEqual(['ATOM-1']);
    expect((await dashboard(company)).total_hardware).toBe(1);
    expect(await auditLogs(company)).toEqual(before);
    // The serial number it would have claimed is still free.
    await createOk(company, { ...laptop, serial_number: 'ATOM-2' });
  });

  it('returns the latest 100 entries, newest first, then the older ones from its cursor', async () => {
    const company = await signUpCompany();
    const rows = Array.from({ length: 48 }, (_, index) => `Laptop,Dell,Model ${index}`).join('\n');
    // One entry for the import batch, one per asset for each of four bulk changes (96), then four more.
    const imported = await api('/api/hardware/import', {
      method: 'POST',
      token: company.accessToken,
      rawBody: `asset_type,manufacturer,model\n${rows}`,
      headers: { 'content-type': 'text/csv' },
    });
    expect(imported.body).toMatchObject({ success: 48, failed: 0 });
    const ids = (await list(company, '?limit=48')).body.items.map((asset) => asset.id);
    for (const status of ['Retired', 'In Storage']) {
      for (const half of [ids.slice(0, 24), ids.slice(24)]) {
        const bulk = await api('/api/hardware/bulk-status', {
          method: 'POST',
          token: company.accessToken,
          body: { ids: half, status },
        });
        expect(bulk.body).toEqual({ updated: 24 });
      }
    }
    const latest = [
      await createOk(company),
      await createOk(company),
      await createOk(company),
      await createOk(company),
    ].reverse();

    const page = (await api<AuditLogListResponse>('/api/audit-logs', { token: company.accessToken })).body;
    const entries = page.items;
    expect(entries).toHaveLength(100);
    expect(entries.slice(0, 4).map((entry) => entry.entity_id)).toEqual(latest.map((asset) => asset.id));
    expect(entries.some((entry) => entry.entity_label.startsWith('Imported'))).toBe(false);

    // The 101st, the oldest: the import's entry, and nothing after it.
    const older = await api<AuditLogListResponse>(
      `/api/audit-logs?cursor=${encodeURIComponent(page.next_cursor!)}`,
      { token: company.accessToken },
    );
    expect(older.status).toBe(200);
    expect(older.body.next_cursor).toBeNull();
    expect(older.body.items.map((entry) => entry.entity_label)).toEqual([
      'Imported 48 hardware assets from CSV (rows 2–49)',
    ]);
    const few = await api<AuditLogListResponse>('/api/audit-logs?limit=2', { token: company.accessToken });
    expect(few.body.items.map((entry) => entry.id)).toEqual(entries.slice(0, 2).map((entry) => entry.id));
    expect((await api('/api/audit-logs?cursor=garbage', { token: company.accessToken })).status).toBe(400);
    expect((await api('/api/audit-logs?limit=101', { token: company.accessToken })).status).toBe(400);
  });
});

describe('the dashboard', () => {
  it('counts hardware by status and type from counters, and lists warranties ending within 90 days', async () => {
    const company = await signUpCompany();
    const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    await createOk(company, { ...laptop, warranty_expiry: inDays(30), serial_number: 'W-30' });
    await createOk(company, { ...laptop, warranty_expiry: inDays(5), serial_number: 'W-5' });
    await createOk(company, {
      ...laptop,
      asset_type: 'Server',
      status: 'In Repair',
      warranty_expiry: inDays(120),
    });
    await createOk(company, { ...laptop, asset_type: 'Monitor', warranty_expiry: inDays(-3) });

    const counts = await dashboard(company);
    expect(counts).toMatchObject({ total_hardware: 4, active_hardware: 3, agents: 0, active_agents: 0 });
    expect(counts.hardware_by_status).toMatchObject({ Active: 3, 'In Repair': 1, Retired: 0 });
    expect(counts.hardware_by_type).toMatchObject({ Laptop: 2, Server: 1, Monitor: 1, Phone: 0 });
    expect(counts.expiring_warranties.map((asset) => asset.serial_number)).toEqual(['W-5', 'W-30']);
    expect(counts.more_expiring_warranties).toBe(false);
  });
});

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
