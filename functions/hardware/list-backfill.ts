import { migrateEachOrganization, type MigrationOptions } from '../lib/one-off-migration';
import { addToCounterShard, readCounterShards, sumCounters } from '../lib/table/counters';
import { counterLocation, locationCounter } from '../inventory/counts';
import { hardwareAssetItemSchema, hardwareAssets, hardwareListAttributes } from '../lib/table/items/hardware';
import { fromStored } from '../lib/table/items/stored';
import { isConditionFailure, send } from '../lib/table/transaction';

/**
 * Issue 34's one-off backfill, run by `npm run backfill:hardware-list` against a deployed table
 * (infra/aws/backfill-hardware-list.ts) and by the local stack at start on a table from before:
 *  - every asset written before the list's orders existed gets their attributes (the column
 *    indexes' sort keys, its gsi2 entry when it has no warranty date, its folded location), so no
 *    order or location filter misses it; an asset changed meanwhile was rewritten whole by its
 *    change and is left alone (the update is conditioned on the version it read);
 *  - each organisation's location counters are set to what its assets say, by adding the
 *    difference: a change made while an organisation is being counted can leave its counters one
 *    off, which running the backfill again mends (it is safe to run any number of times).
 * Once done, a marker item says so and later runs at start do nothing.
 */

const MIGRATION = 'hardware-list-1';
const READ_PAGE = 500;

export interface BackfillReport {
  organizations: number;
  assets: number;
  /** Assets given their list attributes. */
  rewritten: number;
  /** Location counters moved to what the assets say. */
  counters: number;
}

/** Gives an organisation's assets their list attributes; their location counters, by spelling. */
async function backfillAssets(organizationId: string, report: BackfillReport): Promise<Map<string, number>> {
  const counted = new Map<string, number>();
  let cursor: string | null = null;
  do {
    const page: { items: Record<string, unknown>[]; cursor: string | null } = await hardwareAssets.pageStored(
      organizationId,
      cursor,
      READ_PAGE,
    );
    for (const stored of page.items) {
      const asset = fromStored(hardwareAssetItemSchema, stored);
      report.assets += 1;
      if (asset.location) {
        const name = locationCounter(asset.location);
        counted.set(name, (counted.get(name) ?? 0) + 1);
      }
      const wanted = hardwareListAttributes(asset);
      const missing = Object.fromEntries(
        Object.entries(wanted).filter(([name, value]) => stored[name] !== value),
      );
      if (Object.keys(missing).length === 0) continue;
      try {
        await send(hardwareAssets.setIfVersion(organizationId, asset.id, asset.version, missing));
        report.rewritten += 1;
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
      }
    }
    cursor = page.cursor;
  } while (cursor);
  return counted;
}

/** Moves the location counters to what the assets say: the differences, added to one shard. */
async function reconcileLocations(
  organizationId: string,
  counted: Map<string, number>,
  report: BackfillReport,
): Promise<void> {
  const current = sumCounters(await readCounterShards(organizationId));
  const names = new Set([
    ...counted.keys(),
    ...Object.keys(current).filter((name) => counterLocation(name) !== null),
  ]);
  const differences = Object.fromEntries(
    [...names]
      .map((name) => [name, (counted.get(name) ?? 0) - (current[name] ?? 0)] as const)
      .filter(([, difference]) => difference !== 0),
  );
  if (Object.keys(differences).length === 0) return;
  await send(addToCounterShard(organizationId, 0, differences));
  report.counters += Object.keys(differences).length;
}

export function backfillHardwareList(options: MigrationOptions = {}): Promise<BackfillReport | null> {
  return migrateEachOrganization(
    MIGRATION,
    { organizations: 0, assets: 0, rewritten: 0, counters: 0 },
    async (organizationId, report) => {
      const counted = await backfillAssets(organizationId, report);
      await reconcileLocations(organizationId, counted, report);
      return `${report.assets} assets so far`;
    },
    options,
  );
}
