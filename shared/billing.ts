import * as z from 'zod';
import { UNLIMITED } from './constants';
import { pagingFields } from './list';
import { displayStatus, type SubscriptionStatus } from './subscription';

export type {
  BillingResponse,
  BillingSubscription,
  CheckoutSessionResponse,
  Payment,
  PaymentsPage,
  PlanSyncResponse,
  SessionUrlResponse,
  SubscriptionPlan,
} from './billing-responses';

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

/** GET /api/billing/payments: every payment of the organisation, newest first, a page per cursor. */
export const PAYMENTS_PAGE_SIZE = 25;

export const paymentsQuerySchema = z.strictObject(pagingFields(PAYMENTS_PAGE_SIZE));
export type PaymentsQuery = z.output<typeof paymentsQuerySchema>;

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

export const checkoutRequestSchema = z.strictObject({
  price_id: z
    .string({ error: 'Choose a plan' })
    .trim()
    .min(1, 'Choose a plan')
    .max(255, 'That is not a plan')
    .regex(/^[A-Za-z0-9_]+$/, 'That is not a plan'),
});
export type CheckoutRequest = z.infer<typeof checkoutRequestSchema>;

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
