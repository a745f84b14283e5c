import { expect } from 'vitest';
import type { MeResponse } from '../../shared/api';
import type { BillingResponse, SessionUrlResponse } from '../../shared/billing';
import { api, type TestCompany } from './api';
import { pressStripeButton } from './stripe-sandbox';

/** An organisation's GET /api/billing, which must answer. */
export async function billing(company: TestCompany): Promise<BillingResponse> {
  const response = await api<BillingResponse>('/api/billing', { token: company.accessToken });
  expect(response.status).toBe(200);
  return response.body;
}

export async function me(company: TestCompany): Promise<MeResponse> {
  return (await api<MeResponse>('/api/me', { token: company.accessToken })).body;
}

export function checkout(company: TestCompany, priceId: string) {
  return api<SessionUrlResponse>('/api/billing/checkout', {
    method: 'POST',
    token: company.accessToken,
    body: { price_id: priceId },
  });
}

export async function planPrice(company: TestCompany, name: string): Promise<string> {
  const plan = (await billing(company)).plans.find((candidate) => candidate.name === name);
  if (!plan) throw new Error(`No plan named ${name}`);
  return plan.stripe_price_id;
}

/** A checkout session for the plan: the hosted page's address. */
export async function checkoutUrl(company: TestCompany, name: string): Promise<string> {
  const session = await checkout(company, await planPrice(company, name));
  expect(session.status).toBe(200);
  return session.body.url;
}

/** Goes through checkout for the plan and pays on the sandbox's page: where Stripe sends the browser back. */
export async function subscribe(company: TestCompany, name: string): Promise<string> {
  return pressStripeButton(await checkoutUrl(company, name), 'pay', { outcome: 'success' });
}

export async function openPortal(company: TestCompany): Promise<string> {
  const portal = await api<SessionUrlResponse>('/api/billing/portal', {
    method: 'POST',
    token: company.accessToken,
  });
  expect(portal.status).toBe(200);
  return portal.body.url;
}
