import type { HardwareLocation } from '../../shared/hardware-list';
import { foldedText } from '../../shared/list';
import { logger } from '../lib/logger';
import { readCounterShards, removeZeroCounters, sumCounters } from '../lib/table/counters';
import { counterLocation } from '../inventory/counts';

/**
 * The organisation's locations, from the counters every change of an asset moves
 * (lib/table/counters.ts, locationCounter): what the list's location filter offers, with the assets
 * of each. No asset is read.
 */

/** "Floor 2" before "Floor 10", whatever the case. */
const BY_NAME = new Intl.Collator('en-GB', { numeric: true, sensitivity: 'base' });

export interface CountedLocation extends HardwareLocation {
  /** shared/list.ts, foldedText: what the filter matches. */
  folded: string;
}

/**
 * Spellings that fold alike are one location, named as most of its assets spell it (the first in
 * order on a tie); locations without assets are left out.
 */
export function locationsOf(counters: Record<string, number>): CountedLocation[] {
  const locations = new Map<string, CountedLocation & { spelt: number }>();
  for (const [name, count] of Object.entries(counters)) {
    const spelling = counterLocation(name);
    if (spelling === null || count === 0) continue;
    const folded = foldedText(spelling);
    const known = locations.get(folded);
    if (!known) {
      locations.set(folded, { folded, name: spelling, count, spelt: count });
      continue;
    }
    known.count += count;
    if (count > known.spelt || (count === known.spelt && spelling < known.name)) {
      known.name = spelling;
      known.spelt = count;
    }
  }
  return [...locations.values()]
    .filter((location) => location.count > 0)
    .map(({ folded, name, count }) => ({ folded, name, count }))
    .sort((a, b) => BY_NAME.compare(a.name, b.name) || a.name.localeCompare(b.name));
}

/**
 * The locations with their assets, by name. The counters of spellings no asset has any more are
 * taken out of the shards on the way (they would cost their bytes on every later move).
 */
export async function listLocations(organizationId: string): Promise<HardwareLocation[]> {
  const shards = await readCounterShards(organizationId);
  const counters = sumCounters(shards);
  const unused = Object.entries(counters).flatMap(([name, count]) =>
    counterLocation(name) !== null && count === 0 ? [name] : [],
  );
  if (unused.length > 0) {
    // Housekeeping only: the answer does not depend on it.
    await removeZeroCounters(organizationId, shards, unused).catch((error: unknown) =>
      logger.warn('Could not take unused location counters out', { error }),
    );
  }
  return locationsOf(counters).map(({ name, count }) => ({ name, count }));
}
