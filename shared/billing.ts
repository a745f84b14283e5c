import * as z from 'zod';
import { UNLIMITED } from './constants';
import { pageSchema, pagingFields } from './list';
import { displayStatus, type SubscriptionStatus } from './subscription';

/**
 * Billing: the subscription plans mirrored from Stripe, the organisation's subscription and its
 * payment history (GET /api/billing), checkout and portal sessions, and the super_admin's plan sync.
 */

export const BILLING_MESSAGES = {
  syncNoSession: 'Not authenticated',
  syncFailed: 'Failed to sync plans',
  syncFailedTitle: 'Sync Failed',
  syncPartialTitle: 'Some Plans Failed to Sync',
  billingLoad: 'Unable to load billing information. Please try refreshing the page.',
  plansLoad: (message: string) => `Failed to load subscription plans: ${message}`,
  noPlans: 'No subscription plans are currently available. Please contact support.',
  checkoutCreate: 'Failed to create checkout session',
  checkoutNoUrl: 'No checkout URL returned from server',
  checkoutStart: 'Failed to start checkout',
  checkoutLookup: 'Failed to check the checkout session',
  checkoutNotFound: 'This checkout session was not found for your organisation.',
  portalCreate: 'Failed to create portal session',
  portalOpen: 'Failed to open billing portal',
  planUnavailable: 'This plan is no longer available. Reload the page to see the current plans.',
  alreadySubscribed:
    'Your organisation already has a subscription. Change or cancel it from Manage Billing instead.',
  noBillingAccount: 'Your organisation has no billing account yet: choose a plan first.',
  endingNotice: (endDate: string) =>
    `Your subscription will end on ${endDate}. You can reactivate it from Manage Billing before then.`,
} as const;

/** The trial's limits (SPEC 9 leaves them open; README → Billing documents them). */
export const TRIAL_ASSET_LIMIT = 500;
export const TRIAL_USER_LIMIT = 5;

export const PLAN_INTERVALS = ['day', 'week', 'month', 'year'] as const;
export type PlanInterval = (typeof PLAN_INTERVALS)[number];

const limit = z.number().int().positive();

export const subscriptionPlanSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Minor units (pence, cents). */
  amount: z.number().int().nonnegative(),
  /** ISO 4217, lower case as Stripe sends it. */
  currency: z.string(),
  interval: z.enum(PLAN_INTERVALS),
  stripe_price_id: z.string(),
  is_active: z.boolean(),
  features: z.object({ features: z.array(z.string()) }),
  /** UNLIMITED (999999) means effectively unlimited. */
  asset_limit: limit,
  user_limit: limit,
});
export type SubscriptionPlan = z.infer<typeof subscriptionPlanSchema>;

export const paymentSchema = z.object({
  id: z.string(),
  organisation_id: z.string(),
  timestamp: z.string(),
  /** The Stripe event that recorded it: invoice.paid or invoice.payment_failed. */
  event_type: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  /** paid or failed. */
  status: z.string(),
  invoice_url: z.string().nullable(),
});
export type Payment = z.infer<typeof paymentSchema>;

export const billingSubscriptionSchema = z.object({
  organization_id: z.string(),
  // Unknown statuses display as incomplete (SPEC 4).
  status: z.string().nullable().transform(displayStatus),
  has_active_subscription: z.boolean(),
  trial_start_date: z.string().nullable(),
  trial_end_date: z.string().nullable(),
  plan_id: z.string().nullable(),
  /** The plan's name, or null on the free trial. */
  plan_name: z.string().nullable(),
  current_period_end: z.string().nullable(),
  cancel_at_period_end: z.boolean(),
  /** When a cancelled subscription ended (Stripe's ended_at, else canceled_at); null while it runs. */
  ended_at: z.string().nullable(),
  /** Stripe's hosted page of the invoice a past_due subscription still owes, where it can be paid. */
  outstanding_invoice_url: z.string().nullable(),
  /** Whether a Stripe customer exists, so the billing portal can be opened. */
  has_billing_account: z.boolean(),
  asset_limit: limit,
  user_limit: limit,
  /** What the organisation uses now, against those limits: members plus pending invitations. */
  usage: z.object({ assets: z.number().int().nonnegative(), users: z.number().int().nonnegative() }),
});
export type BillingSubscription = z.output<typeof billingSubscriptionSchema>;

export const billingResponseSchema = z.object({
  subscription: billingSubscriptionSchema,
  /** Active plans by amount ascending. */
  plans: z.array(subscriptionPlanSchema),
  /** The latest 10, newest first. */
  payments: z.array(paymentSchema),
  /** Whether there are older payments than those (GET /api/billing/payments lists them all). */
  has_more_payments: z.boolean(),
});
export type BillingResponse = z.output<typeof billingResponseSchema>;

/** GET /api/billing/payments: every payment of the organisation, newest first, a page per cursor. */
export const PAYMENTS_PAGE_SIZE = 25;

export const paymentsQuerySchema = z.strictObject(pagingFields(PAYMENTS_PAGE_SIZE));
export type PaymentsQuery = z.output<typeof paymentsQuerySchema>;

export const paymentsPageSchema = pageSchema(paymentSchema);
export type PaymentsPage = z.infer<typeof paymentsPageSchema>;

/**
 * The checkout a person came back from, as Stripe has it now: GET /api/billing/checkout/{session_id}.
 * Stripe sends the browser to the success address with the session's id ({CHECKOUT_SESSION_ID});
 * the address alone proves nothing, the session does.
 */
export const checkoutSessionParamsSchema = z.strictObject({
  session_id: z
    .string()
    .max(255, 'That is not a checkout session')
    .regex(/^cs_[A-Za-z0-9_]+$/, 'That is not a checkout session'),
});

export const CHECKOUT_OUTCOMES = ['activated', 'activating', 'not-active', 'not-completed'] as const;
/**
 * activated: paid, and the organisation's subscription is the one it started, running; activating:
 * paid, but the webhook that mirrors it has not arrived yet; not-active: completed, but the
 * subscription it started does not run (its payment failed, or it has ended since); not-completed:
 * still open or expired, nothing was bought.
 */
export type CheckoutOutcome = (typeof CHECKOUT_OUTCOMES)[number];

export interface CheckoutSessionState {
  /** Stripe's: open, complete or expired. */
  status: string;
  /** The subscription it started, in the product's words, or null when there is none yet. */
  subscription_status: SubscriptionStatus | null;
  /** Whether the organisation's subscription mirrors that subscription in that status already. */
  mirrored: boolean;
}

export function checkoutOutcome(session: CheckoutSessionState): CheckoutOutcome {
  if (session.status !== 'complete' || session.subscription_status === null) return 'not-completed';
  if (session.subscription_status !== 'active' && session.subscription_status !== 'trial') {
    return 'not-active';
  }
  return session.mirrored ? 'activated' : 'activating';
}

export const checkoutSessionResponseSchema = z.object({
  id: z.string(),
  status: z.string(),
  /** Stripe's: paid, unpaid or no_payment_required. */
  payment_status: z.string(),
  subscription_status: z
    .string()
    .nullable()
    .transform((status) => (status ? displayStatus(status) : null)),
  mirrored: z.boolean(),
  outcome: z.enum(CHECKOUT_OUTCOMES),
});
export type CheckoutSessionResponse = z.output<typeof checkoutSessionResponseSchema>;

export const checkoutRequestSchema = z.strictObject({
  price_id: z
    .string({ error: 'Choose a plan' })
    .trim()
    .min(1, 'Choose a plan')
    .max(255, 'That is not a plan')
    .regex(/^[A-Za-z0-9_]+$/, 'That is not a plan'),
});
export type CheckoutRequest = z.infer<typeof checkoutRequestSchema>;

export const sessionUrlResponseSchema = z.object({ url: z.string().url() });
export type SessionUrlResponse = z.infer<typeof sessionUrlResponseSchema>;

export const planSyncResponseSchema = z.object({
  message: z.string(),
  plans: z.array(
    z.object({
      name: z.string(),
      stripe_price_id: z.string(),
      amount: z.number().int(),
      currency: z.string(),
      interval: z.string(),
      action: z.enum(['created', 'updated']),
    }),
  ),
  errors: z.array(z.object({ product: z.string(), price_id: z.string(), error: z.string() })),
  verification: z.object({
    total_active_plans: z.number().int().nonnegative(),
    saved_plans: z.number().int().nonnegative(),
  }),
});
export type PlanSyncResponse = z.infer<typeof planSyncResponseSchema>;

/** SPEC 9: minor units ÷ 100, formatted en-GB in the plan's currency. */
export function formatAmount(amount: number, currency: string): string {
  return new Intl.NumberFormat('en-GB', { style: 'currency', currency: currency.toUpperCase() }).format(
    amount / 100,
  );
}

export function isUnlimited(value: number): boolean {
  return value >= UNLIMITED;
}

/** "500 hardware assets", "Unlimited users". */
export function limitText(value: number, noun: 'hardware assets' | 'users'): string {
  return isUnlimited(value) ? `Unlimited ${noun}` : `${value.toLocaleString('en-GB')} ${noun}`;
}

/** How a plan's limits are named in messages: 'the free trial' or 'the Starter plan'. */
export function planLabel(planName: string | null | undefined): string {
  return planName ? `the ${planName} plan` : 'the free trial';
}

export const PLAN_LIMIT_MESSAGES = {
  assets: (planName: string | null, limitValue: number, current: number) =>
    `${capitalise(planLabel(planName))} allows ${limitValue.toLocaleString('en-GB')} hardware assets and this organisation has ${current.toLocaleString('en-GB')}. Choose a larger plan in Settings → Billing & Subscription to add more.`,
  importTooMany: (planName: string | null, limitValue: number, current: number, adding: number) =>
    `This file would add ${adding.toLocaleString('en-GB')} hardware assets, but ${planLabel(planName)} allows ${limitValue.toLocaleString('en-GB')} and this organisation has ${current.toLocaleString('en-GB')}. Nothing was imported: import fewer rows or choose a larger plan.`,
  users: (planName: string | null, limitValue: number) =>
    `${capitalise(planLabel(planName))} allows ${limitValue.toLocaleString('en-GB')} user${limitValue === 1 ? '' : 's'} (members and pending invitations): remove a user or cancel an invitation before inviting another, or choose a larger plan.`,
} as const;

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * Stripe's subscription status in the product's words (SPEC 4): canceled → cancelled,
 * trialing → trial, unpaid → past_due, incomplete_expired → incomplete. paused grants no access.
 */
export function subscriptionStatusFromStripe(status: string): string {
  switch (status) {
    case 'active':
      return 'active';
    case 'past_due':
    case 'unpaid':
      return 'past_due';
    case 'canceled':
      return 'cancelled';
    case 'trialing':
      return 'trial';
    default:
      return 'incomplete';
  }
}

/**
 * A Stripe subscription that still runs (on a plan, not cancelled or incomplete): a new checkout is
 * refused, and plan changes and cancellation go through the billing portal instead.
 */
export function hasRunningPlan(subscription: { plan_id: string | null; status: string }): boolean {
  return (
    subscription.plan_id !== null &&
    ['active', 'past_due', 'trial'].includes(displayStatus(subscription.status))
  );
}
