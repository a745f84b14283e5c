import { ulid } from 'ulid';
import { beforeAll, describe, expect, it } from 'vitest';
import type { HardwareAsset } from '../../shared/hardware';
import { HARDWARE_SORTS, type HardwareSort } from '../../shared/hardware-list';
import { api, signUpCompany, type TestCompany } from '../support/api';
import { auditLogs } from '../support/hardware';
import { bulkUpdate, everyPage, hardwarePage, locationsOf, seedAssets } from '../support/hardware-list';

/**
 * The hardware list an IT admin works in (issue 34, item 10): sorted by any column on the server,
 * with the total and paging kept; filtered by type and location as well as status; and the bulk
 * update of status, location and assigned to. The backfill of older assets: hardware-list-backfill.test.ts.
 */

/** The inventory the orders are checked on: ties, case, numbers, empty values and two spellings. */
const ASSETS = [
  {
    asset_type: 'Laptop',
    manufacturer: 'Dell',
    model: 'Latitude 10',
    serial_number: 'SN-10',
    asset_tag: 'IT-10',
    assigned_to: 'jane',
    location: 'Floor 10',
    warranty_expiry: '2027-05-01',
  },
  {
    asset_type: 'Laptop',
    manufacturer: 'dell',
    model: 'latitude 9',
    serial_number: 'sn-9',
    asset_tag: 'IT-9',
    status: 'Retired',
    assigned_to: 'Bob',
    location: 'floor 2',
    warranty_expiry: '2026-01-01',
  },
  {
    asset_type: 'Desktop',
    manufacturer: 'HP',
    model: 'EliteDesk',
    asset_tag: 'IT-100',
    status: 'In Repair',
    location: 'Floor  2',
  },
  {
    asset_type: 'Phone',
    manufacturer: 'Apple',
    model: 'iPhone 15',
    serial_number: 'C02',
    assigned_to: 'Jane',
    location: 'London office',
    warranty_expiry: '2026-01-01',
  },
  // Named by its type and tag: "Monitor IT-7".
  {
    asset_type: 'Monitor',
    asset_tag: 'IT-7',
    serial_number: 'SN-1',
    status: 'In Storage',
    assigned_to: 'alice',
  },
  {
    asset_type: 'Printer',
    manufacturer: 'Brother',
    model: 'HL',
    serial_number: 'sn-2',
    asset_tag: 'IT-8',
    status: 'Disposal Pending',
    disposal_reason: 'End of Life',
    location: 'london OFFICE',
  },
  {
    asset_type: 'Laptop',
    manufacturer: 'Dell',
    model: 'Latitude 10',
    serial_number: 'SN-11',
    assigned_to: 'Jane',
    location: 'Floor 10',
    warranty_expiry: '2030-12-31',
  },
];

/** How the table names an asset (shared/hardware.ts, hardwareAssetName), written out again. */
const nameOf = (asset: HardwareAsset) =>
  [asset.manufacturer, asset.model].filter(Boolean).join(' ') || `${asset.asset_type} ${asset.asset_tag}`;

/** What a column shows, as the order compares it; null when empty. */
const COLUMN: Record<Exclude<HardwareSort, 'created'>, (asset: HardwareAsset) => string | null> = {
  asset: (asset) => `${nameOf(asset)} ${asset.asset_type}`,
  serial_number: (asset) => asset.serial_number,
  asset_tag: (asset) => asset.asset_tag,
  status: (asset) => asset.status,
  assigned_to: (asset) => asset.assigned_to,
  location: (asset) => asset.location?.replace(/\s+/g, ' ') ?? null,
  warranty_expiry: (asset) => asset.warranty_expiry,
};

/** Case-insensitive, numbers by their value: "Floor 2" before "floor 10". */
const TEXT = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/** The order expected, worked out here from what the assets show: empty values last, ties by id. */
function expectedOrder(assets: HardwareAsset[], sort: HardwareSort, order: 'asc' | 'desc'): string[] {
  const ascending = [...assets].sort((a, b) => {
    if (sort !== 'created') {
      const [x, y] = [COLUMN[sort](a), COLUMN[sort](b)];
      if (x === null || y === null) {
        if (x !== y) return x === null ? 1 : -1;
      } else if (TEXT.compare(x, y) !== 0) {
        return TEXT.compare(x, y);
      }
    }
    return a.id < b.id ? -1 : 1;
  });
  const ids = ascending.map((asset) => asset.id);
  return order === 'asc' ? ids : ids.reverse();
}

const ids = (items: HardwareAsset[]) => items.map((asset) => asset.id);

describe('the hardware list, sorted on the server', () => {
  let company: TestCompany;
  let assets: HardwareAsset[];
  beforeAll(async () => {
    company = await signUpCompany();
    assets = await seedAssets(company, ASSETS);
  });

  it('orders by every column both ways, empty values last A to Z, ties by id, the same across pages', async () => {
    for (const sort of HARDWARE_SORTS) {
      for (const order of ['asc', 'desc'] as const) {
        const expected = expectedOrder(assets, sort, order);
        const { items, pages } = await everyPage(company, { sort, order, limit: 3 });
        expect(ids(items), `${sort} ${order}`).toEqual(expected);
        // The total is the counters', on every page; the last page says it is the last.
        expect(pages.map((page) => [page.total, page.total_exact])).toEqual(pages.map(() => [7, true]));
        expect(pages).toHaveLength(3);
        expect((await hardwarePage(company, { sort, order })).items.map((asset) => asset.id)).toEqual(
          expected,
        );
      }
    }
  });

  it('is newest first by default, and a column without an order is A to Z', async () => {
    expect(ids((await hardwarePage(company)).items)).toEqual(ids(assets).reverse());
    expect(ids((await hardwarePage(company, { sort: 'location' })).items)).toEqual(
      expectedOrder(assets, 'location', 'asc'),
    );
    // Spot checks of the rule, written out: numbers by value, any case, empty last.
    const locations = (await hardwarePage(company, { sort: 'location' })).items.map(
      (asset) => asset.location,
    );
    expect(locations).toEqual([
      'floor 2',
      'Floor  2',
      'Floor 10',
      'Floor 10',
      'London office',
      'london OFFICE',
      null,
    ]);
    const tags = (await hardwarePage(company, { sort: 'asset_tag', order: 'desc' })).items.map(
      (a) => a.asset_tag,
    );
    expect(tags).toEqual([null, null, 'IT-100', 'IT-10', 'IT-9', 'IT-8', 'IT-7']);
  });

  it('filters by type, by location in any spelling, and by both with the status and a search, in any order', async () => {
    const laptops = await everyPage(company, { type: 'Laptop', sort: 'serial_number', limit: 2 });
    expect(ids(laptops.items)).toEqual([assets[1]!.id, assets[0]!.id, assets[6]!.id]);
    expect(laptops.pages[0]).toMatchObject({ total: 3, total_exact: true });

    for (const sort of ['created', 'location', 'asset', 'warranty_expiry'] as const) {
      const floor2 = await everyPage(company, { location: '  FLOOR 2 ', sort, limit: 1 });
      expect([...ids(floor2.items)].sort(), sort).toEqual([assets[1]!.id, assets[2]!.id].sort());
      // One filter: the location's counters, exact, on every page.
      expect(
        floor2.pages.every((page) => page.total === 2 && page.total_exact),
        sort,
      ).toBe(true);
    }
    expect(ids((await hardwarePage(company, { location: 'floor 2', sort: 'created' })).items)).toEqual([
      assets[2]!.id,
      assets[1]!.id,
    ]);

    // Two filters: counted by the read, exact here because it read the whole list.
    expect(await hardwarePage(company, { location: 'london office', status: 'Active' })).toMatchObject({
      items: [{ id: assets[3]!.id }],
      total: 1,
      total_exact: true,
    });
    expect(
      ids(
        (
          await hardwarePage(company, {
            type: 'Laptop',
            q: 'latitude 10',
            sort: 'warranty_expiry',
            order: 'desc',
          })
        ).items,
      ),
    ).toEqual([assets[6]!.id, assets[0]!.id]);
    expect(
      ids(
        (await hardwarePage(company, { status: 'Active', sort: 'assigned_to', location: 'Floor 10' })).items,
      ),
    ).toEqual([assets[0]!.id, assets[6]!.id]);
    expect(await hardwarePage(company, { location: 'Nowhere' })).toMatchObject({
      items: [],
      total: 0,
      total_exact: true,
      next_cursor: null,
    });
    expect(await hardwarePage(company, { type: 'Server', status: 'Active' })).toMatchObject({
      items: [],
      total: 0,
    });
  });

  it('offers the locations with their assets, each spelling added up under the one most assets have', async () => {
    expect(await locationsOf(company)).toEqual([
      { name: 'Floor 2', count: 2 },
      { name: 'Floor 10', count: 2 },
      { name: 'London office', count: 2 },
    ]);
  });

  it('refuses an unknown order, type or column saying what it takes, and a cursor of another order', async () => {
    const refused = async (query: string) =>
      api<{ error: { message: string } }>(`/api/hardware?${query}`, { token: company.accessToken });
    expect((await refused('sort=price')).body.error.message).toContain(
      'Sort must be one of: created, asset, serial_number, asset_tag, status, assigned_to, location, warranty_expiry',
    );
    expect((await refused('sort=asset&order=up')).body.error.message).toContain(
      'Order must be one of: asc, desc',
    );
    expect((await refused('type=Toaster')).body.error.message).toContain(
      'Type must be one of: Desktop, Laptop',
    );
    const byStatus = await hardwarePage(company, { sort: 'status', limit: 2 });
    const elsewhere = await refused(`sort=asset&cursor=${byStatus.next_cursor}`);
    expect(elsewhere.status).toBe(400);
    const forged = Buffer.from(
      JSON.stringify({ pk: 'x', sk: 'y', gsi1pk: 'org#other#hwstatus#active' }),
    ).toString('base64url');
    expect((await refused(`sort=status&cursor=${forged}`)).status).toBe(400);
  });
});

describe('bulk changes of the hardware list', () => {
  it('moves assets to a location, one audit entry each, and the location counts follow', async () => {
    const company = await signUpCompany();
    const [a, b, c] = await seedAssets(company, [
      { asset_type: 'Laptop', model: 'A', location: 'Paris' },
      { asset_type: 'Laptop', model: 'B', location: 'paris' },
      { asset_type: 'Laptop', model: 'C', location: 'Berlin' },
    ]);
    const moved = await bulkUpdate(company, { ids: [a!.id, b!.id, c!.id], location: '  London office ' });
    expect(moved).toEqual({ status: 200, body: { updated: 3 } });
    expect(await locationsOf(company)).toEqual([{ name: 'London office', count: 3 }]);
    expect((await hardwarePage(company, { location: 'LONDON OFFICE' })).total).toBe(3);
    const entries = (await auditLogs(company)).filter((entry) => entry.action === 'updated');
    expect(entries).toHaveLength(3);
    expect(entries.map((entry) => entry.changes)).toEqual(
      expect.arrayContaining([
        { location: { old: 'Paris', new: 'London office' } },
        { location: { old: 'paris', new: 'London office' } },
        { location: { old: 'Berlin', new: 'London office' } },
      ]),
    );

    // Assigned to, and cleared; an asset already as asked is not counted or audited.
    expect((await bulkUpdate(company, { ids: [a!.id, b!.id], assigned_to: 'Jane Doe' })).body).toEqual({
      updated: 2,
    });
    expect((await bulkUpdate(company, { ids: [a!.id, c!.id], assigned_to: 'Jane Doe' })).body).toEqual({
      updated: 1,
    });
    expect((await bulkUpdate(company, { ids: [b!.id], assigned_to: '' })).body).toEqual({ updated: 1 });
    expect((await bulkUpdate(company, { ids: [a!.id], location: null, assigned_to: null })).body).toEqual({
      updated: 1,
    });
    const after = new Map((await hardwarePage(company)).items.map((asset) => [asset.id, asset]));
    expect(after.get(a!.id)).toMatchObject({ location: null, assigned_to: null, version: 4 });
    expect(after.get(b!.id)).toMatchObject({ location: 'London office', assigned_to: null });
    expect(after.get(c!.id)).toMatchObject({ location: 'London office', assigned_to: 'Jane Doe' });
    const both = (await auditLogs(company)).find((entry) => entry.entity_id === a!.id);
    expect(both?.changes).toEqual({
      location: { old: 'London office', new: null },
      assigned_to: { old: 'Jane Doe', new: null },
    });
    expect(await locationsOf(company)).toEqual([{ name: 'London office', count: 2 }]);
  });

  it('changes the status with the disposal sync, as bulk-status does', async () => {
    const company = await signUpCompany();
    const [a, b] = await seedAssets(company, [
      { asset_type: 'Laptop', model: 'A' },
      { asset_type: 'Laptop', model: 'B' },
    ]);
    const disposed = await bulkUpdate(company, {
      ids: [a!.id, b!.id],
      status: 'Disposed',
      disposal_reason: 'Sold',
    });
    expect(disposed.body).toEqual({ updated: 2 });
    expect((await hardwarePage(company, { status: 'Disposed' })).total).toBe(2);
    const disposals = await api<{ items: { asset_id: string; status: string }[] }>('/api/disposals', {
      token: company.accessToken,
    });
    expect(disposals.body.items.map((item) => [item.asset_id, item.status]).sort()).toEqual(
      [
        [a!.id, 'Completed'],
        [b!.id, 'Completed'],
      ].sort(),
    );
  });

  it('is all or nothing: an id outside the organisation is a 404 and nothing changes', async () => {
    const company = await signUpCompany();
    const other = await signUpCompany('Other Ltd');
    const [own] = await seedAssets(company, [{ asset_type: 'Laptop', model: 'Own', location: 'Paris' }]);
    const [theirs] = await seedAssets(other, [{ asset_type: 'Laptop', model: 'Theirs', location: 'Rome' }]);
    for (const foreign of [theirs!.id, ulid()]) {
      const refused = await bulkUpdate(company, { ids: [own!.id, foreign], location: 'Taken' });
      expect(refused).toMatchObject({
        status: 404,
        body: { error: { message: 'Hardware asset not found' } },
      });
    }
    expect((await hardwarePage(company)).items[0]).toMatchObject({ location: 'Paris', version: 1 });
    expect((await hardwarePage(other)).items[0]).toMatchObject({ location: 'Rome', version: 1 });
    expect(await locationsOf(other)).toEqual([{ name: 'Rome', count: 1 }]);
  });

  it('refuses a change that names nothing to change, too many assets or a bad value, saying why', async () => {
    const company = await signUpCompany();
    const [asset] = await seedAssets(company, [{ asset_type: 'Laptop' }]);
    const cases: [unknown, string][] = [
      [{ ids: [asset!.id] }, 'Choose what to change: status, location or assigned to'],
      [{ ids: [asset!.id], status: 'Disposed' }, 'Disposal reason is required'],
      [{ ids: [asset!.id], location: 'x'.repeat(201) }, 'Location must be at most 200 characters'],
      [{ ids: [asset!.id], assigned_to: 7 }, 'Assigned to must be text'],
      [
        { ids: Array.from({ length: 25 }, () => ulid()), location: 'Paris' },
        'Select at most 24 hardware assets',
      ],
      [{ ids: [asset!.id], location: 'Paris', version: 1 }, 'version'],
    ];
    for (const [body, message] of cases) {
      const response = await bulkUpdate(company, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(response.body), JSON.stringify(body)).toContain(message);
    }
    expect((await hardwarePage(company)).items[0]).toMatchObject({ version: 1, location: null });
  });
});
