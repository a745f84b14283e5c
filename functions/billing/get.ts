import type { BillingResponse } from '../../shared/billing';
import { displayStatus } from '../../shared/subscription';
import { userRoute } from '../lib/http';
import { countAssets, countPeople, planLimits } from '../lib/plan-limits';
import { listLatestPayments } from './payment-history';
import { listActivePlans } from './plans';

/** GET /api/billing: the organisation's subscription with its limits and usage, the plans, the payments. */
export const handler = userRoute({}, async ({ caller }): Promise<BillingResponse> => {
  const { organization, subscription } = caller;
  const limits = planLimits(subscription);
  const [plans, latest, assets, users] = await Promise.all([
    listActivePlans(),
    listLatestPayments(organization.id),
    countAssets(organization.id),
    countPeople(organization.id),
  ]);
  return {
    subscription: {
      organization_id: organization.id,
      status: displayStatus(subscription?.status),
      has_active_subscription: caller.hasActiveSubscription,
      trial_start_date: subscription?.trial_start_date ?? null,
      trial_end_date: subscription?.trial_end_date ?? null,
      plan_id: subscription?.plan_id ?? null,
      plan_name: limits.planName,
      current_period_end: subscription?.current_period_end ?? null,
      cancel_at_period_end: subscription?.cancel_at_period_end ?? false,
      ended_at: subscription?.ended_at ?? null,
      outstanding_invoice_url: subscription?.outstanding_invoice_url ?? null,
      has_billing_account: !!subscription?.stripe_customer_id,
      asset_limit: limits.assetLimit,
      user_limit: limits.userLimit,
      usage: { assets, users },
    },
    plans,
    payments: latest.payments,
    has_more_payments: latest.hasMore,
  };
});
