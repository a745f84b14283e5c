import { createInvoice, currentSubscription, emit, invoiceEvent, payInvoice } from './billing';
import { addInterval, nowSeconds } from './clock';
import { deepCopy, type Subscription } from './objects';
import type { SandboxContext } from './state';

/**
 * The billing portal's buttons, as Stripe carries them out on the customer's subscription, and the
 * renewals a person would otherwise wait a month for.
 */

export const PORTAL_ACTIONS = [
  'cancel-at-period-end',
  'resume',
  'cancel-now',
  'renew',
  'fail-renewal',
  'pay-invoice',
  'period-end',
] as const;
export type PortalAction = (typeof PORTAL_ACTIONS)[number];

/** The subscription the portal shows a customer: the newest one not canceled, else the newest canceled. */
export function portalSubscription(
  ctx: SandboxContext,
  customerId: string,
): { subscription: Subscription | undefined; live: boolean } {
  const mine = ctx.state.subscriptions.filter((s) => s.customer === customerId);
  const live = mine.filter((s) => s.status !== 'canceled' && s.status !== 'incomplete_expired').at(-1);
  return live ? { subscription: live, live: true } : { subscription: mine.at(-1), live: false };
}

async function updated(ctx: SandboxContext, subscription: Subscription, previous: Record<string, unknown>) {
  ctx.save();
  await emit(ctx, 'customer.subscription.updated', currentSubscription(ctx, subscription), previous);
}

/** Ends a subscription now, as Stripe's cancel does (the portal's button, or DELETE /v1/subscriptions/{id}). */
export function cancelNow(subscription: Subscription, reason: string) {
  const now = nowSeconds();
  subscription.status = 'canceled';
  subscription.canceled_at ??= now;
  subscription.ended_at = now;
  subscription.cancel_at_period_end = false;
  subscription.cancellation_details = { comment: null, feedback: null, reason };
}

/** Starts the next period: a new invoice (paid or open), reported as invoice + subscription events. */
async function renew(ctx: SandboxContext, subscription: Subscription, paid: boolean) {
  const item = subscription.items.data[0];
  if (!item) return;
  const previous: Record<string, unknown> = {
    items: deepCopy(currentSubscription(ctx, subscription).items),
    latest_invoice: subscription.latest_invoice,
  };
  const price = ctx.state.prices.find((p) => p.id === item.price.id) ?? item.price;
  const interval = price.recurring?.interval ?? 'month';
  for (const each of subscription.items.data) {
    each.current_period_start = each.current_period_end;
    each.current_period_end = addInterval(
      each.current_period_start,
      interval,
      price.recurring?.interval_count ?? 1,
    );
  }
  item.price = deepCopy(price);
  const status = paid ? 'active' : 'past_due';
  if (subscription.status !== status) previous.status = subscription.status;
  subscription.status = status;
  const invoice = createInvoice(ctx, subscription, item, 'subscription_cycle', paid);
  ctx.save();
  await emit(ctx, invoiceEvent(invoice), invoice);
  await updated(ctx, subscription, previous);
}

/** Carries out a billing-portal button on the customer's current subscription. */
export async function portalAction(
  ctx: SandboxContext,
  customerId: string,
  action: PortalAction,
): Promise<void> {
  const { subscription, live } = portalSubscription(ctx, customerId);
  if (!subscription || !live) return;
  const item = subscription.items.data[0];
  switch (action) {
    case 'cancel-at-period-end': {
      if (subscription.cancel_at_period_end) return;
      const previous = { cancel_at_period_end: false, cancel_at: subscription.cancel_at, canceled_at: null };
      subscription.cancel_at_period_end = true;
      subscription.cancel_at = item?.current_period_end ?? null;
      subscription.canceled_at = nowSeconds();
      subscription.cancellation_details = { comment: null, feedback: null, reason: 'cancellation_requested' };
      return updated(ctx, subscription, previous);
    }
    case 'resume': {
      if (!subscription.cancel_at_period_end) return;
      const previous = {
        cancel_at_period_end: true,
        cancel_at: subscription.cancel_at,
        canceled_at: subscription.canceled_at,
      };
      subscription.cancel_at_period_end = false;
      subscription.cancel_at = null;
      subscription.canceled_at = null;
      subscription.cancellation_details = { comment: null, feedback: null, reason: null };
      return updated(ctx, subscription, previous);
    }
    case 'cancel-now':
      cancelNow(subscription, 'cancellation_requested');
      ctx.save();
      await emit(ctx, 'customer.subscription.deleted', currentSubscription(ctx, subscription));
      return;
    case 'period-end':
      // The period ran out on a subscription set to cancel at its end.
      cancelNow(subscription, 'cancellation_requested');
      ctx.save();
      await emit(ctx, 'customer.subscription.deleted', currentSubscription(ctx, subscription));
      return;
    case 'renew':
      return renew(ctx, subscription, true);
    case 'fail-renewal':
      return renew(ctx, subscription, false);
    case 'pay-invoice': {
      const invoice = ctx.state.invoices.find((i) => i.id === subscription.latest_invoice);
      if (invoice) await payInvoice(ctx, invoice);
      return;
    }
  }
}
