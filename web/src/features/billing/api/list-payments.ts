import { useInfiniteQuery } from '@tanstack/react-query';
import { PAYMENTS_PAGE_SIZE } from '@shared/billing';
import { paymentsPageSchema, type PaymentsPage } from '@shared/billing-responses';
import { apiRequest } from '../../../api/api-client';
import { billingKeys } from './billing-keys';

export function listPayments(cursor: string | null, signal?: AbortSignal): Promise<PaymentsPage> {
  const params = new URLSearchParams({ limit: String(PAYMENTS_PAGE_SIZE) });
  if (cursor) params.set('cursor', cursor);
  return apiRequest(`/api/billing/payments?${params.toString()}`, paymentsPageSchema, { signal });
}

/** Every payment of the organisation, newest first, a page per cursor; fetched only when asked for. */
export function usePaymentList(enabled: boolean) {
  return useInfiniteQuery({
    queryKey: billingKeys.payments,
    queryFn: ({ pageParam, signal }) => listPayments(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.next_cursor,
    enabled,
  });
}
