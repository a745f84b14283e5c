import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { SubscriptionStatus } from '@shared/subscription';
import { invalidateBillingAndMe } from '../api/billing-keys';
import { useCheckoutSession } from '../api/get-checkout-session';
import { checkoutPhase, checkoutVisit, type CheckoutPhase, type CheckoutVisit } from '../billing-format';

/** How often the session is asked about while its subscription is being activated. */
export const ACTIVATION_POLL_MS = 2000;
/** How long to wait for the activation before saying it is still on its way. */
export const ACTIVATION_TIMEOUT_MS = 30_000;

export type { CheckoutPhase };

/** Phases the address keeps its parameters through: the answer is not in yet. */
const UNSETTLED: readonly (CheckoutPhase | null)[] = ['checking', 'activating'];

/**
 * The return from Stripe Checkout (?checkout=success&session_id=…, or ?checkout=cancelled), with
 * the organisation's subscription status as billing has it now (`current`). The session is asked about (GET /api/billing/checkout/{id}) and polled while Stripe has it paid but
 * the webhook has not mirrored it yet (or 30 s pass); once it is, billing and the profile are
 * refetched. Then the parameters leave the address.
 */
export function useCheckoutReturn(current: SubscriptionStatus | undefined) {
  const queryClient = useQueryClient();
  const [searchParams, setSearchParams] = useSearchParams();
  const fromAddress = checkoutVisit(searchParams);
  const addressKey = fromAddress ? JSON.stringify(fromAddress) : null;
  const [seenKey, setSeenKey] = useState(addressKey);
  const [visit, setVisit] = useState<CheckoutVisit | null>(fromAddress);
  const [timedOut, setTimedOut] = useState(false);

  // A new visit while mounted (the parameters' removal is no news).
  if (addressKey !== seenKey) {
    setSeenKey(addressKey);
    if (fromAddress) {
      setVisit(fromAddress);
      setTimedOut(false);
    }
  }

  const sessionId = visit?.kind === 'success' ? visit.sessionId : null;
  const session = useCheckoutSession(sessionId, (answer) =>
    answer?.outcome === 'activating' && !timedOut ? ACTIVATION_POLL_MS : false,
  );
  const phase = checkoutPhase(visit, { data: session.data, failed: session.isError }, timedOut, current);

  useEffect(() => {
    if (phase !== 'activating') return;
    const timer = setTimeout(() => setTimedOut(true), ACTIVATION_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [phase]);

  // The badge and the gate read the profile, the card reads billing: both catch up now.
  useEffect(() => {
    if (phase === 'activated') void invalidateBillingAndMe(queryClient);
  }, [phase, queryClient]);

  const settled = !UNSETTLED.includes(phase);
  const inAddress = searchParams.has('checkout') || searchParams.has('session_id');
  useEffect(() => {
    if (!inAddress || !settled) return;
    setSearchParams(
      (params) => {
        params.delete('checkout');
        params.delete('session_id');
        return params;
      },
      { replace: true },
    );
  }, [inAddress, settled, setSearchParams]);

  return { phase, dismiss: () => setVisit(null) };
}
