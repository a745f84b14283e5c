import { describe, expect, it } from 'vitest';
import { planFromStripe, type StripePriceInput, type StripeProductInput } from './stripe-plan';

const product: StripeProductInput = {
  id: 'prod_1',
  name: 'Starter',
  metadata: { asset_limit: '1000', user_limit: '5', features: '["Full audit trail"," Agent "]' },
};
const price: StripePriceInput = {
  id: 'price_1',
  unit_amount: 2900,
  currency: 'GBP',
  recurring: { interval: 'month', interval_count: 1 },
  metadata: {},
};

describe('a plan read from a Stripe price and product', () => {
  it('takes the product metadata, with the price metadata winning', () => {
    expect(planFromStripe(price, product)).toEqual({
      ok: true,
      plan: {
        name: 'Starter',
        stripe_price_id: 'price_1',
        stripe_product_id: 'prod_1',
        amount: 2900,
        currency: 'gbp',
        interval: 'month',
        features: ['Full audit trail', 'Agent'],
        asset_limit: 1000,
        user_limit: 5,
      },
    });
    const override = planFromStripe({ ...price, metadata: { user_limit: '9' } }, product);
    expect(override.ok && override.plan.user_limit).toBe(9);
  });

  it('caps limits at 999999 (unlimited) and falls back to marketing features', () => {
    const reading = planFromStripe(price, {
      ...product,
      metadata: { asset_limit: '5000000', user_limit: '999999' },
      marketing_features: [{ name: 'Unlimited everything' }, {}],
    });
    expect(reading).toMatchObject({
      ok: true,
      plan: { asset_limit: 999999, user_limit: 999999, features: ['Unlimited everything'] },
    });
  });

  it.each([
    [{ ...price, recurring: null }, product, 'A one-time price cannot be a subscription plan'],
    [
      { ...price, recurring: { interval: 'month', interval_count: 3 } },
      product,
      'Only prices billed every day, week, month or year can be plans',
    ],
    [
      { ...price, unit_amount: null },
      product,
      'The price has no fixed amount (tiered or metered prices cannot be plans)',
    ],
    [price, { ...product, metadata: { user_limit: '5' } }, 'The asset_limit metadata is missing'],
    [
      price,
      { ...product, metadata: { asset_limit: '0', user_limit: '5' } },
      "The asset_limit metadata must be a whole number of at least 1, not '0'",
    ],
    [
      price,
      { ...product, metadata: { asset_limit: '10', user_limit: 'lots' } },
      "The user_limit metadata must be a whole number of at least 1, not 'lots'",
    ],
    [
      price,
      { ...product, metadata: { asset_limit: '10', user_limit: '5', features: 'Fast, cheap' } },
      'The features metadata must be a JSON list of text, like ["Full audit trail"]',
    ],
    [
      price,
      { ...product, metadata: { asset_limit: '10', user_limit: '5', features: '[1,2]' } },
      'The features metadata must be a JSON list of text, like ["Full audit trail"]',
    ],
  ])('refuses what cannot be a plan (%#)', (badPrice, badProduct, error) => {
    expect(planFromStripe(badPrice, badProduct)).toEqual({ ok: false, error });
  });
});
