import { useQuery } from '@tanstack/react-query';
import { billingResponseSchema, type BillingResponse } from '../../../../../shared/billing';
import { apiRequest } from '../../../api/api-client';
import { billingKeys } from './billing-keys';

/** The organisation's subscription, the active plans (by amount ascending) and the latest 10 payments. */
export function getBilling(signal?: AbortSignal): Promise<BillingResponse> {
  return apiRequest('/api/billing', billingResponseSchema, { signal });
}

/**
 * GET /api/billing, every `refetchInterval` ms while a checkout is being activated. (The tab refetches
 * it when the window regains focus, back from the billing portal's tab.)
 */
export function useBilling({ refetchInterval = false }: { refetchInterval?: number | false } = {}) {
  return useQuery({
    queryKey: billingKeys.all,
    queryFn: ({ signal }) => getBilling(signal),
    refetchInterval,
  });
}
