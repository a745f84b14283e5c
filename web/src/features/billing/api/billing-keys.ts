import type { QueryClient } from '@tanstack/react-query';
import { meQueryOptions } from '../../../api/me';

/** Every billing query key starts with 'billing', but the checkout's. */
export const billingKeys = {
  all: ['billing'] as const,
  /** Every payment, a page per cursor ("View all"). */
  payments: ['billing', 'payments'] as const,
  /**
   * The checkout a person came back from. Kept apart from 'billing': how that checkout ended does not
   * change when the subscription later does (a renewal failing, a cancellation), so refreshing
   * billing must not ask about it again.
   */
  checkoutSession: (sessionId: string) => ['checkout-session', sessionId] as const,
};

/** The profile's key: its subscription block drives the account badge and the subscription gate. */
export const meQueryKey = meQueryOptions.queryKey;

/** After anything that may change the subscription: billing and the profile are refetched. */
export async function invalidateBillingAndMe(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: billingKeys.all }),
    queryClient.invalidateQueries({ queryKey: meQueryKey }),
  ]);
}
