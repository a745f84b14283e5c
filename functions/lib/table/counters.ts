import { DISPOSAL_ITEM_STATUSES, type DisposalItemStatus } from '../../../shared/disposal';
import {
  HARDWARE_ASSET_TYPES,
  HARDWARE_STATUSES,
  type HardwareAssetType,
  type HardwareStatus,
} from '../../../shared/hardware';
import * as z from 'zod';
import { getEachItem, update, type TableWrite } from './commands';
import { allOf, equals } from './conditions';
import { transact } from './transaction';
import {
  agentHourCounts,
  agentHourCountSchema,
  HOUR_COUNT_ATTRIBUTE,
  LEFT_PREVIOUS_HOUR_ATTRIBUTE,
  previousHour,
} from './items/agents';
import { fromStored } from './items/stored';
import { tableKey } from './items/stored';

/**
 * Dashboard totals are counters moved in the same transaction as the change, never scans. They are
 * spread over a few shards so that concurrent writers (import batches in parallel) do not collide
 * on one item; reading them is one batch read of the shards, whatever the inventory's size.
 */
export const COUNTER_SHARDS = 8;

/** Each shard holds any number of counters by name. */
export const counterShards = {
  key: (organizationId: string, shard: number) => tableKey(`ORG#${organizationId}`, `COUNTERS#${shard}`),
  /** What an upsert of a shard sets besides its counters, as a put of it would have written. */
  identity: (organizationId: string, shard: number) => ({
    organization_id: organizationId,
    shard,
  }),
};

/** Adds to some counters of one shard (created when absent). */
export function addToCounterShard(
  organizationId: string,
  shard: number,
  add: Record<string, number>,
): TableWrite {
  return update(counterShards.key(organizationId, shard), {
    set: counterShards.identity(organizationId, shard),
    add,
  });
}

function slug(value: string): string {
  return value.toLowerCase().replace(/[^a-z0-9]+/g, '_');
}

export function statusCounter(status: HardwareStatus): string {
  return `hardware_status_${slug(status)}`;
}

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

/** Every counter a shard may hold. */
export const COUNTER_NAMES: readonly string[] = [
  AGENTS_COUNTER,
  LINKED_MACHINES_COUNTER,
  ...HARDWARE_STATUSES.map(statusCounter),
  ...HARDWARE_ASSET_TYPES.map(typeCounter),
  ...DISPOSAL_ITEM_STATUSES.map(disposalCounter),
];

/** A shard as read: the counters it holds (its identity is left out), the locations' among them. */
const counterShardSchema = z
  .object(Object.fromEntries(COUNTER_NAMES.map((name) => [name, z.number().optional()])))
  .catchall(z.unknown())
  .transform((shard) => {
    const counters: Record<string, number> = {};
    for (const [name, value] of Object.entries(shard)) {
      const known = COUNTER_NAMES.includes(name) || counterLocation(name) !== null;
      if (known && typeof value === 'number') counters[name] = value;
    }
    return counters;
  });

/** Counter name → how much it moves. */
export type CounterDeltas = Map<string, number>;

/** The counter move of a transaction, on one shard (random unless a writer keeps its own). */
export function counterUpdate(
  organizationId: string,
  deltas: CounterDeltas,
  shard = Math.floor(Math.random() * COUNTER_SHARDS),
): TableWrite[] {
  if (deltas.size === 0) return [];
  // An upsert: the shard's first move creates it, with what a put of it would have held.
  return [
    update(counterShards.key(organizationId, shard), {
      set: counterShards.identity(organizationId, shard),
      add: Object.fromEntries(deltas),
    }),
  ];
}

/**
 * Every counter of the organisation, its shards summed. A get of the shards' exact keys: a
 * key-prefix query would also walk past the partition's assets on DynamoDB Local.
 */
export async function readCounters(organizationId: string): Promise<Record<string, number>> {
  return sumCounters(await readCounterShards(organizationId));
}

/** Each shard's counters, by shard number (a shard no change has touched yet is left out). */
export async function readCounterShards(
  organizationId: string,
): Promise<Map<number, Record<string, number>>> {
  const keys = Array.from({ length: COUNTER_SHARDS }, (_, shard) => counterShards.key(organizationId, shard));
  // Consistent: a plan limit is counted right after the previous writer let go of its guard.
  const stored = await getEachItem(keys, { consistent: true, what: 'counters' });
  const shards = new Map<number, Record<string, number>>();
  stored.forEach((item, shard) => {
    if (item) shards.set(shard, fromStored(counterShardSchema, item));
  });
  return shards;
}

export function sumCounters(shards: Map<number, Record<string, number>>): Record<string, number> {
  const totals: Record<string, number> = {};
  for (const shard of shards.values()) {
    for (const [name, value] of Object.entries(shard)) totals[name] = (totals[name] ?? 0) + value;
  }
  return totals;
}

/**
 * Takes counters that add up to zero out of the shards, each only where it still holds what was
 * read (one transaction): a location no asset has any more stops costing its bytes on every move.
 * Another writer moving one of them meanwhile leaves them all for a later read.
 */
export async function removeZeroCounters(
  organizationId: string,
  shards: Map<number, Record<string, number>>,
  names: string[],
): Promise<boolean> {
  const items = [...shards].flatMap(([shard, counters]) => {
    const held = names.filter((name) => counters[name] !== undefined);
    if (held.length === 0) return [];
    return [
      update(
        counterShards.key(organizationId, shard),
        { remove: held },
        allOf(...held.map((name) => equals(name, counters[name]))),
      ),
    ];
  });
  if (items.length === 0) return true;
  return (await transact(items)) === null;
}

/** Moves a machine's count into (by 1) or out of (by −1) the clock hour it was last seen in. */
export function seenHourCountChange(organizationId: string, hour: string, by: 1 | -1): TableWrite {
  return update(agentHourCounts.key(organizationId, hour), {
    set: agentHourCounts.expiry(hour),
    add: { [HOUR_COUNT_ATTRIBUTE]: by },
  });
}

/**
 * A machine's report starts a new clock hour for it: one write, to the new hour's count. A machine
 * that comes from the hour just before is also noted there as having left it, which the reading
 * below subtracts, instead of a second write taking it off the earlier hour's count (one write unit
 * an hour a machine, issue 27's cost budget). Earlier hours are never read together with this one.
 */
export function seenHourMove(organizationId: string, from: string | undefined, to: string): TableWrite {
  return update(agentHourCounts.key(organizationId, to), {
    set: agentHourCounts.expiry(to),
    add: {
      [HOUR_COUNT_ATTRIBUTE]: 1,
      ...(from !== undefined && from === previousHour(to) && { [LEFT_PREVIOUS_HOUR_ATTRIBUTE]: 1 }),
    },
  });
}

/**
 * The machines last seen in these clock hours (consecutive), from their counts: no machine is read.
 * A machine counted in two of them moved from one to the next, which the later one notes.
 */
export async function readSeenHourCounts(organizationId: string, hours: string[]): Promise<number> {
  const counts = await getEachItem(
    hours.map((hour) => agentHourCounts.key(organizationId, hour)),
    { what: 'the fleet’s hourly counts' },
  );
  return counts.reduce((sum, stored, index) => {
    if (!stored) return sum;
    const count = fromStored(agentHourCountSchema, stored);
    const moved = hours.includes(previousHour(hours[index]!))
      ? (count[LEFT_PREVIOUS_HOUR_ATTRIBUTE] ?? 0)
      : 0;
    return sum + count[HOUR_COUNT_ATTRIBUTE] - moved;
  }, 0);
}
