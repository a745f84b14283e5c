import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod';
import { BILLING_MESSAGES, type CheckoutRequest } from '@shared/billing';
import {
  planSyncResponseSchema,
  sessionUrlResponseSchema,
  type PlanSyncResponse,
} from '@shared/billing-responses';
import { apiRequest } from '../../../api/api-client';
import { billingKeys, invalidateBillingAndMe } from './billing-keys';

/** A session call answered without a usable url. */
export class MissingSessionUrlError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MissingSessionUrlError';
  }
}

async function postForUrl(path: string, body: unknown, missingMessage: string): Promise<string> {
  const payload = await apiRequest(path, z.unknown(), { method: 'POST', body });
  const parsed = sessionUrlResponseSchema.safeParse(payload);
  if (!parsed.success) throw new MissingSessionUrlError(missingMessage);
  return parsed.data.url;
}

/** A Stripe Checkout session for the plan (admins); 409 when the organisation already has a running plan. */
export function startCheckout(priceId: string): Promise<string> {
  const body: CheckoutRequest = { price_id: priceId };
  return postForUrl('/api/billing/checkout', body, BILLING_MESSAGES.checkoutNoUrl);
}

/** A Stripe billing portal session for the organisation's customer (admins). */
export function openPortalSession(): Promise<string> {
  return postForUrl('/api/billing/portal', undefined, BILLING_MESSAGES.portalCreate);
}

/** Reads Stripe's products and prices into the plans (super_admin). */
export function syncPlans(): Promise<PlanSyncResponse> {
  return apiRequest('/api/billing/sync-plans', planSyncResponseSchema, { method: 'POST' });
}

/** Resolves to the checkout url; the caller sends the whole page there. */
export function useStartCheckout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startCheckout,
    // A refusal (a plan that is gone, a subscription that already runs) means the page is out of date.
    onError: () => invalidateBillingAndMe(queryClient),
  });
}

/** Resolves to the portal url; the caller opens it in a new tab. */
export function useOpenPortal() {
  return useMutation({ mutationFn: openPortalSession });
}

export function useSyncPlans() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: syncPlans,
    onSettled: () => queryClient.invalidateQueries({ queryKey: billingKeys.all }),
  });
}
