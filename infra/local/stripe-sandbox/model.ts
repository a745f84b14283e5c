import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

/**
 * The objects the local Stripe sandbox keeps, shaped like the Stripe API version the installed
 * `stripe` library speaks (2026-10-28.endive), and the JSON file they persist in.
 */

export const STRIPE_API_VERSION = '2026-10-28.endive';

export interface StripeSandboxOptions {
  /** 0 = any free port */
  port: number;
  /** State is persisted as JSON here: loaded at start when present, written after each change. */
  dataFile: string;
  /** /v1 requests must carry `Authorization: Bearer <apiKey>`. */
  apiKey: string;
  /** Webhook events are POSTed here. */
  webhookUrl: string;
  /** ...signed with this secret. */
  webhookSecret: string;
}

export type Metadata = Record<string, string>;
export type Interval = 'day' | 'week' | 'month' | 'year';

export interface Product {
  id: string;
  object: 'product';
  active: boolean;
  created: number;
  default_price: string | null;
  description: string | null;
  images: string[];
  livemode: false;
  marketing_features: { name: string }[];
  metadata: Metadata;
  name: string;
  type: 'service';
  updated: number;
  url: string | null;
}

export interface Recurring {
  interval: Interval;
  interval_count: number;
  meter: null;
  trial_period_days: null;
  usage_type: 'licensed';
}

export interface Price {
  id: string;
  object: 'price';
  active: boolean;
  billing_scheme: 'per_unit';
  created: number;
  currency: string;
  livemode: false;
  lookup_key: string | null;
  metadata: Metadata;
  nickname: string | null;
  product: string;
  recurring: Recurring | null;
  tax_behavior: 'unspecified';
  type: 'recurring' | 'one_time';
  unit_amount: number;
  unit_amount_decimal: string;
}

export interface Customer {
  id: string;
  object: 'customer';
  created: number;
  description: string | null;
  email: string | null;
  livemode: false;
  metadata: Metadata;
  name: string | null;
  phone: string | null;
}

export interface CheckoutSession {
  id: string;
  object: 'checkout.session';
  amount_subtotal: number;
  amount_total: number;
  cancel_url: string | null;
  client_reference_id: string | null;
  created: number;
  currency: string;
  customer: string | null;
  customer_email: string | null;
  expires_at: number;
  invoice: string | null;
  livemode: false;
  metadata: Metadata;
  mode: 'subscription';
  payment_status: 'unpaid' | 'paid';
  status: 'open' | 'complete' | 'expired';
  subscription: string | null;
  success_url: string;
  ui_mode: 'hosted';
  url: string | null;
}

/** A checkout session plus what Stripe keeps about it but does not show on the object. */
export interface StoredCheckout {
  session: CheckoutSession;
  price: string;
  quantity: number;
  subscription_metadata: Metadata;
}

export interface PortalSession {
  id: string;
  object: 'billing_portal.session';
  configuration: string;
  created: number;
  customer: string;
  livemode: false;
  locale: string | null;
  on_behalf_of: null;
  return_url: string | null;
  url: string;
}

export interface SubscriptionItem {
  id: string;
  object: 'subscription_item';
  created: number;
  current_period_end: number;
  current_period_start: number;
  metadata: Metadata;
  price: Price;
  quantity: number;
  subscription: string;
}

export interface StripeList<T> {
  object: 'list';
  data: T[];
  has_more: boolean;
  url: string;
}

export type SubscriptionStatus =
  'active' | 'past_due' | 'canceled' | 'incomplete' | 'trialing' | 'unpaid' | 'incomplete_expired' | 'paused';

export interface Subscription {
  id: string;
  object: 'subscription';
  billing_cycle_anchor: number;
  cancel_at: number | null;
  cancel_at_period_end: boolean;
  canceled_at: number | null;
  cancellation_details: { comment: string | null; feedback: string | null; reason: string | null };
  collection_method: 'charge_automatically';
  created: number;
  currency: string;
  customer: string;
  ended_at: number | null;
  items: StripeList<SubscriptionItem>;
  latest_invoice: string | null;
  livemode: false;
  metadata: Metadata;
  start_date: number;
  status: SubscriptionStatus;
}

export interface InvoiceLine {
  id: string;
  object: 'line_item';
  amount: number;
  currency: string;
  description: string;
  invoice: string;
  livemode: false;
  metadata: Metadata;
  parent: {
    type: 'subscription_item_details';
    subscription_item_details: { subscription: string; subscription_item: string; proration: false };
  };
  period: { start: number; end: number };
  pricing: {
    type: 'price_details';
    price_details: { price: string; product: string };
    unit_amount_decimal: string;
  };
  quantity: number;
}

export interface Invoice {
  id: string;
  object: 'invoice';
  amount_due: number;
  amount_paid: number;
  amount_remaining: number;
  attempt_count: number;
  attempted: boolean;
  billing_reason: 'subscription_create' | 'subscription_cycle';
  collection_method: 'charge_automatically';
  created: number;
  currency: string;
  customer: string;
  customer_email: string | null;
  customer_name: string | null;
  hosted_invoice_url: string;
  invoice_pdf: null;
  lines: StripeList<InvoiceLine>;
  livemode: false;
  metadata: Metadata;
  number: string;
  parent: {
    type: 'subscription_details';
    subscription_details: { subscription: string; metadata: Metadata };
    quote_details: null;
  };
  period_end: number;
  period_start: number;
  status: 'paid' | 'open';
  status_transitions: {
    finalized_at: number | null;
    marked_uncollectible_at: number | null;
    paid_at: number | null;
    voided_at: number | null;
  };
  subtotal: number;
  total: number;
}

export interface SandboxEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  data: { object: unknown; previous_attributes?: Record<string, unknown> };
  livemode: false;
  pending_webhooks: number;
  request: { id: null; idempotency_key: null };
  type: string;
}

export interface EventRecord {
  event: SandboxEvent;
  delivery_status: number | null;
  delivery_error: string | null;
}

export interface StoredResponse {
  method: string;
  path: string;
  request: string;
  status: number;
  body: string;
}

export interface SandboxState {
  version: 1;
  products: Product[];
  prices: Price[];
  customers: Customer[];
  checkout_sessions: StoredCheckout[];
  portal_sessions: PortalSession[];
  subscriptions: Subscription[];
  invoices: Invoice[];
  events: EventRecord[];
  /** Idempotency-Key → the response first given for it (newest last, capped). */
  idempotency: Record<string, StoredResponse>;
}

/** An injected failure: the next `times` /v1 requests whose path starts with `pathPrefix`. */
export interface FailRule {
  pathPrefix: string;
  status: number;
  message: string;
  times: number;
}

/** What every part of the sandbox works on. */
export interface SandboxContext {
  state: SandboxState;
  options: StripeSandboxOptions;
  /** http://localhost:<port> */
  url: string;
  failRules: FailRule[];
  /** Persists the state (writes are queued, in order). */
  save(): void;
}

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A Stripe-like id: prefix + 14 random alphanumerics (24 for checkout sessions, like Stripe). */
export function newId(prefix: string, length = 14): string {
  const bytes = randomBytes(length);
  let id = '';
  for (const byte of bytes) id += ALPHANUMERIC[byte % ALPHANUMERIC.length];
  return `${prefix}_${id}`;
}

export const nowSeconds = (): number => Math.floor(Date.now() / 1000);

/** `from` + `count` intervals, in unix seconds; a month later keeps the day, clamped to the month's end. */
export function addInterval(from: number, interval: Interval, count = 1): number {
  const date = new Date(from * 1000);
  if (interval === 'day') date.setUTCDate(date.getUTCDate() + count);
  else if (interval === 'week') date.setUTCDate(date.getUTCDate() + 7 * count);
  else {
    const day = date.getUTCDate();
    const months = interval === 'year' ? 12 * count : count;
    date.setUTCDate(1);
    date.setUTCMonth(date.getUTCMonth() + months);
    const lastDay = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
    date.setUTCDate(Math.min(day, lastDay));
  }
  return Math.floor(date.getTime() / 1000);
}

export const deepCopy = <T>(value: T): T => structuredClone(value);

export function emptyState(): SandboxState {
  return {
    version: 1,
    products: [],
    prices: [],
    customers: [],
    checkout_sessions: [],
    portal_sessions: [],
    subscriptions: [],
    invoices: [],
    events: [],
    idempotency: {},
  };
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

/** Adds a product and its prices to the state (the first price becomes the default price). */
export function addProduct(state: SandboxState, input: NewProduct): { product: Product; prices: Price[] } {
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
  state.products.push(product);
  state.prices.push(...prices);
  return { product, prices };
}

/** The catalogue a fresh sandbox starts with: the product's three plans, monthly in GBP. */
export function seedCatalogue(state: SandboxState): void {
  const plans: {
    name: string;
    description: string;
    amount: number;
    assets: string;
    users: string;
    features: string[];
  }[] = [
    {
      name: 'Starter',
      description: 'For small teams getting their hardware estate under control.',
      amount: 2900,
      assets: '1000',
      users: '5',
      features: [
        'Up to 1,000 hardware assets',
        'Up to 5 team members',
        'Monitoring agent for Windows, macOS and Linux',
        'Disposal tracking and CSV export',
      ],
    },
    {
      name: 'Professional',
      description: 'For growing IT teams that need a full audit trail.',
      amount: 7900,
      assets: '10000',
      users: '25',
      features: [
        'Up to 10,000 hardware assets',
        'Up to 25 team members',
        'Everything in Starter',
        'Full audit trail',
      ],
    },
    {
      name: 'Enterprise',
      description: 'For organisations with large estates and no limits.',
      amount: 19900,
      assets: '999999',
      users: '999999',
      features: [
        'Unlimited hardware assets',
        'Unlimited team members',
        'Everything in Professional',
        'Priority support',
      ],
    },
  ];
  for (const plan of plans) {
    addProduct(state, {
      name: plan.name,
      description: plan.description,
      metadata: { asset_limit: plan.assets, user_limit: plan.users, features: JSON.stringify(plan.features) },
      prices: [{ unit_amount: plan.amount, currency: 'gbp', interval: 'month' }],
    });
  }
}

/** The state in `dataFile`, or a freshly seeded one when the file does not exist. */
export async function loadState(dataFile: string): Promise<{ state: SandboxState; fresh: boolean }> {
  if (!existsSync(dataFile)) {
    const state = emptyState();
    seedCatalogue(state);
    return { state, fresh: true };
  }
  const parsed = JSON.parse(await readFile(dataFile, 'utf8')) as Partial<SandboxState>;
  return { state: { ...emptyState(), ...parsed, version: 1 }, fresh: false };
}

/** Writes the state atomically (temp file + rename), creating the parent folder when needed. */
export async function writeState(dataFile: string, state: SandboxState): Promise<void> {
  await mkdir(dirname(dataFile), { recursive: true });
  const temp = `${dataFile}.${process.pid}.tmp`;
  await writeFile(temp, JSON.stringify(state, null, 1));
  await rename(temp, dataFile);
}

/** Formats an amount in minor units the way Stripe's pages do in en-GB, e.g. '£29.00'. */
export function formatMoney(amount: number, currency: string): string {
  const code = currency.toUpperCase();
  const digits = new Intl.NumberFormat('en-GB', { style: 'currency', currency: code }).resolvedOptions()
    .maximumFractionDigits;
  return new Intl.NumberFormat('en-GB', { style: 'currency', currency: code }).format(
    amount / 10 ** (digits ?? 2),
  );
}

/** e.g. '£29.00 per month', '£10.00 every 3 months', '£5.00' (one-time). */
export function formatPrice(price: Price): string {
  const money = formatMoney(price.unit_amount, price.currency);
  if (!price.recurring) return money;
  const { interval, interval_count: count } = price.recurring;
  return count === 1 ? `${money} per ${interval}` : `${money} every ${count} ${interval}s`;
}

/** e.g. '5 March 2026' */
export const formatDate = (seconds: number): string =>
  new Date(seconds * 1000).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
