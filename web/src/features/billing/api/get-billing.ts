import { useQuery } from '@tanstack/react-query';
import { billingResponseSchema, type BillingResponse } from '@shared/billing-responses';
import { apiRequest } from '../../../api/api-client';
import { billingKeys } from './billing-keys';

/** The organisation's subscription, the active plans (by amount ascending) and the latest 10 payments. */
export function getBilling(signal?: AbortSignal): Promise<BillingResponse> {
  return apiRequest('/api/billing', billingResponseSchema, { signal });
}

/**
 * GET /api/billing. (The tab refetches it when the window regains focus, back from the billing
 * portal's tab, and once a checkout it came back from has been activated.)
 */
export function useBilling() {
  return useQuery({
    queryKey: billingKeys.all,
    queryFn: ({ signal }) => getBilling(signal),
  });
}
