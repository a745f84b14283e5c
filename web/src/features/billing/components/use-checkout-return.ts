import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { BillingSubscription } from '../../../../../shared/billing';
import { meQueryOptions } from '../../../api/me';
import { meQueryKey } from '../api/billing-keys';
import { checkoutReturn, isActivated, type CheckoutReturn } from '../billing-format';

/** How often billing and the profile are refetched while a paid checkout is being activated. */
export const ACTIVATION_POLL_MS = 2000;
/** How long to wait for the activation before saying it is still on its way. */
export const ACTIVATION_TIMEOUT_MS = 30_000;

export type CheckoutPhase = 'activating' | 'activated' | 'timed-out' | 'cancelled';

function phaseOf(value: CheckoutReturn | null): CheckoutPhase | null {
  if (value === 'success') return 'activating';
  if (value === 'cancelled') return 'cancelled';
  return null;
}

/**
 * The return from Stripe Checkout (?checkout=success|cancelled). After a payment, billing and the
 * profile are polled until the subscription runs on a plan (the webhook may come a little after
 * the browser) or 30 s pass; then the parameter leaves the address.
 */
export function useCheckoutReturn(subscription: BillingSubscription | undefined) {
  const queryClient = useQueryClient();
  const [searchParams, setSearchParams] = useSearchParams();
  const param = checkoutReturn(searchParams.get('checkout'));
  const [seenParam, setSeenParam] = useState(param);
  const [phase, setPhase] = useState<CheckoutPhase | null>(() => phaseOf(param));

  // A new ?checkout= while mounted (the parameter's removal is no news).
  if (param !== seenParam) {
    setSeenParam(param);
    if (param !== null) setPhase(phaseOf(param));
  }
  if (phase === 'activating' && subscription !== undefined && isActivated(subscription)) {
    setPhase('activated');
  }

  const polling = phase === 'activating';
  const pollInterval: number | false = polling ? ACTIVATION_POLL_MS : false;

  // The profile drives the account badge and the subscription gate: it is polled along with billing.
  useQuery({ ...meQueryOptions, refetchInterval: pollInterval });

  useEffect(() => {
    if (!polling) return;
    const timer = setTimeout(
      () => setPhase((current) => (current === 'activating' ? 'timed-out' : current)),
      ACTIVATION_TIMEOUT_MS,
    );
    return () => clearTimeout(timer);
  }, [polling]);

  useEffect(() => {
    if (phase === 'activating' || phase === 'activated') {
      void queryClient.invalidateQueries({ queryKey: meQueryKey });
    }
  }, [phase, queryClient]);

  useEffect(() => {
    if (param === null || phase === 'activating') return;
    setSearchParams(
      (params) => {
        params.delete('checkout');
        return params;
      },
      { replace: true },
    );
  }, [param, phase, setSearchParams]);

  return { phase, pollInterval, dismiss: () => setPhase(null) };
}
