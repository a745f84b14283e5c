import { describe, expect, it } from 'vitest';
import type { HardwareAsset } from '../../shared/hardware';
import { api, signUpCompany, signUpUnlimitedCompany } from '../support/api';
import { importCsv } from '../support/import';
import { createOk, dashboard, laptop, list } from '../support/hardware';

/**
 * The hardware API over HTTP: an asset's whole life, the list's pages and search, and the dashboard's
 * counts. Its validation, conflicts, bulk changes, subscription gate and tenant boundary, in process:
 * test/handlers/hardware.test.ts. The audit trail: audit.test.ts; CSV import: hardware-import.test.ts.
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
