import type Stripe from 'stripe';
import { BILLING_MESSAGES, type PlanSyncResponse } from '../../shared/billing';
import { userRoute } from '../lib/http';
import { callStripe } from '../lib/stripe';
import { savePlans } from './plans';
import { planFromStripe, type PlanTerms } from './stripe-plan';

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/**
 * POST /api/billing/sync-plans (super_admin): every active recurring price of an active Stripe
 * product becomes a plan; plans Stripe no longer offers become inactive. A price whose metadata
 * cannot be read is listed in `errors` and leaves its earlier plan untouched.
 */
export async function syncPlansFromStripe(now: Date): Promise<PlanSyncResponse> {
  const prices = await callStripe(BILLING_MESSAGES.syncFailed, async (stripe) => {
    const all: Stripe.Price[] = [];
    for await (const price of stripe.prices.list({ active: true, expand: ['data.product'], limit: 100 })) {
      all.push(price);
    }
    return all;
  });

  const plans: PlanTerms[] = [];
  const errors: PlanSyncResponse['errors'] = [];
  for (const price of prices) {
    const product = price.product;
    if (typeof product !== 'object' || ('deleted' in product && product.deleted) || !product.active) continue;
    const reading = planFromStripe(price, product as Stripe.Product);
    if (reading.ok) plans.push(reading.plan);
    else errors.push({ product: product.name, price_id: price.id, error: reading.error });
  }

  const outcome = await savePlans(plans, new Set(errors.map((error) => error.price_id)), now);
  const message = [
    `Synced ${plural(outcome.saved.length, 'plan')} from Stripe`,
    ...(errors.length > 0 ? [`${errors.length} failed`] : []),
    ...(outcome.deactivated > 0 ? [`${plural(outcome.deactivated, 'plan')} no longer offered`] : []),
  ].join('; ');
  return {
    message,
    plans: outcome.saved.map(({ terms, action }) => ({
      name: terms.name,
      stripe_price_id: terms.stripe_price_id,
      amount: terms.amount,
      currency: terms.currency,
      interval: terms.interval,
      action,
    })),
    errors,
    verification: { total_active_plans: outcome.totalActive, saved_plans: outcome.saved.length },
  };
}

export const handler = userRoute({}, ({ now }) => syncPlansFromStripe(now));
