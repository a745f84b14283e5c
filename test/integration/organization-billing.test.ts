import { beforeAll, describe, expect, it } from 'vitest';
import { api, organizationIdOf, signIn, signUpCompany, useFunctionEnv } from '../support/api';
import { checkoutUrl, subscribe } from '../support/billing';
import { TEST_SUPER_ADMIN } from '../support/global-setup';
import {
  deliverRawWebhook,
  deliveredStripeEvent,
  failNextStripeCall,
  pressStripeButton,
  sandboxStripe,
  sentStripeEvents,
} from '../support/stripe-sandbox';
import { tableItem, tableItems } from '../support/table';

/**
 * Deleting an organisation ends its billing: its Stripe subscription is cancelled at once, with no
 * proration invoice, before its data goes; and Stripe's webhooks about it afterwards, its own
 * cancellation among them, are acknowledged and write nothing.
 */

/** These tests read the whole table, which holds the data of every test of the run. */
const SCANS_THE_TABLE = 60_000;

let root: string;

beforeAll(async () => {
  root = (await signIn(TEST_SUPER_ADMIN.email, TEST_SUPER_ADMIN.password)).AccessToken!;
  expect((await api('/api/billing/sync-plans', { method: 'POST', token: root })).status).toBe(200);
});

async function itemsOf(id: string): Promise<Record<string, unknown>[]> {
  return (await tableItems()).filter((item) => JSON.stringify(item).toLowerCase().includes(id.toLowerCase()));
}

/** A company paying for Starter: its organisation, Stripe customer and subscription, and the paid invoice. */
async function payingCompany(name: string) {
  const company = await signUpCompany(name);
  await subscribe(company, 'Starter');
  const id = await organizationIdOf(company);
  const mirror = await tableItem({ pk: `org#${id.toLowerCase()}`, sk: 'subscription' });
  const customerId = String(mirror?.stripe_customer_id);
  const subscriptionId = String(mirror?.stripe_subscription_id);
  expect(customerId).toMatch(/^cus_/);
  expect(subscriptionId).toMatch(/^sub_/);
  const paid = (await sentStripeEvents()).find(
    (sent) =>
      sent.type === 'invoice.paid' &&
      (sent.event.data.object as { customer?: string }).customer === customerId,
  );
  if (!paid) throw new Error('The checkout sent no invoice.paid');
  return {
    company,
    id,
    customerId,
    subscriptionId,
    paidInvoice: paid.event.data.object as Record<string, unknown>,
  };
}

/** A later invoice.paid of the customer, as Stripe would send it at the next renewal, delivered signed. */
async function deliverLaterInvoice(invoice: Record<string, unknown>) {
  const event = {
    id: `evt_later_${Date.now()}`,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: Math.floor(Date.now() / 1000),
    data: { object: { ...invoice, id: `in_later_${Date.now()}` } },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type: 'invoice.paid',
  };
  const delivered = await deliverRawWebhook(JSON.stringify(event));
  return {
    status: delivered.delivery_status,
    body: JSON.parse(delivered.body) as Record<string, unknown>,
    event,
  };
}

describe('deleting an organisation ends its billing', { timeout: SCANS_THE_TABLE }, () => {
  it('cancels its Stripe subscription at once, without a proration invoice, before its data goes', async () => {
    const { id, customerId, subscriptionId, paidInvoice } = await payingCompany('Cancelled On Delete Ltd');
    const eventsBefore = (await sentStripeEvents()).length;

    expect((await api(`/api/organizations/${id}`, { method: 'DELETE', token: root })).status).toBe(204);

    const subscription = await sandboxStripe().subscriptions.retrieve(subscriptionId);
    expect(subscription).toMatchObject({ status: 'canceled', cancel_at_period_end: false });
    expect(subscription.ended_at).not.toBeNull();
    const running = await sandboxStripe().subscriptions.list({ customer: customerId });
    expect(running.data).toEqual([]);

    // Stripe reports the cancellation: acknowledged, and nothing written for a deleted organisation.
    const cancelled = await deliveredStripeEvent('customer.subscription.deleted', subscriptionId);
    expect(cancelled.delivery_status).toBe(200);
    const since = (await sentStripeEvents()).slice(eventsBefore);
    expect(since.map((sent) => sent.type)).toEqual(['customer.subscription.deleted']);
    expect(
      await tableItem({ pk: `stripeevent#${cancelled.id.toLowerCase()}`, sk: 'stripeevent' }),
    ).toBeUndefined();

    // A later invoice.paid for the deleted organisation: acknowledged, no payment row comes back.
    const later = await deliverLaterInvoice(paidInvoice);
    expect(later.status).toBe(200);
    expect(later.body).toMatchObject({ received: true, outcome: 'organization_gone' });
    expect(await itemsOf(id)).toEqual([]);
    expect(
      await tableItem({ pk: `stripeevent#${later.event.id.toLowerCase()}`, sk: 'stripeevent' }),
    ).toBeUndefined();
  });

  it('expires a checkout still open, so paying it later starts no subscription', async () => {
    const company = await signUpCompany('Open Checkout Ltd');
    const page = await checkoutUrl(company, 'Starter');
    const id = await organizationIdOf(company);
    const mirror = await tableItem({ pk: `org#${id.toLowerCase()}`, sk: 'subscription' });
    const customer = String(mirror?.stripe_customer_id);
    const [open] = (await sandboxStripe().checkout.sessions.list({ customer, status: 'open' })).data;
    expect(open?.status).toBe('open');

    expect((await api(`/api/organizations/${id}`, { method: 'DELETE', token: root })).status).toBe(204);

    expect((await sandboxStripe().checkout.sessions.retrieve(open!.id)).status).toBe('expired');
    await expect(pressStripeButton(page, 'pay', { outcome: 'success' })).rejects.toThrow();
    expect((await sandboxStripe().subscriptions.list({ customer, status: 'all' })).data).toEqual([]);
    expect(await itemsOf(id)).toEqual([]);
  });

  it('writes nothing from a webhook while the organisation is being deleted', async () => {
    const { company, id, paidInvoice } = await payingCompany('Half Deleted Ltd');
    useFunctionEnv();
    const [{ patch, send }, { organizations }] = await Promise.all([
      import('../../functions/lib/table/commands'),
      import('../../functions/lib/table/items/organizations'),
    ]);
    // A deletion that got as far as marking the organisation, then stopped.
    await send(patch(organizations.key(id), { set: { deleting_since: new Date().toISOString() } }));
    const before = await itemsOf(id);

    const later = await deliverLaterInvoice(paidInvoice);
    expect(later.status).toBe(200);
    expect(later.body).toMatchObject({ received: true, outcome: 'organization_gone' });
    expect(await itemsOf(id)).toEqual(before);
    expect((await api('/api/me', { token: company.accessToken })).status).toBe(403);

    expect((await api(`/api/organizations/${id}`, { method: 'DELETE', token: root })).status).toBe(204);
    expect(await itemsOf(id)).toEqual([]);
  });

  it('keeps the data when Stripe refuses, and finishes when called again', async () => {
    const { id, subscriptionId } = await payingCompany('Stripe Down Ltd');
    await failNextStripeCall('/v1/subscriptions', 500, 'Stripe is having a bad day');

    const refused = await api<{ error: { code: string } }>(`/api/organizations/${id}`, {
      method: 'DELETE',
      token: root,
    });
    expect(refused.status).toBe(502);
    expect(refused.body.error.code).toBe('stripe_error');
    expect((await sandboxStripe().subscriptions.retrieve(subscriptionId)).status).toBe('active');
    // Only the mark of the deletion was written: its people are shut out, its data is all there.
    const kept = await itemsOf(id);
    expect(kept.some((item) => item.sk === 'subscription')).toBe(true);
    expect(kept.some((item) => String(item.sk).startsWith('user#'))).toBe(true);

    expect((await api(`/api/organizations/${id}`, { method: 'DELETE', token: root })).status).toBe(204);
    expect((await sandboxStripe().subscriptions.retrieve(subscriptionId)).status).toBe('canceled');
    await deliveredStripeEvent('customer.subscription.deleted', subscriptionId);
    expect(await itemsOf(id)).toEqual([]);
  });
});
