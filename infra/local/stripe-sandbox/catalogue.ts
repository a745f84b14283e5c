import { nowSeconds } from './clock';
import { newId, type Interval, type Metadata, type Price, type Product } from './objects';

/** Products and their prices: the seeded plans, and the ones tests add through the control endpoints. */

/** The part of the sandbox's state that holds the catalogue. */
export interface Catalogue {
  products: Product[];
  prices: Price[];
}

export interface NewPrice {
  unit_amount: number;
  currency?: string;
  interval?: Interval;
  active?: boolean;
  nickname?: string | null;
}

export interface NewProduct {
  name: string;
  description?: string | null;
  active?: boolean;
  metadata?: Metadata;
  marketing_features?: string[];
  prices: NewPrice[];
}

/** Adds a product and its prices to the catalogue (the first price becomes the default price). */
export function addProduct(catalogue: Catalogue, input: NewProduct): { product: Product; prices: Price[] } {
  const created = nowSeconds();
  const product: Product = {
    id: newId('prod'),
    object: 'product',
    active: input.active ?? true,
    created,
    default_price: null,
    description: input.description ?? null,
    images: [],
    livemode: false,
    marketing_features: (input.marketing_features ?? []).map((name) => ({ name })),
    metadata: { ...input.metadata },
    name: input.name,
    type: 'service',
    updated: created,
    url: null,
  };
  const prices = input.prices.map((p): Price => ({
    id: newId('price'),
    object: 'price',
    active: p.active ?? true,
    billing_scheme: 'per_unit',
    created,
    currency: (p.currency ?? 'gbp').toLowerCase(),
    livemode: false,
    lookup_key: null,
    metadata: {},
    nickname: p.nickname ?? null,
    product: product.id,
    recurring: p.interval
      ? {
          interval: p.interval,
          interval_count: 1,
          meter: null,
          trial_period_days: null,
          usage_type: 'licensed',
        }
      : null,
    tax_behavior: 'unspecified',
    type: p.interval ? 'recurring' : 'one_time',
    unit_amount: p.unit_amount,
    unit_amount_decimal: String(p.unit_amount),
  }));
  product.default_price = prices[0]?.id ?? null;
  catalogue.products.push(product);
  catalogue.prices.push(...prices);
  return { product, prices };
}

/** The catalogue a fresh sandbox starts with: the product's three plans, monthly in GBP. */
export function seedCatalogue(catalogue: Catalogue): void {
  const plans: {
    name: string;
    description: string;
    amount: number;
    assets: string;
    users: string;
    /** What the plan card lists under its limits, which it shows from asset_limit and user_limit. */
    features: string[];
  }[] = [
    {
      name: 'Starter',
      description: 'For small teams getting their hardware estate under control.',
      amount: 2900,
      assets: '1000',
      users: '5',
      features: ['Monitoring agent for Windows, macOS and Linux', 'Disposal tracking and CSV export'],
    },
    {
      name: 'Professional',
      description: 'For growing IT teams that need a full audit trail.',
      amount: 7900,
      assets: '10000',
      users: '25',
      features: ['Everything in Starter', 'Full audit trail'],
    },
    {
      name: 'Enterprise',
      description: 'For organisations with large estates and no limits.',
      amount: 19900,
      assets: '999999',
      users: '999999',
      features: ['Everything in Professional', 'Priority support'],
    },
  ];
  for (const plan of plans) {
    addProduct(catalogue, {
      name: plan.name,
      description: plan.description,
      metadata: { asset_limit: plan.assets, user_limit: plan.users, features: JSON.stringify(plan.features) },
      prices: [{ unit_amount: plan.amount, currency: 'gbp', interval: 'month' }],
    });
  }
}
