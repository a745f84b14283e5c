import { beforeAll, describe, expect, it } from 'vitest';
import {
  BILLING_MESSAGES,
  TRIAL_ASSET_LIMIT,
  TRIAL_USER_LIMIT,
  type CheckoutSessionResponse,
  type Payment,
  type PaymentsPage,
} from '../../shared/billing';
import { addMember, api, signIn, signUpCompany, type TestCompany } from '../support/api';
import { billing, checkoutUrl, me, openPortal, subscribe } from '../support/billing';
import { TEST_SUPER_ADMIN } from '../support/global-setup';
import {
  failNextStripeCall,
  pressStripeButton,
  resendStripeEvent,
  sentStripeEvents,
} from '../support/stripe-sandbox';

/** What Stripe's outcomes leave on the billing page's data: the checkout return, past_due, cancel now, payments. */

beforeAll(async () => {
  const root = (await signIn(TEST_SUPER_ADMIN.email, TEST_SUPER_ADMIN.password)).AccessToken!;
  expect((await api('/api/billing/sync-plans', { method: 'POST', token: root })).status).toBe(200);
});

function checkoutSession(company: TestCompany, sessionId: string) {
  return api<CheckoutSessionResponse>(`/api/billing/checkout/${sessionId}`, { token: company.accessToken });
}

const sessionIdOf = (url: string) => new URL(url).pathname.split('/').at(-1)!;

function payments(company: TestCompany, query: Record<string, string> = {}) {
  const search = new URLSearchParams(query).toString();
  return api<PaymentsPage>(`/api/billing/payments${search ? `?${search}` : ''}`, {
    token: company.accessToken,
  });
}

describe('the checkout a person comes back from', () => {
  it('is a success only once Stripe has it paid and the organisation’s subscription runs', async () => {
    const company = await signUpCompany('Returning Buyers Ltd');
    const url = await checkoutUrl(company, 'Starter');
    const sessionId = sessionIdOf(url);

    // Stripe's Checkout keeps a declined card on its page: nothing is bought.
    const declined = await fetch(`${url}/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'outcome=fail',
      redirect: 'manual',
    });
    expect(declined.status).toBe(402);
    expect(await declined.text()).toContain('Your card was declined.');
    expect((await billing(company)).subscription).toMatchObject({ status: 'trial', plan_id: null });
    expect((await checkoutSession(company, sessionId)).body).toMatchObject({
      status: 'open',
      subscription_status: null,
      outcome: 'not-completed',
    });

    const back = new URL(await pressStripeButton(url, 'pay', { outcome: 'success' }));
    expect(back.searchParams.get('session_id')).toBe(sessionId);
    expect((await checkoutSession(company, sessionId)).body).toEqual({
      id: sessionId,
      status: 'complete',
      payment_status: 'paid',
      subscription_status: 'active',
      mirrored: true,
      outcome: 'activated',
    });

    // Later the renewal fails: the same address no longer means success.
    await pressStripeButton(await openPortal(company), 'fail-renewal');
    expect((await checkoutSession(company, sessionId)).body).toMatchObject({
      subscription_status: 'past_due',
      outcome: 'not-active',
    });

    // Only the organisation that started it may ask; the id must look like one.
    const outsider = await signUpCompany('Curious Outsiders Ltd');
    expect(await checkoutSession(outsider, sessionId)).toMatchObject({
      status: 404,
      body: { error: { code: 'checkout_not_found', message: BILLING_MESSAGES.checkoutNotFound } },
    });
    expect((await checkoutSession(company, 'cs_test_doesnotexist')).status).toBe(404);
    expect((await checkoutSession(company, 'not-a-session')).status).toBe(400);
  });
  it('is being activated while Stripe has it paid but the webhook has not mirrored it', async () => {
    const company = await signUpCompany('Patient Buyers Ltd');
    const url = await checkoutUrl(company, 'Starter');
    const sessionId = sessionIdOf(url);
    // Both events that make the mirror read the subscription from Stripe fail, as in an outage.
    const before = (await sentStripeEvents()).length;
    await failNextStripeCall('/v1/subscriptions', 503, 'Stripe is briefly unavailable', 2);
    await pressStripeButton(url, 'pay', { outcome: 'success' });
    expect((await checkoutSession(company, sessionId)).body).toMatchObject({
      status: 'complete',
      subscription_status: 'active',
      mirrored: false,
      outcome: 'activating',
    });
    expect((await billing(company)).subscription.status).toBe('trial');

    // Stripe delivers them again; now the organisation's subscription is the one paid for.
    const failed = (await sentStripeEvents()).slice(before).filter((sent) => sent.delivery_status !== 200);
    expect(failed.map((sent) => sent.type)).toEqual([
      'customer.subscription.created',
      'checkout.session.completed',
    ]);
    for (const sent of failed) expect((await resendStripeEvent(sent.id)).delivery_status).toBe(200);
    expect((await checkoutSession(company, sessionId)).body).toMatchObject({
      mirrored: true,
      outcome: 'activated',
    });
  });
});

describe('a failed payment', () => {
  it('leaves the subscription past_due, still active, with the invoice it owes to pay', async () => {
    const company = await signUpCompany('Late Payers Ltd');
    await subscribe(company, 'Starter');
    await pressStripeButton(await openPortal(company), 'fail-renewal');

    const owing = await billing(company);
    expect(owing.subscription).toMatchObject({ status: 'past_due', has_active_subscription: true });
    expect(owing.subscription.outstanding_invoice_url).toMatch(/\/invoices\/in_\w+$/);
    // Stripe's times are whole seconds: payments of the same second may come in either order.
    expect(owing.payments.map((payment) => payment.status).sort()).toEqual(['failed', 'paid']);
    expect((await me(company)).subscription.has_active_subscription).toBe(true);

    // Stripe's hosted invoice page takes the payment; the subscription runs again.
    await pressStripeButton(owing.subscription.outstanding_invoice_url!, 'pay');
    const paid = await billing(company);
    expect(paid.subscription).toMatchObject({ status: 'active', outstanding_invoice_url: null });
    expect(paid.payments.map((payment) => payment.status).sort()).toEqual(['failed', 'paid', 'paid']);
    expect(paid.has_more_payments).toBe(false);
  });
});

describe('a subscription cancelled now', () => {
  it('tells the day it ended and drops the plan’s limits, like no subscription', async () => {
    const company = await signUpCompany('Quick Leavers Ltd');
    await subscribe(company, 'Starter');
    expect((await billing(company)).subscription).toMatchObject({ asset_limit: 1000, ended_at: null });

    const before = Date.now();
    await pressStripeButton(await openPortal(company), 'cancel-now');
    const { subscription } = await billing(company);
    expect(subscription).toMatchObject({
      status: 'cancelled',
      has_active_subscription: false,
      plan_name: null,
      current_period_end: null,
      cancel_at_period_end: false,
      asset_limit: TRIAL_ASSET_LIMIT,
      user_limit: TRIAL_USER_LIMIT,
    });
    const endedAt = new Date(subscription.ended_at!).getTime();
    expect(endedAt).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    expect(endedAt).toBeLessThanOrEqual(Date.now());
    expect((await me(company)).subscription).toMatchObject({
      status: 'cancelled',
      has_active_subscription: false,
      current_period_end: null,
    });
    // (billing.test.ts: the gate's 402 at once.) A new subscription has nothing of the ended one's end.
    await subscribe(company, 'Enterprise');
    expect((await billing(company)).subscription).toMatchObject({
      ended_at: null,
      current_period_end: expect.any(String),
    });
  });
});

describe('payment history', () => {
  it('shows the latest 10 and lists every payment, a page per cursor, newest first', async () => {
    const company = await signUpCompany('Long Standing Customers Ltd');
    await subscribe(company, 'Starter');
    const portal = await openPortal(company);
    for (let month = 0; month < 10; month++) await pressStripeButton(portal, 'renew');
    await pressStripeButton(portal, 'fail-renewal');
    await pressStripeButton(portal, 'pay-invoice');
    // 1 checkout + 10 renewals + 1 failed and then paid renewal.
    const total = 13;

    const latest = await billing(company);
    expect(latest.payments).toHaveLength(10);
    expect(latest.has_more_payments).toBe(true);

    const seen: Payment[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: Awaited<ReturnType<typeof payments>> = await payments(company, {
        limit: '5',
        ...(cursor ? { cursor } : {}),
      });
      expect(page.status).toBe(200);
      seen.push(...page.body.items);
      cursor = page.body.next_cursor;
      pages++;
    } while (cursor && pages < 10);
    expect(seen).toHaveLength(total);
    expect(new Set(seen.map((payment) => payment.id)).size).toBe(total);
    expect(seen.slice(0, 10)).toEqual(latest.payments);
    const times = seen.map((payment) => payment.timestamp);
    expect(times).toEqual([...times].sort().reverse());
    expect(seen.filter((payment) => payment.status === 'failed')).toHaveLength(1);

    // One page of the default size holds them all; any member may read them.
    const member = await addMember(company, 'user');
    const all = await payments({ ...company, accessToken: member.token });
    expect(all).toMatchObject({ status: 200, body: { next_cursor: null } });
    expect(all.body.items).toEqual(seen);

    // A cursor is no way into another organisation's payments.
    const firstPage = await payments(company, { limit: '5' });
    const outsider = await signUpCompany('Nosy Neighbours Ltd');
    const foreign = await payments(outsider, { cursor: firstPage.body.next_cursor! });
    expect(foreign).toMatchObject({ status: 400, body: { error: { code: 'invalid_cursor' } } });
    expect((await payments(company, { cursor: 'bm90IGEgY3Vyc29y' })).status).toBe(400);
    expect((await payments(outsider)).body).toEqual({ items: [], next_cursor: null });
  }, 60_000);
});
