import { ulid } from 'ulid';
import { absent, anyOf, equals, lessThan } from './conditions';
import { isConditionFailure, put, remove, send } from './commands';
import type { TableKey } from './items/stored';

/**
 * A lease on one item: whoever writes it first holds it until they let go or its time runs out.
 * Waiters try again with backoff for a while, then give up with the caller's own error.
 */
export interface LeaseTerms {
  /** Longer than any function's timeout: a holder that crashed frees it when its lease ends. */
  leaseMs: number;
  /** How long to wait for a holder to let go. */
  waitMs: number;
  /** What a waiter that gave up throws. */
  busy: () => Error;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function acquire(key: TableKey, holder: string, { leaseMs, waitMs, busy }: LeaseTerms): Promise<void> {
  const giveUpAt = Date.now() + waitMs;
  for (let attempt = 0; ; attempt++) {
    const now = Date.now();
    try {
      await send(
        put(
          { ...key, holder, lease_until: now + leaseMs },
          anyOf(absent('pk'), lessThan('lease_until', now)),
        ),
      );
      return;
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      if (Date.now() >= giveUpAt) throw busy();
      await sleep(Math.min(50 * 2 ** attempt, 500) * (0.5 + Math.random()));
    }
  }
}

async function release(key: TableKey, holder: string): Promise<void> {
  try {
    // A lease that ran out may already be someone else's.
    await send(remove(key, equals('holder', holder)));
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

/** Runs `work` while holding the lease on `key`, and lets go of it however `work` ends. */
export async function underLease<T>(key: TableKey, terms: LeaseTerms, work: () => Promise<T>): Promise<T> {
  const holder = ulid();
  await acquire(key, holder, terms);
  try {
    return await work();
  } finally {
    await release(key, holder);
  }
}
