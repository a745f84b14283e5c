import { COUNTER_SHARDS } from './organization-counters';
import { db } from './service';
import type { TransactionEntities, TransactionItem } from './transaction';

/** Counter name → how much it moves. */
export type CounterDeltas = Map<string, number>;

/** The counter move of a transaction, on one shard (random unless a writer keeps its own). */
export function counterUpdate(
  entities: TransactionEntities,
  organizationId: string,
  deltas: CounterDeltas,
  shard = Math.floor(Math.random() * COUNTER_SHARDS),
): TransactionItem[] {
  if (deltas.size === 0) return [];
  return [
    entities.organizationCounters
      .update({ organization_id: organizationId, shard })
      .add(Object.fromEntries(deltas))
      .commit() as TransactionItem,
  ];
}

/**
 * Every counter of the organisation, its shards summed. A get of the shards' exact keys: a
 * key-prefix query would also walk past the partition's assets on DynamoDB Local.
 */
export async function readCounters(organizationId: string): Promise<Record<string, number>> {
  const shards = Array.from({ length: COUNTER_SHARDS }, (_, shard) => ({
    organization_id: organizationId,
    shard,
  }));
  // Consistent: a plan limit is counted right after the previous writer let go of its guard.
  const { data, unprocessed } = await db().entities.organizationCounters.get(shards).go({ consistent: true });
  if (unprocessed.length > 0) throw new Error('DynamoDB left counters unread; try again');
  const totals: Record<string, number> = {};
  for (const shard of data) {
    for (const [name, value] of Object.entries(shard)) {
      if (typeof value === 'number' && name !== 'shard') totals[name] = (totals[name] ?? 0) + value;
    }
  }
  return totals;
}
