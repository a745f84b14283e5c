import type { Payment } from '../../shared/billing';
import { payments, stripeCustomers, stripeEvents } from '../lib/table/items/billing';
import { organizations, subscriptions } from '../lib/table/items/organizations';
import { write, type TableWrite } from '../lib/table/transaction';

/**
 * The table's mirror of Stripe. Every webhook effect is written in one transaction with the
 * event's id, on the condition that the id is new: an event is applied at most once, and a
 * duplicate delivery changes nothing. The same transaction checks that the organisation is there
 * and not being deleted: an event about an organisation that is gone or going (its own
 * subscription's cancellation among them) is acknowledged and writes nothing, not even its id.
 */

/** Statuses of a subscription that no longer runs. */
const ENDED_STATUSES = ['cancelled', 'incomplete'];

const EVENT_RETENTION_SECONDS = 30 * 24 * 3600;

export async function findOrganizationByCustomer(customerId: string): Promise<string | null> {
  const customer = await stripeCustomers.get(customerId);
  return customer?.organization_id ?? null;
}

/**
 * Records the organisation's Stripe customer, unless it has one already: then that one is kept
 * and returned, so two checkouts started at once share one customer.
 */
export async function linkStripeCustomer(organizationId: string, customerId: string): Promise<string> {
  const outcome = await write(() => ({
    parts: ['subscription', 'lookup'],
    items: [
      subscriptions.linkCustomerIfNone(organizationId, customerId),
      stripeCustomers.create({ customer_id: customerId, organization_id: organizationId }),
    ],
  }));
  if (outcome.ok) return customerId;
  const subscription = await subscriptions.get(organizationId, { consistent: true });
  if (!subscription?.stripe_customer_id) throw new Error(`Could not link Stripe customer ${customerId}`);
  return subscription.stripe_customer_id;
}

/** An event, and whether it is to be applied: false when it was applied before. */
export interface StripeEventMark {
  id: string;
  type: string;
}

function eventItem(event: StripeEventMark, now: Date): TableWrite {
  return stripeEvents.create({
    event_id: event.id,
    type: event.type,
    applied_at: now.toISOString(),
    expires_at: Math.floor(now.getTime() / 1000) + EVENT_RETENTION_SECONDS,
  });
}

/** 'organization_gone': the organisation is deleted or being deleted, and nothing was written. */
export type EventOutcome = 'applied' | 'duplicate' | 'stale' | 'organization_gone';

/** The mirror of one Stripe subscription, as the organisation's subscription item stores it. */
export interface MirroredSubscription {
  stripe_subscription_id: string;
  stripe_subscription_created: number;
  status: string;
  plan_id: string | null;
  plan_name: string;
  asset_limit: number;
  user_limit: number;
  /** Null once the subscription has ended: no period of it runs any more. */
  current_period_end: string | null;
  cancel_at_period_end: boolean;
  trial_end_date: string | null;
  ended_at: string | null;
  outstanding_invoice_url: string | null;
}

/** The mirror's fields that are absent rather than null when Stripe has no value for them. */
const CLEARED_WHEN_ABSENT = ['plan_id', 'current_period_end', 'ended_at', 'outstanding_invoice_url'] as const;

/**
 * Mirrors a Stripe subscription onto the organisation's subscription, with the event's mark. The
 * mirrored subscription is replaced only by a newer one, or by a running one when it has ended: a
 * late event of a replaced subscription is stale and changes nothing.
 */
export async function applySubscriptionEvent(
  organizationId: string,
  mirror: MirroredSubscription,
  event: StripeEventMark,
  now: Date,
): Promise<EventOutcome> {
  const { trial_end_date, ...fields } = mirror;
  // Absent values are removed, except an ended trial's date, which stays as history.
  const mirrored = {
    ...Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== null)),
    ...(trial_end_date ? { trial_end_date } : {}),
    updated_at: now.toISOString(),
  };
  const cleared = CLEARED_WHEN_ABSENT.filter((name) => mirror[name] === null);
  const incoming = {
    subscriptionId: mirror.stripe_subscription_id,
    created: mirror.stripe_subscription_created,
    // A running subscription takes the place of an ended one, even one started the same second.
    replacesStatuses: ENDED_STATUSES.includes(mirror.status) ? [] : ENDED_STATUSES,
  };
  const outcome = await write<'organization' | 'event' | 'subscription'>(() => ({
    parts: ['organization', 'event', 'subscription'],
    items: [
      organizations.checkLive(organizationId),
      eventItem(event, now),
      subscriptions.mirrorIfReplaceable(organizationId, { set: mirrored, remove: [...cleared] }, incoming),
    ],
  }));
  if (outcome.ok) return 'applied';
  if (outcome.failed.includes('organization')) return 'organization_gone';
  return outcome.failed.includes('event') ? 'duplicate' : 'stale';
}

/** Adds a payment row with the event's mark. */
export async function applyPaymentEvent(
  organizationId: string,
  payment: Omit<Payment, 'organisation_id'>,
  event: StripeEventMark,
  now: Date,
): Promise<EventOutcome> {
  const outcome = await write<'organization' | 'event' | 'payment'>(() => ({
    parts: ['organization', 'event', 'payment'],
    items: [
      organizations.checkLive(organizationId),
      eventItem(event, now),
      payments.put({
        organization_id: organizationId,
        id: payment.id,
        timestamp: payment.timestamp,
        event_type: payment.event_type,
        amount: payment.amount,
        currency: payment.currency,
        status: payment.status,
        ...(payment.invoice_url ? { invoice_url: payment.invoice_url } : {}),
      }),
    ],
  }));
  if (outcome.ok) return 'applied';
  return outcome.failed.includes('organization') ? 'organization_gone' : 'duplicate';
}
