import { ulid } from 'ulid';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UNLIMITED } from '../../shared/constants';
import { put, send } from '../../functions/lib/table/commands';
import { underPlanLimitGuard } from '../../functions/lib/plan-limits';
import { useFunctionEnv } from '../support/api';
import { tableItem } from '../support/table';

/**
 * The guard that serialises counting and writing under a plan limit (racing imports are in the
 * reliability suite). Leases and the wait are read from Date, which these tests set: Date alone is
 * faked, so the guard's retries and DynamoDB Local's answers keep real timers.
 */
describe('plan limit guard', () => {
  useFunctionEnv();
  const guardKey = (organizationId: string, resource: string) => ({
    pk: `ORG#${organizationId}`,
    sk: `LIMITGUARD#${resource}`,
  });
  const setClock = (time: number) => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(time);
  };
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs one holder at a time, each after the last let go', async () => {
    const organizationId = ulid();
    let holding = 0;
    let mostAtOnce = 0;
    const holders: string[] = [];
    await Promise.all(
      Array.from({ length: 4 }, () =>
        underPlanLimitGuard(organizationId, 'assets', 500, async () => {
          holding++;
          mostAtOnce = Math.max(mostAtOnce, holding);
          // Work that takes a round trip of its own: the lease is there, and names one holder.
          const lease = await tableItem(guardKey(organizationId, 'assets'));
          holders.push(String(lease?.holder));
          holding--;
        }),
      ),
    );
    expect(mostAtOnce).toBe(1);
    expect(new Set(holders).size).toBe(4);
  });

  it('lets go when the work fails, and takes over a lease its crashed holder left behind', async () => {
    const organizationId = ulid();
    await expect(
      underPlanLimitGuard(organizationId, 'users', 5, () => Promise.reject(new Error('refused'))),
    ).rejects.toThrow('refused');
    expect(await underPlanLimitGuard(organizationId, 'users', 5, async () => 'next')).toBe('next');

    // The clock stands still: a lease the guard took for live could never run out, so only a
    // takeover at the first attempt ends.
    const now = Date.parse('2026-03-02T09:00:00.000Z');
    setClock(now);
    await send(put({ ...guardKey(organizationId, 'assets'), holder: 'crashed', lease_until: now - 1 }));
    expect(await underPlanLimitGuard(organizationId, 'assets', 5, async () => 'taken over')).toBe(
      'taken over',
    );
  });

  it('waits while a live lease runs, takes it when it ends, and gives up as busy after waiting 15 s', async () => {
    const organizationId = ulid();
    const start = Date.parse('2026-03-02T09:00:00.000Z');
    setClock(start);
    await send(
      put({ ...guardKey(organizationId, 'assets'), holder: 'crashed', lease_until: start + 10_000 }),
    );
    // The first attempt is made at `start`, when the call is made; the lease the guard then holds
    // shows when it took the guard: once the clock had passed the crashed holder's lease.
    const waiting = underPlanLimitGuard(organizationId, 'assets', 5, () =>
      tableItem(guardKey(organizationId, 'assets')),
    );
    setClock(start + 10_001);
    expect(await waiting).toMatchObject({ lease_until: start + 10_001 + 60_000 });
    expect((await waiting)?.holder).not.toBe('crashed');

    await send(
      put({ ...guardKey(organizationId, 'users'), holder: 'crashed', lease_until: start + 180_000 }),
    );
    const givingUp = underPlanLimitGuard(organizationId, 'users', 5, async () => 'never').catch(
      (error: unknown) => ({ error, at: Date.now() }),
    );
    setClock(start + 10_001 + 15_000);
    expect(await givingUp).toMatchObject({ error: { statusCode: 409, code: 'busy' }, at: start + 25_001 });
  });

  it('renews a job’s lease while it works, so that it outlives its term, and tells the job when it was taken over', async () => {
    const organizationId = ulid();
    const busy = () => new Error('busy');
    // A term far shorter than the work, renewed every 200 ms: a waiter past the term finds it held.
    const terms = { leaseMs: 1_000, renewEveryMs: 200, waitMs: 50, busy };
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const heldAfterTakeover = await underPlanLimitGuard(
      organizationId,
      'assets',
      500,
      async (lease) => {
        await sleep(2_500);
        expect(lease.held()).toBe(true);
        await expect(
          underPlanLimitGuard(organizationId, 'assets', 500, async () => 'taken', {
            ...terms,
            renewEveryMs: undefined,
          }),
        ).rejects.toThrow('busy');
        // Another holder's lease now (as if this one had stalled past its term): the next renewal sees it.
        await send(
          put({ ...guardKey(organizationId, 'assets'), holder: 'another', lease_until: Date.now() + 60_000 }),
        );
        await sleep(600);
        return lease.held();
      },
      terms,
    );
    expect(heldAfterTakeover).toBe(false);
    // Letting go leaves the other holder's lease alone.
    expect(await tableItem(guardKey(organizationId, 'assets'))).toMatchObject({ holder: 'another' });
  });

  it('is not taken for an organisation without a limit', async () => {
    const organizationId = ulid();
    const order: string[] = [];
    let secondRan = () => {};
    const second = new Promise<void>((resolve) => (secondRan = resolve));
    // The first holds on until the second has run: under the guard, the two would wait for each other.
    await Promise.all([
      underPlanLimitGuard(organizationId, 'assets', UNLIMITED, async () => {
        await second;
        order.push('first');
      }),
      underPlanLimitGuard(organizationId, 'assets', UNLIMITED, async () => {
        order.push('second');
        secondRan();
      }),
    ]);
    expect(order).toEqual(['second', 'first']);
  });
});
