import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { UNLIMITED } from '../../shared/constants';
import { put, send } from '../../functions/lib/table/commands';
import { underPlanLimitGuard } from '../../functions/lib/plan-limits';
import { useFunctionEnv } from '../support/api';

/** The guard that serialises counting and writing under a plan limit (racing imports are in the reliability suite). */
describe('plan limit guard', () => {
  useFunctionEnv();
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('runs one holder at a time, each after the last let go', async () => {
    const organizationId = ulid();
    const spans: [number, number][] = [];
    await Promise.all(
      Array.from({ length: 4 }, () =>
        underPlanLimitGuard(organizationId, 'assets', 500, async () => {
          const start = Date.now();
          await sleep(80);
          spans.push([start, Date.now()]);
        }),
      ),
    );
    spans.sort(([a], [b]) => a - b);
    for (let index = 1; index < spans.length; index++) {
      expect(spans[index]![0]).toBeGreaterThanOrEqual(spans[index - 1]![1]);
    }
  });

  it('lets go when the work fails, and takes over a lease its crashed holder left behind', async () => {
    const organizationId = ulid();
    await expect(
      underPlanLimitGuard(organizationId, 'users', 5, () => Promise.reject(new Error('refused'))),
    ).rejects.toThrow('refused');
    expect(await underPlanLimitGuard(organizationId, 'users', 5, async () => 'next')).toBe('next');

    await send(
      put({
        pk: `ORG#${organizationId}`,
        sk: 'LIMITGUARD#assets',
        holder: 'crashed',
        lease_until: Date.now() - 1,
      }),
    );
    const started = Date.now();
    expect(await underPlanLimitGuard(organizationId, 'assets', 5, async () => 'taken over')).toBe(
      'taken over',
    );
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('is not taken for an organisation without a limit', async () => {
    const organizationId = ulid();
    const order: string[] = [];
    await Promise.all([
      underPlanLimitGuard(organizationId, 'assets', UNLIMITED, async () => {
        await sleep(100);
        order.push('first');
      }),
      underPlanLimitGuard(organizationId, 'assets', UNLIMITED, async () => {
        order.push('second');
      }),
    ]);
    expect(order).toEqual(['second', 'first']);
  });
});
