import { skipToken, useQuery } from '@tanstack/react-query';
import { checkoutSessionResponseSchema, type CheckoutSessionResponse } from '@shared/billing-responses';
import { apiRequest } from '../../../api/api-client';
import { billingKeys } from './billing-keys';

export function getCheckoutSession(
  sessionId: string,
  signal?: AbortSignal,
): Promise<CheckoutSessionResponse> {
  return apiRequest(`/api/billing/checkout/${encodeURIComponent(sessionId)}`, checkoutSessionResponseSchema, {
    signal,
  });
}

/**
 * The checkout the person came back from, as Stripe has it (null: none), asked again after the
 * interval `pollEvery` gives for the latest answer (false: not again).
 */
export function useCheckoutSession(
  sessionId: string | null,
  pollEvery: (answer: CheckoutSessionResponse | undefined) => number | false,
) {
  return useQuery({
    queryKey: billingKeys.checkoutSession(sessionId ?? ''),
    queryFn: sessionId ? ({ signal }) => getCheckoutSession(sessionId, signal) : skipToken,
    refetchInterval: (query) => pollEvery(query.state.data),
    // Asked again only while it is being activated (above), not when the window regains focus.
    staleTime: Infinity,
    // An unknown or foreign session is an answer, not a hiccup to retry.
    retry: false,
  });
}
