import type Stripe from 'stripe';
import { subscriptionStatusFromStripe } from '../../shared/billing';
import { UNLIMITED } from '../../shared/constants';
import { logger } from '../lib/logger';
import { stripe } from '../lib/stripe';
import { getPlanByPrice } from './plans';
import {
  applyPaymentEvent,
  applySubscriptionEvent,
  findOrganizationByCustomer,
  type EventOutcome,
  type MirroredSubscription,
} from './subscription-mirror';
import { readLimit } from './stripe-plan';

/**
 * Stripe is the source of truth; webhooks only tell us when to look. A subscription event is
 * applied by reading the subscription from Stripe as it is now, so events delivered late or out of
 * order can only ever write the newest state. Invoice events add payment rows keyed by the
 * invoice, sorted by the invoice's own time. Each event id is applied once.
 */
export type StripeEventOutcome = EventOutcome | 'ignored';

const iso = (seconds: number | null | undefined) =>
  seconds === null || seconds === undefined ? null : new Date(seconds * 1000).toISOString();

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

/** The organisation a customer pays for, else the one our checkout wrote into the metadata. */
async function organizationOf(
  customer: string | { id: string } | null,
  metadata: Record<string, string> | null | undefined,
): Promise<string | null> {
  const customerId = idOf(customer);
  const linked = customerId ? await findOrganizationByCustomer(customerId) : null;
  return linked ?? metadata?.organization_id ?? null;
}

function productOf(price: Stripe.Price): Stripe.Product | null {
  return typeof price.product === 'object' && !('deleted' in price.product && price.product.deleted)
    ? (price.product as Stripe.Product)
    : null;
}

/** The subscription as the organisation's item stores it: status in our words, plan, limits, period. */
async function mirrorOf(subscription: Stripe.Subscription): Promise<MirroredSubscription> {
  const item = subscription.items.data[0];
  const price = item?.price;
  const plan = price ? await getPlanByPrice(price.id) : null;
  const product = price ? productOf(price) : null;
  const metadata = { ...product?.metadata, ...price?.metadata };
  const assetLimit = readLimit(metadata, 'asset_limit');
  const userLimit = readLimit(metadata, 'user_limit');
  if (!plan && (!assetLimit.ok || !userLimit.ok)) {
    logger.warn('A subscription to a plan without limits metadata: treated as unlimited', {
      subscription: subscription.id,
      price: price?.id,
    });
  }
  const ended = subscription.status === 'canceled';
  const ending = !ended && (subscription.cancel_at_period_end || !!subscription.cancel_at);
  return {
    stripe_subscription_id: subscription.id,
    stripe_subscription_created: subscription.created,
    status: subscriptionStatusFromStripe(subscription.status),
    plan_id: plan?.id ?? null,
    plan_name: plan?.name ?? product?.name ?? 'Subscription',
    asset_limit: plan?.asset_limit ?? (assetLimit.ok ? assetLimit.value : UNLIMITED),
    user_limit: plan?.user_limit ?? (userLimit.ok ? userLimit.value : UNLIMITED),
    // An ended subscription has no period that runs: its items keep the period it was cut short in.
    current_period_end: ended ? null : iso(subscription.cancel_at ?? item?.current_period_end),
    cancel_at_period_end: ending,
    trial_end_date: subscription.status === 'trialing' ? iso(subscription.trial_end) : null,
    ended_at: ended ? iso(subscription.ended_at ?? subscription.canceled_at ?? null) : null,
    outstanding_invoice_url: outstandingInvoiceUrl(subscription),
  };
}

/** Statuses in which Stripe is still trying to collect the subscription's latest invoice. */
const OWING = new Set<Stripe.Subscription.Status>(['past_due', 'unpaid', 'incomplete']);

/** Where the invoice a subscription owes can be paid: Stripe's hosted invoice page. */
function outstandingInvoiceUrl(subscription: Stripe.Subscription): string | null {
  const invoice = subscription.latest_invoice;
  if (!OWING.has(subscription.status) || typeof invoice !== 'object' || invoice === null) return null;
  return invoice.status === 'open' ? (invoice.hosted_invoice_url ?? null) : null;
}

async function mirrorSubscription(
  subscriptionId: string,
  organizationId: string | null,
  event: Stripe.Event,
  now: Date,
): Promise<StripeEventOutcome> {
  const client = await stripe();
  const subscription = await client.subscriptions.retrieve(subscriptionId, {
    expand: ['items.data.price.product', 'latest_invoice'],
  });
  const organization = organizationId ?? (await organizationOf(subscription.customer, subscription.metadata));
  if (!organization) return 'ignored';
  return applySubscriptionEvent(organization, await mirrorOf(subscription), event, now);
}

function invoiceSubscription(invoice: Stripe.Invoice): {
  id: string | null;
  metadata: Record<string, string>;
} {
  const details = invoice.parent?.subscription_details;
  return { id: idOf(details?.subscription), metadata: details?.metadata ?? {} };
}

async function recordPayment(
  invoice: Stripe.Invoice,
  event: Stripe.Event,
  now: Date,
): Promise<StripeEventOutcome> {
  const organization = await organizationOf(invoice.customer, invoiceSubscription(invoice).metadata);
  if (!organization || !invoice.id) return 'ignored';
  const paid = event.type === 'invoice.paid';
  return applyPaymentEvent(
    organization,
    {
      // A paid invoice is one row; each failed attempt at it is a row of its own.
      id: paid ? `${invoice.id}:paid` : `${invoice.id}:failed:${event.id}`,
      timestamp: iso(paid ? (invoice.status_transitions.paid_at ?? event.created) : event.created)!,
      event_type: event.type,
      amount: paid ? invoice.amount_paid : invoice.amount_due,
      currency: invoice.currency,
      status: paid ? 'paid' : 'failed',
      invoice_url: invoice.hosted_invoice_url ?? null,
    },
    event,
    now,
  );
}

export async function applyStripeEvent(event: Stripe.Event, now: Date): Promise<StripeEventOutcome> {
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object;
      const subscriptionId = idOf(session.subscription);
      if (session.mode !== 'subscription' || !subscriptionId) return 'ignored';
      const organization =
        session.client_reference_id ?? (await organizationOf(session.customer, session.metadata));
      return mirrorSubscription(subscriptionId, organization, event, now);
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return mirrorSubscription(event.data.object.id, null, event, now);
    case 'invoice.paid':
    case 'invoice.payment_failed':
      return recordPayment(event.data.object, event, now);
    default:
      return 'ignored';
  }
}
