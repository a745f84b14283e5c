import Stripe from 'stripe';
import {
  BILLING_MESSAGES,
  checkoutOutcome,
  checkoutSessionParamsSchema,
  subscriptionStatusFromStripe,
  type CheckoutSessionResponse,
} from '../../shared/billing';
import { displayStatus } from '../../shared/subscription';
import { NotFound } from '../lib/errors';
import { userRoute } from '../lib/http';
import { callStripe } from '../lib/stripe';

/** Stripe's answer for a session id it does not know. */
function unknownAsNull(error: unknown): null {
  if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
  throw error;
}

/**
 * GET /api/billing/checkout/{session_id}: the checkout a person came back from, asked of Stripe, so
 * the billing page thanks them only for a payment that went through and a subscription that runs,
 * not for an address that says "success".
 */
export const handler = userRoute(
  { params: checkoutSessionParamsSchema },
  async ({ caller, params }): Promise<CheckoutSessionResponse> => {
    const { organization, subscription } = caller;
    const session = await callStripe(BILLING_MESSAGES.checkoutLookup, (stripe) =>
      stripe.checkout.sessions.retrieve(params.session_id, { expand: ['subscription'] }).catch(unknownAsNull),
    );
    // Another organisation's session is as unknown here as one that does not exist.
    const owner = session?.client_reference_id ?? session?.metadata?.organization_id;
    if (!session || owner !== organization.id) {
      throw new NotFound(BILLING_MESSAGES.checkoutNotFound, 'checkout_not_found');
    }
    const started = typeof session.subscription === 'object' ? session.subscription : null;
    const subscriptionStatus = started ? displayStatus(subscriptionStatusFromStripe(started.status)) : null;
    // The webhook's mirror is what the rest of the product reads: until it holds this subscription
    // as Stripe has it, the organisation's access has not caught up with the payment.
    const mirrored =
      started !== null &&
      subscription?.stripe_subscription_id === started.id &&
      displayStatus(subscription.status) === subscriptionStatus;
    const status = session.status ?? 'open';
    return {
      id: session.id,
      status,
      payment_status: session.payment_status,
      subscription_status: subscriptionStatus,
      mirrored,
      outcome: checkoutOutcome({ status, subscription_status: subscriptionStatus, mirrored }),
    };
  },
);
