import { describe, expect, it } from 'vitest';
import type { MeResponse } from '../../shared/api';
import type { BillingResponse, SessionUrlResponse } from '../../shared/billing';
import { api, signIn, signUpCompany, useFunctionEnv, type TestCompany } from '../support/api';
import { TEST_SUPER_ADMIN } from '../support/global-setup';
import { pressStripeButton, resendStripeEvent, sentStripeEvents } from '../support/stripe-sandbox';

/**
 * Stripe delivers at least once and in no promised order. The same events, delivered again
 * duplicated and shuffled onto a wiped mirror, must leave exactly the subscription and payment
 * rows that in-order delivery left.
 */
const COMPANIES = 4;
/** Each round: a renewal, a failed renewal, paying it, cancelling at period end, resuming. */
const PORTAL_ROUNDS = 3;
const PORTAL_ACTIONS = ['renew', 'fail-renewal', 'pay-invoice', 'cancel-at-period-end', 'resume'];

async function billing(company: TestCompany): Promise<BillingResponse> {
  return (await api<BillingResponse>('/api/billing', { token: company.accessToken })).body;
}

/** What the mirror holds for an organisation, without what is not Stripe's (usage). */
async function mirrorOf(company: TestCompany) {
  const { subscription, payments } = await billing(company);
  const { usage: _usage, ...mirrored } = subscription;
  return { subscription: mirrored, payments };
}

/** A small deterministic shuffle (mulberry32), so a failure can be replayed. */
function shuffled<T>(items: T[], seed: number): T[] {
  let state = seed;
  const random = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index--) {
    const other = Math.floor(random() * (index + 1));
    [copy[index], copy[other]] = [copy[other]!, copy[index]!];
  }
  return copy;
}

/** Forgets everything webhooks wrote for an organisation: its mirror, payments and applied event ids. */
async function wipeMirror(organizationId: string, eventIds: string[]) {
  useFunctionEnv();
  const [
    { getItem, listAll, patch, remove, send },
    { paymentItemSchema, payments, stripeEvents },
    { subscriptionItemSchema, subscriptions },
  ] = await Promise.all([
    import('../../functions/lib/table/commands'),
    import('../../functions/lib/table/items/billing'),
    import('../../functions/lib/table/items/organizations'),
  ]);
  const keyOf = ({ pk, sk }: Record<string, unknown>) => ({ pk: pk as string, sk: sk as string });
  for (const payment of await listAll(paymentItemSchema, payments.ofOrganization(organizationId))) {
    await send(remove(keyOf(payments.item(payment))));
  }
  for (const id of eventIds) {
    await send(remove(keyOf(stripeEvents.item({ event_id: id, type: '', applied_at: '', expires_at: 0 }))));
  }
  await send(
    patch(subscriptions.key(organizationId), {
      set: { status: 'trial', cancel_at_period_end: false },
      remove: [
        'stripe_subscription_id',
        'stripe_subscription_created',
        'plan_id',
        'plan_name',
        'asset_limit',
        'user_limit',
        'current_period_end',
        'ended_at',
        'outstanding_invoice_url',
      ],
    }),
  );
  const data = await getItem(subscriptionItemSchema, subscriptions.key(organizationId));
  return data?.stripe_customer_id ?? null;
}

describe('Stripe webhooks delivered duplicated and shuffled', () => {
  it('leave the same subscriptions and payments as in-order delivery', async () => {
    const root = await signIn(TEST_SUPER_ADMIN.email, TEST_SUPER_ADMIN.password);
    expect((await api('/api/billing/sync-plans', { method: 'POST', token: root.AccessToken! })).status).toBe(
      200,
    );
    const before = new Set((await sentStripeEvents()).map((sent) => sent.id));

    const companies: { company: TestCompany; organizationId: string }[] = [];
    for (let index = 0; index < COMPANIES; index++) {
      const company = await signUpCompany(`Replay ${index} Ltd`);
      const organizationId = (await api<MeResponse>('/api/me', { token: company.accessToken })).body
        .organization.id;
      const starter = (await billing(company)).plans.find((plan) => plan.name === 'Starter')!;
      const session = await api<SessionUrlResponse>('/api/billing/checkout', {
        method: 'POST',
        token: company.accessToken,
        body: { price_id: starter.stripe_price_id },
      });
      await pressStripeButton(session.body.url, 'pay', { outcome: 'success' });
      const portal = await api<SessionUrlResponse>('/api/billing/portal', {
        method: 'POST',
        token: company.accessToken,
      });
      for (let round = 0; round < PORTAL_ROUNDS; round++) {
        for (const action of PORTAL_ACTIONS) await pressStripeButton(portal.body.url, action);
      }
      companies.push({ company, organizationId });
    }

    const events = (await sentStripeEvents()).filter((sent) => !before.has(sent.id));
    expect(events.every((sent) => sent.delivery_status === 200)).toBe(true);
    const inOrder = await Promise.all(companies.map(({ company }) => mirrorOf(company)));
    expect(inOrder.every((mirror) => mirror.subscription.status === 'active')).toBe(true);
    expect(inOrder.every((mirror) => mirror.payments.length === 1 + 3 * PORTAL_ROUNDS)).toBe(true);

    const eventIds = events.map((sent) => sent.id);
    for (const { organizationId } of companies) await wipeMirror(organizationId, eventIds);
    expect((await mirrorOf(companies[0]!.company)).payments).toEqual([]);

    const deliveries = shuffled([...eventIds, ...eventIds], 20261122);
    const statuses: number[] = [];
    // A few at a time, as Stripe's own retries overlap.
    for (let start = 0; start < deliveries.length; start += 4) {
      const batch = deliveries.slice(start, start + 4);
      statuses.push(
        ...(await Promise.all(batch.map(async (id) => (await resendStripeEvent(id)).delivery_status))),
      );
    }
    console.log(
      `[reliability] Stripe replay: ${eventIds.length} events for ${COMPANIES} organisations, ${deliveries.length} deliveries (each twice, shuffled), ${statuses.filter((status) => status === 200).length} acknowledged`,
    );
    expect(statuses.every((status) => status === 200)).toBe(true);

    const replayed = await Promise.all(companies.map(({ company }) => mirrorOf(company)));
    expect(replayed).toEqual(inOrder);
  }, 180_000);
});
