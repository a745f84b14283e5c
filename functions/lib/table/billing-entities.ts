import { Entity } from 'electrodb';
import { PLAN_INTERVALS } from '../../../shared/billing';
import { TTL_ATTRIBUTE } from './definition';

/**
 * ElectroDB's description of these items, kept only for the tests' and bench's fixtures (they
 * read and patch items through it). The functions use items.ts; items.test.ts holds the two equal.
 */

/**
 * The table's mirror of Stripe: plans (from the super_admin's sync), each organisation's payments
 * (from invoice webhooks), the way from a Stripe customer to its organisation, and the ids of the
 * webhook events already applied.
 */

/** A subscription plan: one active recurring Stripe price and its product (SPEC 3, subscription_plans). */
export const subscriptionPlanEntity = new Entity({
  model: { entity: 'subscriptionPlan', version: '1', service: 'itam' },
  attributes: {
    id: { type: 'string', required: true, readOnly: true },
    stripe_price_id: { type: 'string', required: true, readOnly: true },
    stripe_product_id: { type: 'string', required: true },
    name: { type: 'string', required: true },
    amount: { type: 'number', required: true },
    currency: { type: 'string', required: true },
    interval: { type: PLAN_INTERVALS, required: true },
    is_active: { type: 'boolean', required: true },
    features: { type: 'list', items: { type: 'string' }, required: true },
    asset_limit: { type: 'number', required: true },
    user_limit: { type: 'number', required: true },
    created_at: { type: 'string', required: true, readOnly: true },
    updated_at: { type: 'string', required: true },
  },
  indexes: {
    // Every plan in one small partition, keyed by its price: the sync upserts by price, and a
    // webhook finds the plan of a subscription's price with one read.
    primary: {
      pk: { field: 'pk', composite: [], template: 'PLANS' },
      sk: { field: 'sk', composite: ['stripe_price_id'], template: 'PLAN#${stripe_price_id}' },
    },
  },
});

/** One invoice event of an organisation (SPEC 3, payment_history). */
export const paymentEntity = new Entity({
  model: { entity: 'payment', version: '1', service: 'itam' },
  attributes: {
    organization_id: { type: 'string', required: true, readOnly: true },
    /** The invoice id and the event type: one row per invoice outcome, however often it is delivered. */
    id: { type: 'string', required: true, readOnly: true },
    timestamp: { type: 'string', required: true, readOnly: true },
    event_type: { type: 'string', required: true, readOnly: true },
    amount: { type: 'number', required: true, readOnly: true },
    currency: { type: 'string', required: true, readOnly: true },
    status: { type: 'string', required: true, readOnly: true },
    invoice_url: { type: 'string' },
  },
  indexes: {
    // Newest first by the invoice's own time, whatever order the events arrived in.
    primary: {
      pk: { field: 'pk', composite: ['organization_id'], template: 'ORG#${organization_id}' },
      sk: { field: 'sk', composite: ['timestamp', 'id'], template: 'PAYMENT#${timestamp}#${id}' },
    },
  },
});

/** Which organisation a Stripe customer pays for: invoice and subscription events name only the customer. */
export const stripeCustomerEntity = new Entity({
  model: { entity: 'stripeCustomer', version: '1', service: 'itam' },
  attributes: {
    customer_id: { type: 'string', required: true, readOnly: true },
    organization_id: { type: 'string', required: true, readOnly: true },
  },
  indexes: {
    primary: {
      pk: { field: 'pk', composite: ['customer_id'], template: 'STRIPECUSTOMER#${customer_id}' },
      sk: { field: 'sk', composite: [], template: 'STRIPECUSTOMER' },
    },
  },
});

/** A webhook event already applied: written in the same transaction as its effect, then expires. */
export const stripeEventEntity = new Entity({
  model: { entity: 'stripeEvent', version: '1', service: 'itam' },
  attributes: {
    event_id: { type: 'string', required: true, readOnly: true },
    type: { type: 'string', required: true, readOnly: true },
    applied_at: { type: 'string', required: true, readOnly: true },
    /** Stripe stops retrying an event after 3 days; a month is ample. */
    expires_at: { type: 'number', required: true, readOnly: true, field: TTL_ATTRIBUTE },
  },
  indexes: {
    primary: {
      pk: { field: 'pk', composite: ['event_id'], template: 'STRIPEEVENT#${event_id}' },
      sk: { field: 'sk', composite: [], template: 'STRIPEEVENT' },
    },
  },
});
