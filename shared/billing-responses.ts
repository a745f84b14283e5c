import * as z from 'zod';
import { CHECKOUT_OUTCOMES, PLAN_INTERVALS } from './billing';
import { pageSchema } from './list';
import { displayStatus } from './subscription';

/**
 * What the billing routes answer, as the web app reads it (GET /api/billing, the payments, the
 * checkout session, checkout, portal and plan-sync answers). Apart from shared/billing.ts because no
 * function parses its own answers: the billing Lambda's bundle carries none of these schemas, only
 * their types.
 */

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

export const paymentsPageSchema = pageSchema(paymentSchema);
export type PaymentsPage = z.infer<typeof paymentsPageSchema>;

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
