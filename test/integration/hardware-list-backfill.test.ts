import { describe, expect, it } from 'vitest';
import { backfillHardwareList } from '../../functions/hardware/list-backfill';
import { send, update } from '../../functions/lib/table/commands';
import { COUNTER_SHARDS, counterShards } from '../../functions/lib/table/counters';
import { LOCATION_COUNTER_PREFIX } from '../../functions/inventory/counts';
import { hardwareAssets } from '../../functions/lib/table/items/hardware';
import { organizationIdOf, signUpCompany, useFunctionEnv } from '../support/api';
import { everyPage, locationsOf, seedAssets } from '../support/hardware-list';
import { tableItem } from '../support/table';

/**
 * Assets written before the list's orders and location counters (issue 34) are found by every order
 * and filter once the backfill has run (`npm run backfill:hardware-list`, and the local stack at start).
 */
describe('the hardware list backfill', () => {
  useFunctionEnv();

  /** An asset as the product wrote it before issue 34: no column sort keys, no gsi2 entry undated, no folded location. */
  async function asWrittenBefore(organizationId: string, id: string, dated: boolean) {
    await send(
      update(hardwareAssets.key(organizationId, id), {
        remove: [
          'gsi5sk',
          'gsi6sk',
          'gsi7sk',
          'gsi8sk',
          'gsi9sk',
          'location_key',
          ...(dated ? [] : ['gsi2pk', 'gsi2sk']),
        ],
      }),
    );
  }

  async function withoutLocationCounters(organizationId: string) {
    for (let shard = 0; shard < COUNTER_SHARDS; shard++) {
      const item = await tableItem(counterShards.key(organizationId, shard));
      const names = Object.keys(item ?? {}).filter((name) => name.startsWith(LOCATION_COUNTER_PREFIX));
      if (names.length > 0) await send(update(counterShards.key(organizationId, shard), { remove: names }));
    }
  }

  it('gives older assets their place in every order and sets the location counters, and can run again', async () => {
    const company = await signUpCompany();
    const organizationId = await organizationIdOf(company);
    const assets = await seedAssets(company, [
      { asset_type: 'Laptop', model: 'Old 1', location: 'Paris', warranty_expiry: '2027-01-01' },
      { asset_type: 'Laptop', model: 'Old 2', location: 'paris' },
      { asset_type: 'Laptop', model: 'Old 3' },
    ]);
    for (const [at, asset] of assets.entries()) await asWrittenBefore(organizationId, asset.id, at === 0);
    await withoutLocationCounters(organizationId);
    // What a table from before looks like to the list: its orders and the location filter miss them.
    expect((await everyPage(company, { sort: 'asset' })).items).toHaveLength(0);
    expect((await everyPage(company, { sort: 'warranty_expiry' })).items).toHaveLength(1);
    expect(await locationsOf(company)).toEqual([]);

    const report = await backfillHardwareList({ only: [organizationId] });
    expect(report).toEqual({ organizations: 1, assets: 3, rewritten: 3, counters: 2 });
    for (const sort of ['asset', 'location', 'warranty_expiry', 'serial_number'] as const) {
      expect((await everyPage(company, { sort, limit: 2 })).items, sort).toHaveLength(3);
    }
    expect((await everyPage(company, { location: 'PARIS', sort: 'asset' })).items).toHaveLength(2);
    expect(await locationsOf(company)).toEqual([{ name: 'Paris', count: 2 }]);

    // Again: nothing left to do. A counter a change left one off is mended.
    await send(
      update(counterShards.key(organizationId, 3), {
        set: counterShards.identity(organizationId, 3),
        add: { [`${LOCATION_COUNTER_PREFIX}Paris`]: -1 },
      }),
    );
    expect(await backfillHardwareList({ only: [organizationId] })).toEqual({
      organizations: 1,
      assets: 3,
      rewritten: 0,
      counters: 1,
    });
    expect(await locationsOf(company)).toEqual([{ name: 'Paris', count: 2 }]);
  });

  it('runs once at start: a finished backfill leaves a marker and later starts skip it', async () => {
    // The run's local stack backfilled its fresh table when it started.
    expect(await backfillHardwareList()).toBeNull();
  });
});
