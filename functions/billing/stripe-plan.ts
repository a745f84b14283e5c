import { PLAN_INTERVALS, type PlanInterval } from '../../shared/billing';
import { UNLIMITED } from '../../shared/constants';

/**
 * What a Stripe price and its product say about a plan. The product's metadata (or the price's,
 * which wins) carries asset_limit and user_limit (whole numbers, 999999 = unlimited) and features (a
 * JSON list of text); without features metadata the product's marketing features are used.
 */
export interface StripePriceInput {
  id: string;
  unit_amount: number | null;
  currency: string;
  recurring: { interval: string; interval_count: number } | null;
  metadata: Record<string, string>;
}
export interface StripeProductInput {
  id: string;
  name: string;
  metadata: Record<string, string>;
  marketing_features?: { name?: string }[];
}

export interface PlanTerms {
  name: string;
  stripe_price_id: string;
  stripe_product_id: string;
  amount: number;
  currency: string;
  interval: PlanInterval;
  features: string[];
  asset_limit: number;
  user_limit: number;
}

export type PlanReading = { ok: true; plan: PlanTerms } | { ok: false; error: string };

export type LimitReading = { ok: true; value: number } | { ok: false; error: string };

export function readLimit(metadata: Record<string, string>, key: 'asset_limit' | 'user_limit'): LimitReading {
  const raw = metadata[key]?.trim();
  if (!raw) return { ok: false, error: `The ${key} metadata is missing` };
  if (!/^\d+$/.test(raw) || Number(raw) < 1) {
    return { ok: false, error: `The ${key} metadata must be a whole number of at least 1, not '${raw}'` };
  }
  return { ok: true, value: Math.min(Number(raw), UNLIMITED) };
}

function readFeatures(product: StripeProductInput, metadata: Record<string, string>): string[] | string {
  const raw = metadata.features;
  if (raw === undefined || raw.trim() === '') {
    return (product.marketing_features ?? []).map((feature) => feature.name ?? '').filter(Boolean);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return 'The features metadata must be a JSON list of text, like ["Full audit trail"]';
  }
  if (!Array.isArray(parsed) || !parsed.every((item) => typeof item === 'string')) {
    return 'The features metadata must be a JSON list of text, like ["Full audit trail"]';
  }
  return parsed.map((item: string) => item.trim()).filter(Boolean);
}

export function planFromStripe(price: StripePriceInput, product: StripeProductInput): PlanReading {
  if (!price.recurring) return { ok: false, error: 'A one-time price cannot be a subscription plan' };
  const interval = price.recurring.interval;
  if (!(PLAN_INTERVALS as readonly string[]).includes(interval) || price.recurring.interval_count !== 1) {
    return { ok: false, error: 'Only prices billed every day, week, month or year can be plans' };
  }
  if (price.unit_amount === null) {
    return { ok: false, error: 'The price has no fixed amount (tiered or metered prices cannot be plans)' };
  }
  const metadata = { ...product.metadata, ...price.metadata };
  const assetLimit = readLimit(metadata, 'asset_limit');
  if (!assetLimit.ok) return assetLimit;
  const userLimit = readLimit(metadata, 'user_limit');
  if (!userLimit.ok) return userLimit;
  const features = readFeatures(product, metadata);
  if (typeof features === 'string') return { ok: false, error: features };
  return {
    ok: true,
    plan: {
      name: product.name,
      stripe_price_id: price.id,
      stripe_product_id: product.id,
      amount: price.unit_amount,
      currency: price.currency.toLowerCase(),
      interval: interval as PlanInterval,
      features,
      asset_limit: assetLimit.value,
      user_limit: userLimit.value,
    },
  };
}
