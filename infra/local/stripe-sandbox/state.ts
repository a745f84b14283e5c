import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { seedCatalogue } from './catalogue';
import type {
  CheckoutSession,
  Customer,
  Invoice,
  Metadata,
  PortalSession,
  Price,
  Product,
  SandboxEvent,
  Subscription,
} from './objects';

/** What the sandbox keeps beyond Stripe's objects, the JSON file it persists in, and the context every part works on. */

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

/** A checkout session plus what Stripe keeps about it but does not show on the object. */
export interface StoredCheckout {
  session: CheckoutSession;
  price: string;
  quantity: number;
  subscription_metadata: Metadata;
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
