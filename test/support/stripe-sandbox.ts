import Stripe from 'stripe';
import { inject } from 'vitest';
import { LOCAL_STRIPE_SECRET_KEY } from '../../infra/local/stripe-sandbox';
import type { Product, Price, SandboxEvent } from '../../infra/local/stripe-sandbox/objects';

/** The test run's Stripe sandbox: its test-control endpoints and its hosted pages, as a person would use them. */
export const stripeSandboxUrl = () => inject('stripeSandboxUrl');

async function control<T>(path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${stripeSandboxUrl()}/_sandbox${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`Sandbox ${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

export interface NewSandboxProduct {
  name: string;
  active?: boolean;
  metadata?: Record<string, string>;
  prices: { unit_amount: number; currency?: string; interval?: 'day' | 'week' | 'month' | 'year' }[];
}

export const addStripeProduct = (product: NewSandboxProduct) =>
  control<{ product: Product; prices: Price[] }>('/products', product);

export const updateStripeProduct = (
  id: string,
  changes: { active?: boolean; metadata?: Record<string, string> },
) => control<Product>(`/products/${id}`, changes);

/** The next `times` Stripe API calls under path_prefix fail with this status and message. */
export const failNextStripeCall = (pathPrefix: string, status: number, message: string, times = 1) =>
  control('/fail-next', { path_prefix: pathPrefix, status, message, times });

export interface SentEvent {
  id: string;
  type: string;
  delivery_status: number | null;
  event: SandboxEvent;
}

export const sentStripeEvents = async () => (await control<{ data: SentEvent[] }>('/events')).data;

export const resendStripeEvent = (id: string) =>
  control<{ delivery_status: number }>(`/events/${id}/resend`, {});

/** A new event of this type around this object, delivered signed (Stripe's state is not changed). */
export const deliverStripeEvent = (type: string, object: unknown) =>
  control<{ event: SandboxEvent; delivery_status: number }>('/deliver', { type, object });

/** This exact payload, with this signature header (or a correct one when absent). */
export const deliverRawWebhook = (payload: string, signature?: string) =>
  control<{ delivery_status: number; body: string }>('/deliver-raw', { payload, signature });

/** Presses a button of a hosted page (checkout or portal): the form post, and where it redirects. */
export async function pressStripeButton(
  pageUrl: string,
  action: string,
  fields: Record<string, string> = {},
) {
  const response = await fetch(`${pageUrl}/${action}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
  if (response.status !== 303)
    throw new Error(`${action} answered ${response.status}: ${await response.text()}`);
  return response.headers.get('location')!;
}

/** The official Stripe client on the sandbox, as the product holds it: to read what Stripe has. */
export function sandboxStripe(): Stripe {
  const url = new URL(stripeSandboxUrl());
  return new Stripe(LOCAL_STRIPE_SECRET_KEY, { host: url.hostname, port: url.port, protocol: 'http' });
}

/** Waits until the sandbox has delivered an event of this type about this object, and returns it. */
export async function deliveredStripeEvent(type: string, objectId: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const event = (await sentStripeEvents()).find(
      (candidate) =>
        candidate.type === type &&
        (candidate.event.data.object as { id?: string }).id === objectId &&
        candidate.delivery_status !== null,
    );
    if (event) return event;
    if (Date.now() > deadline) throw new Error(`The sandbox delivered no ${type} for ${objectId}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
