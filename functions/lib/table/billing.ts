import { ulid } from 'ulid';
import { PAYMENT_HISTORY_PAGE_SIZE } from '../../../shared/constants';
import type { Payment, PaymentsPage, PaymentsQuery, SubscriptionPlan } from '../../../shared/billing';
import type { PlanTerms } from '../../billing/stripe-plan';
import {
  absent,
  anyOf,
  create,
  encodeCursor,
  equals,
  getItem,
  lessThan,
  listAll,
  listPage,
  patch,
  put,
  type TableWrite,
} from './commands';
import {
  payments,
  stripeCustomers,
  stripeEvents,
  subscriptionPlans,
  subscriptions,
  type PaymentItem,
  type StripeCustomerItem,
  type SubscriptionItem,
  type SubscriptionPlanItem as PlanItem,
} from './items';
import { readKeyOrderedPage } from './pages';
import { write } from './transaction';

/**
 * The table's mirror of Stripe. Every webhook effect is written in one transaction with the
 * event's id, on the condition that the id is new: an event is applied at most once, and a
 * duplicate delivery changes nothing.
 */

/** Statuses of a subscription that no longer runs. */
const ENDED_STATUSES = ['cancelled', 'incomplete'];

const EVENT_RETENTION_SECONDS = 30 * 24 * 3600;

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

function toPayment(item: PaymentItem): Payment {
  return {
    id: item.id,
    organisation_id: item.organization_id,
    timestamp: item.timestamp,
    event_type: item.event_type,
    amount: item.amount,
    currency: item.currency,
    status: item.status,
    invoice_url: item.invoice_url ?? null,
  };
}

async function allPlanItems(): Promise<PlanItem[]> {
  return listAll<PlanItem>(subscriptionPlans.all());
}

/** SPEC 7: active plans by amount ascending (then by name, for equal prices). */
export async function listActivePlans(): Promise<SubscriptionPlan[]> {
  return (await allPlanItems())
    .filter((plan) => plan.is_active)
    .sort((a, b) => a.amount - b.amount || a.name.localeCompare(b.name))
    .map(toPlan);
}

export async function getPlanByPrice(priceId: string): Promise<SubscriptionPlan | null> {
  const plan = await getItem<PlanItem>(subscriptionPlans.key(priceId));
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
      return put(
        subscriptionPlans.item({
          ...plan,
          id: earlier?.id ?? ulid(now.getTime()),
          is_active: true,
          created_at: earlier?.created_at ?? timestamp,
          updated_at: timestamp,
        }),
      );
    }),
    ...retired.map((plan) =>
      patch(subscriptionPlans.key(plan.stripe_price_id), {
        set: { is_active: false, updated_at: timestamp },
      }),
    ),
  ];
  for (let start = 0; start < items.length; start += TRANSACTION_MAX_ITEMS) {
    const chunk = items.slice(start, start + TRANSACTION_MAX_ITEMS);
    await write(() => ({ parts: chunk.map(() => null), items: chunk }));
  }
  const totalActive = (await allPlanItems()).filter((plan) => plan.is_active).length;
  return { saved, deactivated: retired.length, totalActive };
}

/** SPEC 7: the organisation's latest payments, newest first, and whether older ones exist. */
export async function listLatestPayments(
  organizationId: string,
): Promise<{ payments: Payment[]; hasMore: boolean }> {
  // One more than shown tells whether there are more, in the same read.
  const { items } = await listPage<PaymentItem>(payments.ofOrganization(organizationId), {
    newestFirst: true,
    limit: PAYMENT_HISTORY_PAGE_SIZE + 1,
  });
  return {
    payments: items.slice(0, PAYMENT_HISTORY_PAGE_SIZE).map(toPayment),
    hasMore: items.length > PAYMENT_HISTORY_PAGE_SIZE,
  };
}

/** Every payment of the organisation, newest first, a page per cursor. */
export async function listPaymentsPage(
  organizationId: string,
  { cursor, limit }: PaymentsQuery,
): Promise<PaymentsPage> {
  const page = await readKeyOrderedPage<PaymentItem>({
    read: async (from, count) => {
      const { items, cursor: next } = await listPage<PaymentItem>(payments.ofOrganization(organizationId), {
        newestFirst: true,
        cursor: from,
        limit: count,
      });
      return { data: items, cursor: next };
    },
    cursorAfter: (payment) => encodeCursor(payments.key(payment)),
    cursor: cursor ?? null,
    limit,
  });
  return { items: page.items.map(toPayment), next_cursor: page.next_cursor };
}

export async function findOrganizationByCustomer(customerId: string): Promise<string | null> {
  const customer = await getItem<StripeCustomerItem>(stripeCustomers.key(customerId));
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
      patch(
        subscriptions.key(organizationId),
        { set: { stripe_customer_id: customerId } },
        absent('stripe_customer_id'),
      ),
      create(stripeCustomers.item({ customer_id: customerId, organization_id: organizationId })),
    ],
  }));
  if (outcome.ok) return customerId;
  const subscription = await getItem<SubscriptionItem>(subscriptions.key(organizationId), {
    consistent: true,
  });
  if (!subscription?.stripe_customer_id) throw new Error(`Could not link Stripe customer ${customerId}`);
  return subscription.stripe_customer_id;
}

/** An event, and whether it is to be applied: false when it was applied before. */
export interface StripeEventMark {
  id: string;
  type: string;
}

function eventItem(event: StripeEventMark, now: Date): TableWrite {
  return create(
    stripeEvents.item({
      event_id: event.id,
      type: event.type,
      applied_at: now.toISOString(),
      expires_at: Math.floor(now.getTime() / 1000) + EVENT_RETENTION_SECONDS,
    }),
  );
}

export type EventOutcome = 'applied' | 'duplicate' | 'stale';

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
  const present = {
    ...Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== null)),
    ...(trial_end_date ? { trial_end_date } : {}),
    updated_at: now.toISOString(),
  };
  const cleared = CLEARED_WHEN_ABSENT.filter((name) => mirror[name] === null);
  const replaceable = anyOf(
    absent('stripe_subscription_id'),
    equals('stripe_subscription_id', mirror.stripe_subscription_id),
    lessThan('stripe_subscription_created', mirror.stripe_subscription_created),
    // A running subscription takes the place of an ended one, even one started the same second.
    ...(ENDED_STATUSES.includes(mirror.status)
      ? []
      : [anyOf(...ENDED_STATUSES.map((ended) => equals('status', ended)))]),
  );
  const outcome = await write<'event' | 'subscription'>(() => ({
    parts: ['event', 'subscription'],
    items: [
      eventItem(event, now),
      patch(subscriptions.key(organizationId), { set: present, remove: cleared }, replaceable),
    ],
  }));
  if (outcome.ok) return 'applied';
  return outcome.failed.includes('event') ? 'duplicate' : 'stale';
}

/** Adds a payment row with the event's mark. */
export async function applyPaymentEvent(
  organizationId: string,
  payment: Omit<Payment, 'organisation_id'>,
  event: StripeEventMark,
  now: Date,
): Promise<EventOutcome> {
  const outcome = await write<'event' | 'payment'>(() => ({
    parts: ['event', 'payment'],
    items: [
      eventItem(event, now),
      put(
        payments.item({
          organization_id: organizationId,
          id: payment.id,
          timestamp: payment.timestamp,
          event_type: payment.event_type,
          amount: payment.amount,
          currency: payment.currency,
          status: payment.status,
          ...(payment.invoice_url ? { invoice_url: payment.invoice_url } : {}),
        }),
      ),
    ],
  }));
  return outcome.ok ? 'applied' : 'duplicate';
}
