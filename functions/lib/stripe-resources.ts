/**
 * The resources of Stripe's API the product calls, and the modules of the stripe library's
 * esm/resources folder each needs. The library's client builds all of its ~200 resources, so the
 * billing Lambda's bundle keeps only these modules and stands a placeholder in for every other one
 * (infra/aws/bundling.ts): 430 KB becomes under 300. The client functions/lib/stripe.ts hands out
 * is typed to these resources, so product code that calls another one does not compile.
 */
export const STRIPE_RESOURCES_USED = {
  customers: ['Customers.js'],
  prices: ['Prices.js'],
  subscriptions: ['Subscriptions.js'],
  checkout: ['Checkout/index.js', 'Checkout/Sessions.js'],
  billingPortal: ['BillingPortal/index.js', 'BillingPortal/Sessions.js'],
} as const;

export type StripeResourceUsed = keyof typeof STRIPE_RESOURCES_USED;
