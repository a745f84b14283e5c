import * as z from 'zod';
import { UNLIMITED } from './constants';
import { displayStatus } from './subscription';

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
});
export type BillingResponse = z.output<typeof billingResponseSchema>;

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
