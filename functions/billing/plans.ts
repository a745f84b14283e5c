import { ulid } from 'ulid';
import type { SubscriptionPlan } from '../../shared/billing';
import { subscriptionPlans, type SubscriptionPlanItem as PlanItem } from '../lib/table/items/billing';
import { write, type TableWrite } from '../lib/table/transaction';
import type { PlanTerms } from './stripe-plan';

/** The plans mirrored from Stripe's prices (POST /api/billing/sync-plans), as the billing page lists them. */

function toPlan(item: PlanItem): SubscriptionPlan {
  return {
    id: item.id,
    name: item.name,
    amount: item.amount,
    currency: item.currency,
    interval: item.interval,
    stripe_price_id: item.stripe_price_id,
    is_active: item.is_active,
    features: { features: item.features },
    asset_limit: item.asset_limit,
    user_limit: item.user_limit,
  };
}

async function allPlanItems(): Promise<PlanItem[]> {
  return subscriptionPlans.list();
}

/** SPEC 7: active plans by amount ascending (then by name, for equal prices). */
export async function listActivePlans(): Promise<SubscriptionPlan[]> {
  return (await allPlanItems())
    .filter((plan) => plan.is_active)
    .sort((a, b) => a.amount - b.amount || a.name.localeCompare(b.name))
    .map(toPlan);
}

export async function getPlanByPrice(priceId: string): Promise<SubscriptionPlan | null> {
  const plan = await subscriptionPlans.get(priceId);
  return plan ? toPlan(plan) : null;
}

export interface PlanSyncOutcome {
  saved: { terms: PlanTerms; action: 'created' | 'updated' }[];
  deactivated: number;
  totalActive: number;
}

/** Transactions hold at most 100 items. */
const TRANSACTION_MAX_ITEMS = 100;

/**
 * Upserts the plans read from Stripe and retires the ones Stripe no longer offers. A price that
 * failed to read (`keep`) leaves its earlier plan as it was.
 */
export async function savePlans(terms: PlanTerms[], keep: Set<string>, now: Date): Promise<PlanSyncOutcome> {
  const existing = new Map((await allPlanItems()).map((plan) => [plan.stripe_price_id, plan]));
  const timestamp = now.toISOString();
  const saved = terms.map((plan) => ({
    terms: plan,
    action: existing.has(plan.stripe_price_id) ? ('updated' as const) : ('created' as const),
  }));
  const offered = new Set(terms.map((plan) => plan.stripe_price_id));
  const retired = [...existing.values()].filter(
    (plan) => plan.is_active && !offered.has(plan.stripe_price_id) && !keep.has(plan.stripe_price_id),
  );
  const items: TableWrite[] = [
    ...terms.map((plan) => {
      const earlier = existing.get(plan.stripe_price_id);
      return subscriptionPlans.put({
        ...plan,
        id: earlier?.id ?? ulid(now.getTime()),
        is_active: true,
        created_at: earlier?.created_at ?? timestamp,
        updated_at: timestamp,
      });
    }),
    ...retired.map((plan) => subscriptionPlans.deactivate(plan.stripe_price_id, timestamp)),
  ];
  for (let start = 0; start < items.length; start += TRANSACTION_MAX_ITEMS) {
    const chunk = items.slice(start, start + TRANSACTION_MAX_ITEMS);
    await write(() => ({ parts: chunk.map(() => null), items: chunk }));
  }
  const totalActive = (await allPlanItems()).filter((plan) => plan.is_active).length;
  return { saved, deactivated: retired.length, totalActive };
}
