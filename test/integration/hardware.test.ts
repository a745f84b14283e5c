import { describe, expect, it } from 'vitest';
import type { MeResponse } from '../../shared/api';
import type { HardwareAsset } from '../../shared/hardware';
import { api, setSubscription, signUpCompany, signUpUnlimitedCompany } from '../support/api';
import { importCsv } from '../support/import';
import { auditLogs, create, createOk, dashboard, laptop, list } from '../support/hardware';

/**
 * The hardware API and the dashboard's counts. The audit trail: audit.test.ts; CSV import:
 * hardware-import.test.ts.
 */
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
    expect(read).toEqual({ status: 200, body: { ...created, agent: null, differences: [] } });

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
    const imported = await importCsv(company, `asset_type,manufacturer,model\n${rows.join('\n')}`);
    expect(imported).toMatchObject({ success: 600, failed: 0 });

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
