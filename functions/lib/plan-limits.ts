import { PLAN_LIMIT_MESSAGES, TRIAL_ASSET_LIMIT, TRIAL_USER_LIMIT } from '../../shared/billing';
import { UNLIMITED } from '../../shared/constants';
import { Conflict } from './errors';
import type { SubscriptionItem } from './table';
import { countHardwareAssets } from './table/hardware';

/**
 * The limits an organisation works within: its plan's, copied onto the subscription when Stripe's
 * subscription is mirrored; the free trial's until then. The platform's own organisation (the
 * super_admin's) has no subscription and no limits.
 */
export interface PlanLimits {
  /** null on the free trial. */
  planName: string | null;
  assetLimit: number;
  userLimit: number;
}

export function planLimits(subscription: SubscriptionItem | null): PlanLimits {
  if (!subscription) return { planName: null, assetLimit: UNLIMITED, userLimit: UNLIMITED };
  if (subscription.asset_limit !== undefined && subscription.user_limit !== undefined) {
    return {
      planName: subscription.plan_name ?? null,
      assetLimit: subscription.asset_limit,
      userLimit: subscription.user_limit,
    };
  }
  return { planName: null, assetLimit: TRIAL_ASSET_LIMIT, userLimit: TRIAL_USER_LIMIT };
}

/**
 * Refuses (409 plan_limit) a change that would take the organisation past its plan's asset limit.
 * Checked before writing: two imports racing each other may together pass the limit by one batch.
 */
export async function assertRoomForAssets(
  organizationId: string,
  subscription: SubscriptionItem | null,
  adding: number,
  how: 'create' | 'import',
): Promise<void> {
  const { planName, assetLimit } = planLimits(subscription);
  if (assetLimit >= UNLIMITED || adding === 0) return;
  const current = await countHardwareAssets(organizationId);
  if (current + adding <= assetLimit) return;
  throw new Conflict(
    how === 'import'
      ? PLAN_LIMIT_MESSAGES.importTooMany(planName, assetLimit, current, adding)
      : PLAN_LIMIT_MESSAGES.assets(planName, assetLimit, current),
    'plan_limit',
  );
}
