import * as z from 'zod';
import { PLAN_INTERVALS } from '../../../../shared/billing';
import { TTL_ATTRIBUTE } from '../definition';
import { create, encodeCursor, getItem, listAll, listPage, patch, put, type TableWrite } from '../commands';
import { key, stored, tableKey } from './stored';

/** A subscription plan: one active recurring Stripe price and its product. */
export const subscriptionPlanItemSchema = z.object({
  id: z.string(),
  stripe_price_id: z.string(),
  stripe_product_id: z.string(),
  name: z.string(),
  amount: z.number(),
  currency: z.string(),
  interval: z.enum(PLAN_INTERVALS),
  is_active: z.boolean(),
  features: z.array(z.string()),
  asset_limit: z.number(),
  user_limit: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type SubscriptionPlanItem = z.infer<typeof subscriptionPlanItemSchema>;

/** Every plan in one small partition, keyed by its price. */
export const subscriptionPlans = {
  key: (priceId: string) => tableKey('PLANS', `PLAN#${priceId}`),
  item: (plan: SubscriptionPlanItem) => stored(plan, subscriptionPlans.key(plan.stripe_price_id)),
  all: () => ({ partition: key('PLANS'), sortPrefix: key('PLAN#') }),
  list: (): Promise<SubscriptionPlanItem[]> => listAll(subscriptionPlanItemSchema, subscriptionPlans.all()),
  get: (priceId: string): Promise<SubscriptionPlanItem | null> =>
    getItem(subscriptionPlanItemSchema, subscriptionPlans.key(priceId)),
  put: (plan: SubscriptionPlanItem): TableWrite => put(subscriptionPlans.item(plan)),
  /** An existing plan Stripe no longer offers: kept, inactive. */
  deactivate: (priceId: string, updatedAt: string): TableWrite =>
    patch(subscriptionPlans.key(priceId), { set: { is_active: false, updated_at: updatedAt } }),
};

/** One invoice event of an organisation (SPEC 3, payment_history). */
export const paymentItemSchema = z.object({
  organization_id: z.string(),
  /** The invoice id and the event type: one row per invoice outcome, however often it is delivered. */
  id: z.string(),
  timestamp: z.string(),
  event_type: z.string(),
  amount: z.number(),
  currency: z.string(),
  status: z.string(),
  invoice_url: z.string().optional(),
});
export type PaymentItem = z.infer<typeof paymentItemSchema>;

export const payments = {
  /** Newest first by the invoice's own time, whatever order the events arrived in. */
  key: (payment: Pick<PaymentItem, 'organization_id' | 'timestamp' | 'id'>) =>
    tableKey(`ORG#${payment.organization_id}`, `PAYMENT#${payment.timestamp}#${payment.id}`),
  item: (payment: PaymentItem) => stored(payment, payments.key(payment)),
  /** Written again by a repeated delivery of its invoice event: the same row. */
  put: (payment: PaymentItem): TableWrite => put(payments.item(payment)),
  ofOrganization: (organizationId: string) => ({
    partition: key(`ORG#${organizationId}`),
    sortPrefix: key('PAYMENT#'),
  }),
  /** One read of the organisation's payments, newest first. */
  pageNewestFirst: (
    organizationId: string,
    { cursor = null, limit }: { cursor?: string | null; limit: number },
  ): Promise<{ items: PaymentItem[]; cursor: string | null }> =>
    listPage(paymentItemSchema, payments.ofOrganization(organizationId), {
      newestFirst: true,
      ...(cursor === null ? {} : { cursor }),
      limit,
    }),
  /** The cursor a listing resumes after this payment with. */
  cursorAfter: (payment: PaymentItem): string => encodeCursor(payments.key(payment)),
};

/** Which organisation a Stripe customer pays for: invoice and subscription events name only the customer. */
export const stripeCustomerItemSchema = z.object({
  customer_id: z.string(),
  organization_id: z.string(),
});
export type StripeCustomerItem = z.infer<typeof stripeCustomerItemSchema>;

export const stripeCustomers = {
  key: (customerId: string) => tableKey(`STRIPECUSTOMER#${customerId}`, 'STRIPECUSTOMER'),
  item: (customer: StripeCustomerItem) => stored(customer, stripeCustomers.key(customer.customer_id)),
  get: (customerId: string): Promise<StripeCustomerItem | null> =>
    getItem(stripeCustomerItemSchema, stripeCustomers.key(customerId)),
  create: (customer: StripeCustomerItem): TableWrite => create(stripeCustomers.item(customer)),
};

/** A webhook event already applied: written in the same transaction as its effect, then expires. */
export interface StripeEventItem {
  event_id: string;
  type: string;
  applied_at: string;
  /** Epoch seconds; Stripe stops retrying an event after 3 days, a month is ample. */
  expires_at: number;
}

export const stripeEvents = {
  item: ({ expires_at, ...event }: StripeEventItem) =>
    stored(
      { ...event, [TTL_ATTRIBUTE]: expires_at },
      tableKey(`STRIPEEVENT#${event.event_id}`, 'STRIPEEVENT'),
    ),
  /** Refused when the event was applied before. */
  create: (event: StripeEventItem): TableWrite => create(stripeEvents.item(event)),
};
