import * as z from 'zod';
import type { HardwareStatus } from '../../../shared/hardware';
import { getEachItem, update, type TableWrite } from './commands';
import { allOf, equals } from './conditions';
import { transact } from './transaction';
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

/**
 * The counter of the assets with a status. The device record's counts are functions/inventory/
 * counts.ts; this one stays here because lib/plan-limits.ts counts an organisation's assets by it
 * and lib/ imports no feature. It is spelled as counts.ts spells the others.
 */
export function statusCounter(status: HardwareStatus): string {
  return `hardware_status_${status.toLowerCase().replace(/[^a-z0-9]+/g, '_')}`;
}

/**
 * A shard as read: the counters it holds, every number in it but its own number (its identity).
 * Which counters exist is the device record's (functions/inventory/counts.ts).
 */
const counterShardSchema = z.record(z.string(), z.unknown()).transform((shard) => {
  const counters: Record<string, number> = {};
  for (const [name, value] of Object.entries(shard)) {
    if (name !== 'shard' && typeof value === 'number') counters[name] = value;
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
