import { ulid } from 'ulid';
import { absent, anyOf, equals, lessThan } from './conditions';
import { isConditionFailure, put, remove, send, update } from './commands';
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
  /**
   * For work that may outlast `leaseMs` (an import job): the lease is renewed this often while the
   * work runs, so it ends `leaseMs` after its holder stops, however long the work takes.
   */
  renewEveryMs?: number;
}

/** The lease as its work sees it. */
export interface HeldLease {
  /** False once a renewal found the lease taken (its holder stalled past leaseMs): stop writing. */
  held(): boolean;
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

/** The attributes of an item that name its lease's holder and its end (epoch ms). */
export interface LeaseAttributes {
  holder: string;
  until: string;
}

const LEASE_ITEM: LeaseAttributes = { holder: 'holder', until: 'lease_until' };

/**
 * Renews a lease on `key` every `renewEveryMs` until stopped (never without it); `held` turns false
 * once a renewal finds the lease another's. The lease may be a lease item's or held in another
 * item's attributes (an import job's run).
 */
export function keepRenewing(
  key: TableKey,
  holder: string,
  { leaseMs, renewEveryMs }: Pick<LeaseTerms, 'leaseMs' | 'renewEveryMs'>,
  attributes: LeaseAttributes = LEASE_ITEM,
): { lease: HeldLease; stop: () => Promise<void> } {
  let held = true;
  let renewing: Promise<void> = Promise.resolve();
  const renew = async () => {
    try {
      await send(
        update(key, { set: { [attributes.until]: Date.now() + leaseMs } }, equals(attributes.holder, holder)),
      );
    } catch (error) {
      // A failed call is tried again at the next tick; only a lease held by another is lost.
      if (isConditionFailure(error)) held = false;
    }
  };
  const timer = renewEveryMs
    ? setInterval(() => {
        if (held) renewing = renewing.then(renew);
      }, renewEveryMs)
    : undefined;
  return {
    lease: { held: () => held },
    stop: async () => {
      clearInterval(timer);
      await renewing;
    },
  };
}

/** Runs `work` while holding the lease on `key`, and lets go of it however `work` ends. */
export async function underLease<T>(
  key: TableKey,
  terms: LeaseTerms,
  work: (lease: HeldLease) => Promise<T>,
): Promise<T> {
  const holder = ulid();
  await acquire(key, holder, terms);
  const renewal = keepRenewing(key, holder, terms);
  try {
    return await work(renewal.lease);
  } finally {
    await renewal.stop();
    await release(key, holder);
  }
}
