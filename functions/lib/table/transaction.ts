import { randomUUID } from 'node:crypto';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { tableClient } from './client';
import type { TableWrite } from './commands';

export interface Built<P> {
  /** What each item stands for, in the same order, to explain a cancellation. */
  parts: P[];
  items: TableWrite[];
}

export interface WriteOutcome<P> {
  ok: boolean;
  /** The parts whose condition failed. */
  failed: P[];
}

/**
 * A burst of first writes (a thousand agents' first reports at once) meets on the counter shards:
 * enough tries, each wait at most a second, for a few seconds of queueing on a shard.
 */
const CONFLICT_RETRIES = 10;
const CONFLICT_WAIT_CAP_MS = 1_000;

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Runs the writes as one transaction: all of them or none. Returns null when it went through,
 * otherwise DynamoDB's reason for each item ('ConditionalCheckFailed', 'TransactionConflict',
 * 'None' for the items that were not the cause).
 */
export async function transact(items: TableWrite[]): Promise<string[] | null> {
  try {
    // The token makes a retried request (a dropped connection) the same transaction, not a second.
    await tableClient().send(
      new TransactWriteCommand({ TransactItems: items, ClientRequestToken: randomUUID() }),
    );
    return null;
  } catch (error) {
    if (!(error instanceof TransactionCanceledException)) throw error;
    return items.map((_, index) => error.CancellationReasons?.[index]?.Code ?? 'None');
  }
}

/**
 * Runs one transaction. Conflicts with a concurrent transaction on the same item are retried with
 * backoff; failed conditions are reported as the parts they belong to.
 */
export async function write<P>(build: () => Built<P>): Promise<WriteOutcome<P>> {
  for (let attempt = 0; ; attempt++) {
    const { parts, items } = build();
    const codes = await transact(items);
    if (!codes) return { ok: true, failed: [] };
    const failed = parts.filter((_, index) => codes[index] === 'ConditionalCheckFailed');
    if (failed.length > 0) return { ok: false, failed };
    if (!codes.includes('TransactionConflict') || attempt >= CONFLICT_RETRIES) {
      throw new Error(`DynamoDB cancelled the transaction: ${codes.join(', ')}`);
    }
    await sleep(Math.min(CONFLICT_WAIT_CAP_MS, 20 * 2 ** attempt) * (0.5 + Math.random()));
  }
}

/**
 * What a feature runs an entity's writes with (issue 36): features build writes through the entity
 * modules in ./items and never import ./commands or ./conditions themselves.
 */
export { isConditionFailure, send, type TableWrite } from './commands';
