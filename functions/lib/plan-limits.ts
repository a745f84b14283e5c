import { PLAN_LIMIT_MESSAGES, TRIAL_ASSET_LIMIT, TRIAL_USER_LIMIT } from '../../shared/billing';
import { UNLIMITED } from '../../shared/constants';
import { displayStatus } from '../../shared/subscription';
import { Conflict } from './errors';
import type { SubscriptionItem } from './table';
import { countHardwareAssets } from './table/hardware';
import { underPlanLimitGuard } from './table/plan-limit-guard';

/**
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
  const { planName, assetLimit } = planLimits(subscription);
  if (adding === 0) return write();
  return underPlanLimitGuard(organizationId, 'assets', assetLimit, async () => {
    const current = await countHardwareAssets(organizationId);
    if (current + adding > assetLimit) {
      throw new Conflict(
        how === 'import'
          ? PLAN_LIMIT_MESSAGES.importTooMany(planName, assetLimit, current, adding)
          : PLAN_LIMIT_MESSAGES.assets(planName, assetLimit, current),
        'plan_limit',
      );
    }
    return write();
  });
}
