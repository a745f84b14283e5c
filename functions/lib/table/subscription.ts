import { Entity } from 'electrodb';

/**
 * ElectroDB's description of these items, kept only for the tests' and bench's fixtures (they
 * read and patch items through it). The functions use items.ts; items.test.ts holds the two equal.
 */

export const subscriptionEntity = new Entity({
  model: { entity: 'subscription', version: '1', service: 'itam' },
  attributes: {
    organization_id: { type: 'string', required: true, readOnly: true },
    /** Kept as received: unknown statuses are shown as incomplete, never rewritten. */
    status: { type: 'string', required: true },
    trial_start_date: { type: 'string' },
    trial_end_date: { type: 'string' },
    plan_id: { type: 'string' },
    current_period_end: { type: 'string' },
    cancel_at_period_end: { type: 'boolean', default: false },
    /** Set when the organisation first goes to checkout; the billing portal needs it. */
    stripe_customer_id: { type: 'string' },
    /** The Stripe subscription mirrored here, and when Stripe created it: a newer one replaces it. */
    stripe_subscription_id: { type: 'string' },
    stripe_subscription_created: { type: 'number' },
    /** The plan's name and limits, copied when the subscription is mirrored; absent on the free trial. */
    plan_name: { type: 'string' },
    asset_limit: { type: 'number' },
    user_limit: { type: 'number' },
    updated_at: { type: 'string', required: true },
  },
  indexes: {
    primary: {
      pk: { field: 'pk', composite: ['organization_id'], template: 'ORG#${organization_id}' },
      sk: { field: 'sk', composite: [], template: 'SUBSCRIPTION' },
    },
  },
});
