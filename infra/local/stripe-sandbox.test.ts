import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LOCAL_STRIPE_SECRET_KEY,
  LOCAL_STRIPE_WEBHOOK_SECRET,
  startStripeSandbox,
  type StripeSandbox,
  type StripeSandboxOptions,
} from './stripe-sandbox';
import {
  startWebhookRecorder,
  type WebhookDelivery,
  type WebhookRecorder,
} from '../../test/support/webhook-recorder';

let recorder: WebhookRecorder;
let received: WebhookDelivery[];
let dir: string;
let options: StripeSandboxOptions;
let sandbox: StripeSandbox;
let stripe: Stripe;

const client = (port: number, key = LOCAL_STRIPE_SECRET_KEY) =>
  new Stripe(key, { host: 'localhost', port, protocol: 'http', maxNetworkRetries: 0 });

async function control(path: string, body?: unknown): Promise<{ status: number; json: unknown }> {
  const response = await fetch(`${sandbox.url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, json: (await response.json()) as unknown };
}

const form = (path: string, fields: Record<string, string> = {}) =>
  fetch(`${sandbox.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });

/** The events received since `from`, each verified with the webhook secret. */
const eventsSince = (from: number): Stripe.Event[] =>
  received
    .slice(from)
    .map((r) => stripe.webhooks.constructEvent(r.body, r.signature, LOCAL_STRIPE_WEBHOOK_SECRET));

beforeAll(async () => {
  recorder = await startWebhookRecorder();
  received = recorder.delivered;
  dir = await mkdtemp(join(tmpdir(), 'stripe-sandbox-'));
  options = {
    port: 0,
    dataFile: join(dir, 'nested', 'stripe.json'),
    apiKey: LOCAL_STRIPE_SECRET_KEY,
    webhookUrl: recorder.url,
    webhookSecret: LOCAL_STRIPE_WEBHOOK_SECRET,
  };
  sandbox = await startStripeSandbox(options);
  stripe = client(sandbox.port);
});

afterAll(async () => {
  await sandbox?.stop();
  await recorder?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('local Stripe sandbox', () => {
  let starterPrice = '';
  let customerId = '';
  let subscriptionId = '';

  it('serves the seeded catalogue with expanded products', async () => {
    const prices = await stripe.prices.list({ active: true, type: 'recurring', expand: ['data.product'] });
    expect(prices.data).toHaveLength(3);
    const byName = new Map(
      prices.data.map((price) => [(price.product as Stripe.Product).name, price] as const),
    );
    expect([...byName.keys()].sort()).toEqual(['Enterprise', 'Professional', 'Starter']);
    const starter = byName.get('Starter') as Stripe.Price;
    expect(starter).toMatchObject({ unit_amount: 2900, currency: 'gbp', recurring: { interval: 'month' } });
    const product = starter.product as Stripe.Product;
    expect(product.metadata).toMatchObject({ asset_limit: '1000', user_limit: '5' });
    expect(JSON.parse(product.metadata.features ?? '[]')).toContain('Disposal tracking and CSV export');
    starterPrice = starter.id;
    const one = await stripe.prices.retrieve(starter.id, { expand: ['product'] });
    expect((one.product as Stripe.Product).id).toBe(product.id);
    await expect(stripe.prices.retrieve('price_missing')).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      code: 'resource_missing',
      message: "No such price: 'price_missing'",
    });
  });

  it('auto-paginates products', async () => {
    for (let i = 0; i < 12; i++) {
      const created = await control('/_sandbox/products', {
        name: `Extra ${i}`,
        prices: [{ unit_amount: 100 * i, interval: i % 2 ? 'year' : undefined }],
      });
      expect(created.status).toBe(201);
    }
    const ids: string[] = [];
    for await (const product of stripe.products.list({ limit: 5 })) ids.push(product.id);
    expect(ids).toHaveLength(15);
    expect(new Set(ids).size).toBe(15);
    const archived = await stripe.products.list({ active: false });
    expect(archived.data).toHaveLength(0);
  });

  it('takes a checkout session through the hosted page and sends signed events', async () => {
    const customer = await stripe.customers.create({
      email: 'ada@example.com',
      name: 'Ada',
      metadata: { organization_id: 'org_1' },
    });
    customerId = customer.id;
    expect(await stripe.customers.retrieve(customer.id)).toMatchObject({ email: 'ada@example.com' });

    await expect(
      stripe.checkout.sessions.create({
        mode: 'subscription',
        customer: customer.id,
        line_items: [{ price: 'price_nope', quantity: 1 }],
        success_url: 'http://app.test/ok',
      }),
    ).rejects.toMatchObject({ statusCode: 400, message: "No such price: 'price_nope'" });

    const sessionParams: Stripe.Checkout.SessionCreateParams = {
      mode: 'subscription',
      customer: customer.id,
      client_reference_id: 'org_1',
      line_items: [{ price: starterPrice, quantity: 1 }],
      success_url: 'http://app.test/billing?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://app.test/billing',
      metadata: { organization_id: 'org_1' },
      subscription_data: { metadata: { organization_id: 'org_1' } },
    };
    const session = await stripe.checkout.sessions.create(sessionParams, { idempotencyKey: 'checkout-1' });
    expect(session.url).toBe(`${sandbox.url}/checkout/${session.id}`);
    const replay = await stripe.checkout.sessions.create(sessionParams, { idempotencyKey: 'checkout-1' });
    expect(replay.id).toBe(session.id);

    const page = await (await fetch(session.url as string)).text();
    expect(page).toContain('£29.00 per month');
    expect(page).toContain('Pay £29.00');
    expect(page).toContain('ada@example.com');
    expect(page).toContain('Stripe sandbox — local test mode');

    const before = received.length;
    const paid = await form(`/checkout/${session.id}/pay`, { outcome: 'success' });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`http://app.test/billing?session_id=${session.id}`);

    const events = eventsSince(before);
    expect(events.map((e) => e.type)).toEqual([
      'customer.subscription.created',
      'invoice.paid',
      'checkout.session.completed',
    ]);
    const completed = events[2]?.data.object as Stripe.Checkout.Session;
    expect(completed).toMatchObject({
      status: 'complete',
      payment_status: 'paid',
      client_reference_id: 'org_1',
    });
    subscriptionId = completed.subscription as string;
    const invoice = events[1]?.data.object as Stripe.Invoice;
    expect(invoice.parent?.subscription_details?.subscription).toBe(subscriptionId);

    const subscription = await stripe.subscriptions.retrieve(subscriptionId, {
      expand: ['items.data.price.product', 'latest_invoice'],
    });
    expect(subscription).toMatchObject({
      status: 'active',
      customer: customer.id,
      metadata: { organization_id: 'org_1' },
    });
    const item = subscription.items.data[0] as Stripe.SubscriptionItem;
    const days = (item.current_period_end - item.current_period_start) / 86_400;
    expect(days).toBeGreaterThanOrEqual(28);
    expect(days).toBeLessThanOrEqual(31);
    expect(item.current_period_end * 1000).toBeGreaterThan(Date.now() + 27 * 86_400_000);
    expect((item.price.product as Stripe.Product).name).toBe('Starter');
    expect((subscription.latest_invoice as Stripe.Invoice).status).toBe('paid');

    const receipt = await fetch(invoice.hosted_invoice_url as string);
    expect(receipt.status).toBe(200);
    expect(await receipt.text()).toMatch(/£29\.00[\s\S]*paid[\s\S]*Starter/);

    const again = await fetch(session.url as string);
    expect(again.status).toBe(409);
  });

  it('carries out billing-portal actions', async () => {
    const portal = await stripe.billingPortal.sessions.create({
      customer: customerId,
      return_url: 'http://app.test/billing',
    });
    expect(portal.url).toBe(`${sandbox.url}/portal/${portal.id}`);
    const page = await (await fetch(portal.url)).text();
    expect(page).toContain('Renews on');
    expect(page).toContain('Cancel at period end');
    expect(page).toContain('Return to IT Asset Auditor');

    let before = received.length;
    const response = await form(`/portal/${portal.id}/cancel-at-period-end`);
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`/portal/${portal.id}`);
    let subscription = await stripe.subscriptions.retrieve(subscriptionId);
    expect(subscription.cancel_at_period_end).toBe(true);
    expect(subscription.cancel_at).toBe(subscription.items.data[0]?.current_period_end);
    let events = eventsSince(before);
    expect(events.map((e) => e.type)).toEqual(['customer.subscription.updated']);
    expect(events[0]?.data.previous_attributes).toMatchObject({
      cancel_at_period_end: false,
      cancel_at: null,
    });
    expect(await (await fetch(portal.url)).text()).toContain('Ends on');

    before = received.length;
    await form(`/portal/${portal.id}/resume`);
    subscription = await stripe.subscriptions.retrieve(subscriptionId);
    expect(subscription).toMatchObject({ cancel_at_period_end: false, cancel_at: null });
    events = eventsSince(before);
    expect(events.map((e) => e.type)).toEqual(['customer.subscription.updated']);
    expect(events[0]?.data.previous_attributes).toMatchObject({ cancel_at_period_end: true });

    before = received.length;
    const periodEnd = subscription.items.data[0]?.current_period_end ?? 0;
    await form(`/portal/${portal.id}/renew`);
    subscription = await stripe.subscriptions.retrieve(subscriptionId);
    expect(subscription.items.data[0]?.current_period_start).toBe(periodEnd);
    expect(eventsSince(before).map((e) => e.type)).toEqual(['invoice.paid', 'customer.subscription.updated']);

    before = received.length;
    await form(`/portal/${portal.id}/fail-renewal`);
    expect((await stripe.subscriptions.retrieve(subscriptionId)).status).toBe('past_due');
    events = eventsSince(before);
    expect(events.map((e) => e.type)).toEqual(['invoice.payment_failed', 'customer.subscription.updated']);
    expect(events[1]?.data.previous_attributes).toMatchObject({ status: 'active' });

    before = received.length;
    await form(`/portal/${portal.id}/cancel-now`);
    subscription = await stripe.subscriptions.retrieve(subscriptionId);
    expect(subscription.status).toBe('canceled');
    expect(subscription.ended_at).not.toBeNull();
    events = eventsSince(before);
    expect(events.map((e) => e.type)).toEqual(['customer.subscription.deleted']);
    expect(await (await fetch(portal.url)).text()).toContain('No active subscription');

    // The API's list leaves canceled subscriptions out unless asked, and one cannot be cancelled twice.
    expect((await stripe.subscriptions.list({ customer: customerId })).data).toEqual([]);
    const all = await stripe.subscriptions.list({ customer: customerId, status: 'all' });
    expect(all.data.map((s) => s.id)).toEqual([subscriptionId]);
    await expect(
      stripe.subscriptions.cancel(subscriptionId, { prorate: false, invoice_now: false }),
    ).rejects.toMatchObject({ statusCode: 404, code: 'resource_missing' });
  });

  it('keeps a declined card on the checkout page, as Stripe does, and creates nothing', async () => {
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customerId,
      line_items: [{ price: starterPrice }],
      success_url: 'http://app.test/done?session_id={CHECKOUT_SESSION_ID}',
    });
    const before = received.length;
    const recorded = (await control('/_sandbox/events')).json;
    const declined = await form(`/checkout/${session.id}/pay`, { outcome: 'fail' });
    expect(declined.status).toBe(402);
    expect(await declined.text()).toContain('Your card was declined.');
    expect(eventsSince(before)).toEqual([]);
    expect((await control('/_sandbox/events')).json).toEqual(recorded);
    expect(await stripe.checkout.sessions.retrieve(session.id)).toMatchObject({
      status: 'open',
      payment_status: 'unpaid',
      subscription: null,
    });

    // Another card on the same page goes through.
    const paid = await form(`/checkout/${session.id}/pay`, { outcome: 'success' });
    expect(paid.headers.get('location')).toBe(`http://app.test/done?session_id=${session.id}`);
    const completed = await stripe.checkout.sessions.retrieve(session.id, { expand: ['subscription'] });
    expect(completed).toMatchObject({ status: 'complete', payment_status: 'paid' });
    expect((completed.subscription as Stripe.Subscription).status).toBe('active');
    await expect(stripe.checkout.sessions.retrieve('cs_test_nope')).rejects.toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
    });
  });

  it('lists a customer’s open checkouts and expires one, which can then not be paid', async () => {
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customerId,
      line_items: [{ price: starterPrice }],
      success_url: 'http://app.test/done?session_id={CHECKOUT_SESSION_ID}',
    });
    const open = await stripe.checkout.sessions.list({ customer: customerId, status: 'open' });
    expect(open.data.map((each) => each.id)).toContain(session.id);
    const before = received.length;
    expect(await stripe.checkout.sessions.expire(session.id)).toMatchObject({ status: 'expired', url: null });
    await expect
      .poll(() => eventsSince(before).map((event) => event.type))
      .toEqual(['checkout.session.expired']);
    const still = await stripe.checkout.sessions.list({ customer: customerId, status: 'open' });
    expect(still.data.map((each) => each.id)).not.toContain(session.id);
    await expect(stripe.checkout.sessions.expire(session.id)).rejects.toMatchObject({ statusCode: 400 });
    expect((await form(`/checkout/${session.id}/pay`, { outcome: 'success' })).status).not.toBe(303);
  });

  it('lets the hosted invoice page pay a failed renewal, which makes the subscription active again', async () => {
    const portal = await stripe.billingPortal.sessions.create({ customer: customerId });
    const renewal = received.length;
    await form(`/portal/${portal.id}/fail-renewal`);
    const failed = eventsSince(renewal)[0]?.data.object as Stripe.Invoice;
    const subscriptionId = failed.parent?.subscription_details?.subscription as string;
    expect((await stripe.subscriptions.retrieve(subscriptionId)).status).toBe('past_due');
    const page = await (await fetch(failed.hosted_invoice_url as string)).text();
    expect(page).toContain('Pay £29.00');

    const before = received.length;
    const paid = await form(`/invoices/${failed.id}/pay`);
    expect(paid.status).toBe(303);
    expect(eventsSince(before).map((e) => e.type)).toEqual(['invoice.paid', 'customer.subscription.updated']);
    expect((await stripe.subscriptions.retrieve(subscriptionId)).status).toBe('active');
    const receipt = await (await fetch(failed.hosted_invoice_url as string)).text();
    expect(receipt).toContain('Receipt');
    expect(receipt).not.toContain('Pay £29.00');
  });

  it('records events and supports resend and hand-made deliveries', async () => {
    const { json } = await control('/_sandbox/events');
    const list = (json as { data: { id: string; delivery_status: number | null }[] }).data;
    expect(list.length).toBeGreaterThanOrEqual(10);
    expect(list.every((e) => e.delivery_status === 200)).toBe(true);
    const first = list[0] as { id: string };
    const before = received.length;
    const resent = await control(`/_sandbox/events/${first.id}/resend`, {});
    expect(resent.json).toMatchObject({ delivery_status: 200 });
    expect(eventsSince(before)[0]?.id).toBe(first.id);

    const raw = await control('/_sandbox/deliver-raw', {
      payload: '{"id":"evt_x"}',
      signature: 't=1,v1=bad',
    });
    expect(raw.json).toMatchObject({ delivery_status: 200 });
    expect(received.at(-1)?.signature).toBe('t=1,v1=bad');

    const made = await control('/_sandbox/deliver', {
      type: 'customer.subscription.updated',
      object: { id: 'sub_x' },
    });
    expect(made.json).toMatchObject({
      delivery_status: 200,
      event: { type: 'customer.subscription.updated' },
    });
  });

  it('refuses a wrong API key and injects failures', async () => {
    await expect(client(sandbox.port, 'sk_test_wrong_key_123456').prices.list()).rejects.toMatchObject({
      type: 'StripeAuthenticationError',
      statusCode: 401,
    });
    await control('/_sandbox/fail-next', {
      path_prefix: '/v1/prices',
      status: 500,
      message: 'Stripe is down',
    });
    await expect(stripe.prices.list()).rejects.toMatchObject({ message: 'Stripe is down', statusCode: 500 });
    expect((await stripe.prices.list()).data.length).toBeGreaterThan(0);
    await expect(stripe.invoices.list()).rejects.toMatchObject({ statusCode: 404 });
  });

  it('keeps its state across a restart', async () => {
    await sandbox.stop();
    sandbox = await startStripeSandbox(options);
    stripe = client(sandbox.port);
    expect((await stripe.customers.retrieve(customerId)) as Stripe.Customer).toMatchObject({
      email: 'ada@example.com',
    });
    expect((await stripe.subscriptions.retrieve(subscriptionId)).status).toBe('canceled');
    const ids: string[] = [];
    for await (const product of stripe.products.list({ limit: 100 })) ids.push(product.id);
    expect(ids).toHaveLength(15);
  });
});
