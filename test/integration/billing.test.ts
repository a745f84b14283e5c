import { beforeAll, describe, expect, it } from 'vitest';
import {
  BILLING_MESSAGES,
  PLAN_LIMIT_MESSAGES,
  TRIAL_ASSET_LIMIT,
  TRIAL_USER_LIMIT,
  type PlanSyncResponse,
} from '../../shared/billing';
import { api, signIn, signUpCompany, uniqueEmail } from '../support/api';
import { importCsv, uploadCsv } from '../support/import';
import { billing, checkout, me, openPortal, planPrice, subscribe } from '../support/billing';
import { TEST_SUPER_ADMIN } from '../support/global-setup';
import {
  addStripeProduct,
  deliverRawWebhook,
  deliverStripeEvent,
  failNextStripeCall,
  pressStripeButton,
  resendStripeEvent,
  sentStripeEvents,
  updateStripeProduct,
} from '../support/stripe-sandbox';

let rootToken: string;

async function syncPlans(token = rootToken) {
  return api<PlanSyncResponse>('/api/billing/sync-plans', { method: 'POST', token });
}

function laptopsCsv(rows: number) {
  const lines = Array.from({ length: rows }, (_, index) => `Laptop,Dell,Model ${index}`);
  return `asset_type,manufacturer,model\n${lines.join('\n')}`;
}

beforeAll(async () => {
  rootToken = (await signIn(TEST_SUPER_ADMIN.email, TEST_SUPER_ADMIN.password)).AccessToken!;
  expect((await syncPlans()).status).toBe(200);
});

describe('plan sync', () => {
  it('creates plans from Stripe products, updates them, lists failures and retires what Stripe dropped', async () => {
    const name = `Team ${Date.now()}`;
    const { product, prices } = await addStripeProduct({
      name,
      metadata: { asset_limit: '300', user_limit: '10', features: '["Up to 300 assets"]' },
      prices: [{ unit_amount: 4500, interval: 'month' }],
    });
    const broken = await addStripeProduct({
      name: `${name} broken`,
      metadata: { asset_limit: '300' },
      prices: [{ unit_amount: 100, interval: 'month' }],
    });

    const first = await syncPlans();
    expect(first.status).toBe(200);
    expect(first.body.plans).toContainEqual({
      name,
      stripe_price_id: prices[0]!.id,
      amount: 4500,
      currency: 'gbp',
      interval: 'month',
      action: 'created',
    });
    expect(first.body.errors).toEqual([
      {
        product: `${name} broken`,
        price_id: broken.prices[0]!.id,
        error: 'The user_limit metadata is missing',
      },
    ]);
    expect(first.body.message).toMatch(/^Synced \d+ plans from Stripe; 1 failed/);
    expect(first.body.verification.saved_plans).toBe(first.body.plans.length);

    const company = await signUpCompany();
    const listed = (await billing(company)).plans;
    expect(listed.find((plan) => plan.name === name)).toMatchObject({
      amount: 4500,
      asset_limit: 300,
      user_limit: 10,
      features: { features: ['Up to 300 assets'] },
      is_active: true,
    });
    expect(listed.map((plan) => plan.amount)).toEqual(
      [...listed.map((plan) => plan.amount)].sort((a, b) => a - b),
    );
    expect(listed.some((plan) => plan.name === `${name} broken`)).toBe(false);

    await updateStripeProduct(product.id, { metadata: { asset_limit: '350' } });
    const second = await syncPlans();
    expect(second.body.plans.find((plan) => plan.stripe_price_id === prices[0]!.id)?.action).toBe('updated');
    expect((await billing(company)).plans.find((plan) => plan.name === name)?.asset_limit).toBe(350);

    await updateStripeProduct(product.id, { active: false });
    await updateStripeProduct(broken.product.id, { active: false });
    const third = await syncPlans();
    expect(third.body.message).toMatch(/1 plan no longer offered/);
    expect(third.body.errors).toEqual([]);
    expect(third.body.verification.total_active_plans).toBe((await billing(company)).plans.length);
    expect((await billing(company)).plans.some((plan) => plan.name === name)).toBe(false);
  });

  it('reports a total failure with Stripe’s reason and changes no plan', async () => {
    const company = await signUpCompany();
    const before = (await billing(company)).plans;
    await failNextStripeCall('/v1/prices', 401, 'Invalid API Key provided: sk_test_****oops');
    const failed = await syncPlans();
    expect(failed.status).toBe(502);
    expect(failed.body).toMatchObject({
      error: { message: `${BILLING_MESSAGES.syncFailed}: Invalid API Key provided: sk_test_****oops` },
    });
    expect((await billing(company)).plans).toEqual(before);
  });

  it('is for the super_admin only', async () => {
    const company = await signUpCompany();
    expect((await syncPlans(company.accessToken)).status).toBe(403);
    expect((await api('/api/billing/sync-plans', { method: 'POST' })).status).toBe(401);
  });
});

describe('checkout, webhooks and the portal', () => {
  it('starts on the trial, pays for a plan, and mirrors what Stripe says', async () => {
    const company = await signUpCompany();
    const start = await billing(company);
    expect(start.subscription).toMatchObject({
      status: 'trial',
      has_active_subscription: true,
      plan_id: null,
      plan_name: null,
      has_billing_account: false,
      asset_limit: TRIAL_ASSET_LIMIT,
      user_limit: TRIAL_USER_LIMIT,
      usage: { assets: 0, users: 1 },
    });
    expect(start.payments).toEqual([]);
    expect(start.plans.map((plan) => plan.name)).toEqual(
      expect.arrayContaining(['Starter', 'Professional', 'Enterprise']),
    );
    // The portal needs a customer, which the first checkout creates.
    expect(
      (await api('/api/billing/portal', { method: 'POST', token: company.accessToken })).body,
    ).toMatchObject({ error: { message: BILLING_MESSAGES.noBillingAccount } });

    const returned = await subscribe(company, 'Starter');
    expect(returned).toMatch(/\/settings\?tab=billing&checkout=success&session_id=cs_test_\w+$/);

    const after = await billing(company);
    const starter = after.plans.find((plan) => plan.name === 'Starter')!;
    expect(after.subscription).toMatchObject({
      status: 'active',
      has_active_subscription: true,
      plan_id: starter.id,
      plan_name: 'Starter',
      has_billing_account: true,
      cancel_at_period_end: false,
      asset_limit: 1000,
      user_limit: 5,
    });
    const periodEnd = new Date(after.subscription.current_period_end!).getTime();
    expect(periodEnd - Date.now()).toBeGreaterThan(27 * 24 * 3600_000);
    expect(after.payments).toEqual([
      expect.objectContaining({
        event_type: 'invoice.paid',
        amount: 2900,
        currency: 'gbp',
        status: 'paid',
        invoice_url: expect.stringMatching(/\/invoices\/in_/),
      }),
    ]);
    expect((await me(company)).subscription).toMatchObject({ status: 'active', plan_id: starter.id });

    // A running plan is changed in the portal, not bought again.
    const again = await checkout(company, starter.stripe_price_id);
    expect(again).toMatchObject({ status: 409, body: { error: { code: 'already_subscribed' } } });

    const portal = await openPortal(company);
    await pressStripeButton(portal, 'cancel-at-period-end');
    expect((await me(company)).subscription).toMatchObject({ cancel_at_period_end: true, status: 'active' });
    await pressStripeButton(portal, 'resume');
    expect((await me(company)).subscription.cancel_at_period_end).toBe(false);
    await pressStripeButton(portal, 'cancel-now');
    expect((await me(company)).subscription).toMatchObject({
      status: 'cancelled',
      has_active_subscription: false,
    });
    // Stripe's word is the gate's: a cancelled organisation is stopped at once.
    const create = await api('/api/hardware', {
      method: 'POST',
      token: company.accessToken,
      body: { asset_type: 'Laptop', status: 'Active' },
    });
    expect(create.status).toBe(402);

    // After a cancellation the organisation can subscribe again, with the same customer.
    await subscribe(company, 'Professional');
    expect((await billing(company)).subscription).toMatchObject({
      status: 'active',
      plan_name: 'Professional',
      asset_limit: 10_000,
    });
  });

  it('refuses unknown plans, bad input and plain users', async () => {
    const company = await signUpCompany();
    expect((await checkout(company, 'price_doesnotexist')).status).toBe(404);
    const bad = await api('/api/billing/checkout', {
      method: 'POST',
      token: company.accessToken,
      body: { price_id: '<script>' },
    });
    expect(bad.status).toBe(400);
    expect(
      (await api('/api/billing/checkout', { method: 'POST', token: company.accessToken, body: {} })).status,
    ).toBe(400);
    // The platform organisation has nothing to pay for.
    const starter = await planPrice(company, 'Starter');
    expect((await checkout({ ...company, accessToken: rootToken }, starter)).status).toBe(403);
  });
});

describe('webhook rules', () => {
  async function paidCompany() {
    const company = await signUpCompany();
    await subscribe(company, 'Starter');
    const events = await sentStripeEvents();
    const organizationId = (await me(company)).organization.id;
    const ofCompany = events.filter((sent) =>
      JSON.stringify(sent.event.data.object).includes(organizationId),
    );
    return { company, events: ofCompany };
  }

  it('refuses a bad signature with 400 and stores nothing', async () => {
    const { company, events } = await paidCompany();
    const paid = events.find((sent) => sent.type === 'invoice.paid')!;
    const forged = JSON.stringify({
      ...paid.event,
      id: 'evt_forged',
      data: { object: { ...(paid.event.data.object as object), id: 'in_forged', amount_paid: 1 } },
    });
    const wrong = await deliverRawWebhook(forged, `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}`);
    expect(wrong.delivery_status).toBe(400);
    const unsigned = await api('/api/stripe/webhook', { method: 'POST', body: JSON.parse(forged) as object });
    expect(unsigned.status).toBe(400);
    expect((await billing(company)).payments).toHaveLength(1);
  });

  it('applies a duplicate delivery once', async () => {
    const { company, events } = await paidCompany();
    const paid = events.find((sent) => sent.type === 'invoice.paid')!;
    expect((await resendStripeEvent(paid.id)).delivery_status).toBe(200);
    expect((await billing(company)).payments).toHaveLength(1);
  });

  it('never lets an older state overwrite a newer one', async () => {
    const { company } = await paidCompany();
    const portal = await openPortal(company);
    await pressStripeButton(portal, 'cancel-at-period-end');
    const cancelling = (await sentStripeEvents()).at(-1)!;
    expect(cancelling.type).toBe('customer.subscription.updated');
    await pressStripeButton(portal, 'resume');
    // The "cancelling" state arrives again, late, as a new event: Stripe's current state wins.
    const late = await deliverStripeEvent('customer.subscription.updated', cancelling.event.data.object);
    expect(late.delivery_status).toBe(200);
    expect((await me(company)).subscription.cancel_at_period_end).toBe(false);

    // A replaced subscription's late end does not end its successor.
    await pressStripeButton(portal, 'cancel-now');
    const ended = (await sentStripeEvents()).at(-1)!;
    expect(ended.type).toBe('customer.subscription.deleted');
    await subscribe(company, 'Enterprise');
    await deliverStripeEvent('customer.subscription.deleted', ended.event.data.object);
    expect((await billing(company)).subscription).toMatchObject({
      status: 'active',
      plan_name: 'Enterprise',
    });
  });

  it('acknowledges events it does not handle', async () => {
    const unknown = await deliverStripeEvent('customer.created', { id: 'cus_unknown', object: 'customer' });
    expect(unknown.delivery_status).toBe(200);
  });
});

describe('plan limits', () => {
  it('holds the trial to its asset limit on import and on create, naming it', async () => {
    const company = await signUpCompany();
    const tooMany = await uploadCsv(company, laptopsCsv(TRIAL_ASSET_LIMIT + 1));
    expect(tooMany).toMatchObject({
      status: 409,
      body: {
        error: {
          code: 'plan_limit',
          message: PLAN_LIMIT_MESSAGES.importTooMany(null, TRIAL_ASSET_LIMIT, 0, TRIAL_ASSET_LIMIT + 1),
        },
      },
    });
    expect((await billing(company)).subscription.usage.assets).toBe(0);

    expect(await importCsv(company, laptopsCsv(TRIAL_ASSET_LIMIT))).toMatchObject({
      success: TRIAL_ASSET_LIMIT,
    });
    const one = await api('/api/hardware', {
      method: 'POST',
      token: company.accessToken,
      body: { asset_type: 'Laptop', status: 'Active' },
    });
    expect(one).toMatchObject({
      status: 409,
      body: { error: { message: PLAN_LIMIT_MESSAGES.assets(null, TRIAL_ASSET_LIMIT, TRIAL_ASSET_LIMIT) } },
    });
    expect(PLAN_LIMIT_MESSAGES.assets(null, 500, 500)).toMatch(/^The free trial allows 500 hardware assets/);

    // A plan lifts the limit to its own.
    await subscribe(company, 'Starter');
    expect(await importCsv(company, laptopsCsv(10))).toMatchObject({ success: 10 });
    expect((await billing(company)).subscription.usage.assets).toBe(TRIAL_ASSET_LIMIT + 10);
  }, 60_000);

  it('holds invitations to the user limit, counting pending ones', async () => {
    const company = await signUpCompany();
    const invite = (email: string) =>
      api('/api/invitations', {
        method: 'POST',
        token: company.accessToken,
        body: { email, role: 'user' },
      });
    for (let index = 1; index < TRIAL_USER_LIMIT; index++) {
      expect((await invite(uniqueEmail(`member${index}`))).status).toBe(201);
    }
    const refused = await invite(uniqueEmail('one-too-many'));
    expect(refused).toMatchObject({
      status: 409,
      body: { error: { code: 'plan_limit', message: PLAN_LIMIT_MESSAGES.users(null, TRIAL_USER_LIMIT) } },
    });
    expect((await billing(company)).subscription.usage.users).toBe(TRIAL_USER_LIMIT);

    await subscribe(company, 'Professional');
    expect((await invite(uniqueEmail('now-room'))).status).toBe(201);
  });
});
