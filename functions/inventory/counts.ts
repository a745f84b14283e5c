import type { DisposalItemStatus } from '../../shared/disposal';
import type { HardwareAssetType } from '../../shared/hardware';
import {
  agentHourCounts,
  HOUR_COUNT_ATTRIBUTE,
  LEFT_PREVIOUS_HOUR_ATTRIBUTE,
  previousHour,
} from '../lib/table/items/agents';
import type { TableWrite } from '../lib/table/transaction';

/**
 * The device record's counts (issue 36): which counters the dashboard, the plan limits and the
 * lists read, moved in the same transaction as the change (lib/table/counters.ts keeps them in
 * shards), and the hourly counts of machines last seen that the active agents add up.
 */

/** A counter's name for a value: lower-case, each run of other characters one underscore. */
function slug(value: string): string {
  return value.toLowerCase().replace(/[^a-z0-9]+/g, '_');
}

/** `hardware_status_<status>`: kept in lib/table/counters.ts, which lib/plan-limits.ts reads it from. */
export { statusCounter } from '../lib/table/counters';

export function typeCounter(type: HardwareAssetType): string {
  return `hardware_type_${slug(type)}`;
}

export function disposalCounter(status: DisposalItemStatus): string {
  return `disposal_${slug(status)}`;
}

/**
 * Assets per location (issue 34), one counter per spelling as typed (trimmed, spaces folded):
 * `location#London office`. Spellings that fold alike ("london  Office") are one location, added up
 * when read (functions/hardware/list-locations.ts). They ride in the shards with the other counters,
 * so a change moves one counter item whatever its locations: about 25 bytes a location a shard.
 */
export const LOCATION_COUNTER_PREFIX = 'location#';

export function locationCounter(location: string): string {
  return `${LOCATION_COUNTER_PREFIX}${location.replace(/[\s\p{Cc}]+/gu, ' ').trim()}`;
}

/** A location counter's spelling; null for any other counter. */
export function counterLocation(name: string): string | null {
  return name.startsWith(LOCATION_COUNTER_PREFIX) ? name.slice(LOCATION_COUNTER_PREFIX.length) : null;
}

/** The monitoring agents an organisation has: moved by a machine's first report. */
export const AGENTS_COUNTER = 'agents';

/** The machines linked to a hardware asset (issue 27): moved with each link and unlink. */
export const LINKED_MACHINES_COUNTER = 'machines_linked';

// ---- Machines last seen per clock hour ----

/** Moves a machine's count into (by 1) or out of (by −1) the clock hour it was last seen in. */
export function seenHourCountChange(organizationId: string, hour: string, by: 1 | -1): TableWrite {
  return agentHourCounts.addTo(organizationId, hour, { [HOUR_COUNT_ATTRIBUTE]: by });
}

/**
 * A machine's report starts a new clock hour for it: one write, to the new hour's count. A machine
 * that comes from the hour just before is also noted there as having left it, which the reading
 * below subtracts, instead of a second write taking it off the earlier hour's count (one write unit
 * an hour a machine, issue 27's cost budget). Earlier hours are never read together with this one.
 */
export function seenHourMove(organizationId: string, from: string | undefined, to: string): TableWrite {
  return agentHourCounts.addTo(organizationId, to, {
    [HOUR_COUNT_ATTRIBUTE]: 1,
    ...(from !== undefined && from === previousHour(to) && { [LEFT_PREVIOUS_HOUR_ATTRIBUTE]: 1 }),
  });
}

/**
 * The machines last seen in these clock hours (consecutive), from their counts: no machine is read.
 * A machine counted in two of them moved from one to the next, which the later one notes.
 */
export async function readSeenHourCounts(organizationId: string, hours: string[]): Promise<number> {
  const counts = await agentHourCounts.getEach(organizationId, hours);
  return counts.reduce((sum, count, index) => {
    if (!count) return sum;
    const moved = hours.includes(previousHour(hours[index]!))
      ? (count[LEFT_PREVIOUS_HOUR_ATTRIBUTE] ?? 0)
      : 0;
    return sum + count[HOUR_COUNT_ATTRIBUTE] - moved;
  }, 0);
}
