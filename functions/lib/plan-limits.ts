import { PLAN_LIMIT_MESSAGES, TRIAL_ASSET_LIMIT, TRIAL_USER_LIMIT } from '../../shared/billing';
import { UNLIMITED } from '../../shared/constants';
import { HARDWARE_STATUSES } from '../../shared/hardware';
import { displayStatus } from '../../shared/subscription';
import { Conflict } from './errors';
import { listAll } from './table/commands';
import { readCounters, statusCounter } from './table/counters';
import { invitations } from './table/items/invitations';
import {
  limitGuards,
  userProfiles,
  type LimitedResource,
  type SubscriptionItem,
} from './table/items/organizations';
import { idProjection } from './table/items/stored';
import { underLease, type HeldLease, type LeaseTerms } from './table/lease';

/**
 * The plan limits, both of them, in one place: what they are for an organisation, what counts
 * against them, and the guard under which counting and writing happen.
 *
 * The limits an organisation works within: its plan's, copied onto the subscription when Stripe's
 * subscription is mirrored, while that subscription runs; the free trial's before a plan and after
 * one has ended (SPEC 4: a cancelled subscription is treated like no subscription). The platform's
 * own organisation (the super_admin's) has no subscription and no limits.
 */
export interface PlanLimits {
  /** null on the free trial. */
  planName: string | null;
  assetLimit: number;
  userLimit: number;
}

export function planLimits(subscription: SubscriptionItem | null): PlanLimits {
  if (!subscription) return { planName: null, assetLimit: UNLIMITED, userLimit: UNLIMITED };
  const ended = ['cancelled', 'incomplete'].includes(displayStatus(subscription.status));
  if (!ended && subscription.asset_limit !== undefined && subscription.user_limit !== undefined) {
    return {
      planName: subscription.plan_name ?? null,
      assetLimit: subscription.asset_limit,
      userLimit: subscription.user_limit,
    };
  }
  return { planName: null, assetLimit: TRIAL_ASSET_LIMIT, userLimit: TRIAL_USER_LIMIT };
}

// ---- What counts against them ----

/** How many hardware assets the organisation has: the sum of its per-status counters. */
export async function countAssets(organizationId: string): Promise<number> {
  const counters = await readCounters(organizationId);
  return HARDWARE_STATUSES.reduce((sum, status) => sum + (counters[statusCounter(status)] ?? 0), 0);
}

/**
 * The people an organisation has for its plan's user_limit: members and pending invitations that
 * have not expired (an expired link holds no place until it is sent again). Read from the
 * organisation's partition, consistently (not from the status index, which lags), since it is
 * counted right after the previous inviter let go of the guard.
 */
export async function countPeople(organizationId: string, now = new Date()): Promise<number> {
  const [members, pending] = await Promise.all([
    listAll(idProjection, userProfiles.ofOrganization(organizationId), {
      attributes: ['id'],
      consistent: true,
    }),
    listAll(idProjection, invitations.ofOrganization(organizationId), {
      filter: invitations.usable(now),
      attributes: ['id'],
      consistent: true,
    }),
  ]);
  return members.length + pending.length;
}

// ---- The guard ----

export const GUARD_BUSY_MESSAGE =
  'Another change to this organisation is still being saved. Please try again in a moment.';

const GUARD_TERMS: LeaseTerms = {
  // Longer than any request function's timeout: a holder that crashed frees the guard when its lease ends.
  leaseMs: 60_000,
  // Within the API's 29-second ceiling, with room for the work itself.
  waitMs: 15_000,
  busy: () => new Conflict(GUARD_BUSY_MESSAGE, 'busy'),
};

/**
 * A job's terms (a CSV import writing thousands of rows): the lease is renewed while the job runs,
 * so a crashed job still frees the guard within a minute; a job waits for another's for up to ten
 * minutes, well inside its function's fifteen.
 */
export const JOB_GUARD_TERMS: LeaseTerms = {
  ...GUARD_TERMS,
  renewEveryMs: 15_000,
  waitMs: 600_000,
};

const ALWAYS_HELD: HeldLease = { held: () => true };

/**
 * Runs `work` (which counts, then writes) under the organisation's guard for the resource when it
 * has a limit, so that two imports (or two invitations) racing each other cannot together pass the
 * limit: the second waits for the first, then counts what the first wrote. Organisations without a
 * limit never take it, so their large imports run in parallel.
 */
export async function underPlanLimitGuard<T>(
  organizationId: string,
  resource: LimitedResource,
  limit: number,
  work: (lease: HeldLease) => Promise<T>,
  terms: LeaseTerms = GUARD_TERMS,
): Promise<T> {
  if (limit >= UNLIMITED) return work(ALWAYS_HELD);
  return underLease(limitGuards.key(organizationId, resource), terms, work);
}

// ---- Applying them ----

/**
 * Writes new hardware assets (`write`) unless they would take the organisation past its plan's
 * asset limit (409 plan_limit). Counting and writing happen under the organisation's guard, so
 * racing imports cannot together pass the limit.
 */
export async function withRoomForAssets<T>(
  organizationId: string,
  subscription: SubscriptionItem | null,
  adding: number,
  how: 'create' | 'import',
  write: () => Promise<T>,
): Promise<T> {
  const limits = planLimits(subscription);
  if (adding === 0) return write();
  return underPlanLimitGuard(organizationId, 'assets', limits.assetLimit, async () => {
    await assertRoomForAssets(organizationId, limits, adding, how);
    return write();
  });
}

/**
 * Refuses (409 plan_limit) `adding` new hardware assets that would take the organisation past its
 * plan's asset limit. Under the guard it decides; outside it (a file checked as it is uploaded) it
 * refuses early what the guarded count would refuse later.
 */
export async function assertRoomForAssets(
  organizationId: string,
  { planName, assetLimit }: PlanLimits,
  adding: number,
  how: 'create' | 'import',
): Promise<void> {
  if (assetLimit >= UNLIMITED || adding === 0) return;
  const current = await countAssets(organizationId);
  if (current + adding <= assetLimit) return;
  throw new Conflict(
    how === 'import'
      ? PLAN_LIMIT_MESSAGES.importTooMany(planName, assetLimit, current, adding)
      : PLAN_LIMIT_MESSAGES.assets(planName, assetLimit, current),
    'plan_limit',
  );
}

/** Refuses one more person (409 plan_limit) when there is no room, `freeing` places a change gives up. */
export type RoomForOneMore = (freeing: number) => Promise<void>;

/**
 * Runs `work` (which invites someone) under the organisation's guard when its plan limits users.
 * `work` reads what it needs first, then asks for room for one more person before it writes.
 */
export function withRoomForPeople<T>(
  organizationId: string,
  { planName, userLimit }: PlanLimits,
  now: Date,
  work: (roomForOneMore: RoomForOneMore) => Promise<T>,
): Promise<T> {
  return underPlanLimitGuard(organizationId, 'users', userLimit, () =>
    work(async (freeing) => {
      if (userLimit < UNLIMITED && (await countPeople(organizationId, now)) - freeing >= userLimit) {
        throw new Conflict(PLAN_LIMIT_MESSAGES.users(planName, userLimit), 'plan_limit');
      }
    }),
  );
}
