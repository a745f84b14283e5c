import { beforeAll, describe, expect, it } from 'vitest';
import { api, organizationIdOf, signIn, signUpCompany } from '../support/api';
import { subscribe } from '../support/billing';
import { TEST_SUPER_ADMIN } from '../support/global-setup';
import {
  deliveredStripeEvent,
  resendStripeEvent,
  sandboxStripe,
  sentStripeEvents,
} from '../support/stripe-sandbox';
import { tableDump } from '../support/table';

/**
 * Stripe delivers late and again. Once an organisation is deleted its subscription is cancelled,
 * and every event about it, its own cancellation and the whole history replayed, is acknowledged
 * (2xx, so Stripe stops retrying) and writes nothing: no payment row, no subscription, no event id.
 */
const COMPANIES = 3;

let root: string;

beforeAll(async () => {
  root = (await signIn(TEST_SUPER_ADMIN.email, TEST_SUPER_ADMIN.password)).AccessToken!;
  expect((await api('/api/billing/sync-plans', { method: 'POST', token: root })).status).toBe(200);
});

const aboutCustomer = (object: unknown, customers: Set<string>) =>
  typeof object === 'object' &&
  object !== null &&
  'customer' in object &&
  typeof object.customer === 'string' &&
  customers.has(object.customer);

describe('webhooks after an organisation is deleted', () => {
  it('are acknowledged and write nothing', async () => {
    const deleted: { id: string; subscriptionId: string; customerId: string }[] = [];
    for (let index = 0; index < COMPANIES; index++) {
      const company = await signUpCompany(`Gone Paying ${index} Ltd`);
      await subscribe(company, 'Starter');
      const id = await organizationIdOf(company);
      const checkout = (await sentStripeEvents()).findLast(
        (sent) =>
          sent.type === 'checkout.session.completed' &&
          (sent.event.data.object as { client_reference_id?: string }).client_reference_id === id,
      );
      const session = checkout?.event.data.object as { subscription: string; customer: string };
      expect((await api(`/api/organizations/${id}`, { method: 'DELETE', token: root })).status).toBe(204);
      deleted.push({ id, subscriptionId: session.subscription, customerId: session.customer });
    }

    const cancelled = await Promise.all(
      deleted.map(async ({ subscriptionId }) => {
        const subscription = await sandboxStripe().subscriptions.retrieve(subscriptionId);
        await deliveredStripeEvent('customer.subscription.deleted', subscriptionId);
        return subscription.status === 'canceled';
      }),
    );
    const ids = deleted.map(({ id }) => id.toLowerCase());
    // Keys are lower-cased, attributes keep the id as it is.
    const mentions = deleted.flatMap(({ id }) => [id, id.toLowerCase()]);
    const before = await tableDump(mentions);

    // Every event Stripe sent about these customers, delivered again, twice.
    const customers = new Set(deleted.map(({ customerId }) => customerId));
    const history = (await sentStripeEvents()).filter(
      (sent) =>
        aboutCustomer(sent.event.data.object, customers) ||
        (sent.type === 'checkout.session.completed' &&
          ids.includes(
            String(
              (sent.event.data.object as { client_reference_id?: string }).client_reference_id,
            ).toLowerCase(),
          )),
    );
    const statuses: number[] = [];
    for (let round = 0; round < 2; round++) {
      for (const sent of history) statuses.push((await resendStripeEvent(sent.id)).delivery_status);
    }
    const after = await tableDump(mentions);
    const acknowledged = statuses.filter((status) => status >= 200 && status < 300).length;
    console.log(
      `[reliability] webhooks after deletion: ${COMPANIES} organisations deleted, ` +
        `${cancelled.filter(Boolean).length}/${COMPANIES} subscriptions cancelled in Stripe, ` +
        `${statuses.length} deliveries of ${history.length} events acknowledged ${acknowledged}/${statuses.length}, ` +
        `items written ${after.length - before.length}`,
    );
    expect(cancelled.every(Boolean)).toBe(true);
    expect(before).toEqual([]);
    expect(acknowledged).toBe(statuses.length);
    expect(after).toEqual([]);
  });
});
