import { ulid } from 'ulid';
import { UNLIMITED } from '../../../shared/constants';
import { Conflict } from '../errors';
import { absent, anyOf, equals, isConditionFailure, lessThan, put, remove, send } from './commands';

/**
 * A plan limit is counted and the change written while holding a lease on the organisation's
 * guard item for that resource, so that two imports (or two invitations) racing each other cannot
 * together pass the limit: the second waits for the first, then counts what the first wrote.
 * Organisations without a limit never take it, so their large imports run in parallel as before.
 */
export type LimitedResource = 'assets' | 'users';

/** Longer than any function's timeout: a holder that crashed frees the guard when its lease ends. */
const LEASE_MS = 60_000;
/** Within the API's 29-second ceiling, with room for the work itself. */
const WAIT_MS = 15_000;

export const GUARD_BUSY_MESSAGE =
  'Another change to this organisation is still being saved. Please try again in a moment.';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function guardKey(organizationId: string, resource: LimitedResource) {
  return { pk: `ORG#${organizationId}`, sk: `LIMITGUARD#${resource}` };
}

async function acquire(organizationId: string, resource: LimitedResource, holder: string): Promise<void> {
  const giveUpAt = Date.now() + WAIT_MS;
  for (let attempt = 0; ; attempt++) {
    const now = Date.now();
    try {
      await send(
        put(
          { ...guardKey(organizationId, resource), holder, lease_until: now + LEASE_MS },
          anyOf(absent('pk'), lessThan('lease_until', now)),
        ),
      );
      return;
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      if (Date.now() >= giveUpAt) throw new Conflict(GUARD_BUSY_MESSAGE, 'busy');
      await sleep(Math.min(50 * 2 ** attempt, 500) * (0.5 + Math.random()));
    }
  }
}

async function release(organizationId: string, resource: LimitedResource, holder: string): Promise<void> {
  try {
    // A lease that ran out may already be someone else's.
    await send(remove(guardKey(organizationId, resource), equals('holder', holder)));
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

/** Runs `work` (which counts, then writes) under the guard when the organisation has a limit. */
export async function underPlanLimitGuard<T>(
  organizationId: string,
  resource: LimitedResource,
  limit: number,
  work: () => Promise<T>,
): Promise<T> {
  if (limit >= UNLIMITED) return work();
  const holder = ulid();
  await acquire(organizationId, resource, holder);
  try {
    return await work();
  } finally {
    await release(organizationId, resource, holder);
  }
}
