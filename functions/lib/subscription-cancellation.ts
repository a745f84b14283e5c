import Stripe from 'stripe';
import { callStripe } from './stripe';

/** Statuses in which Stripe no longer bills a subscription, and refuses to cancel it (404). */
const ENDED = new Set<Stripe.Subscription.Status>(['canceled', 'incomplete_expired']);

/**
 * Expires the Stripe customer's open checkouts and ends every subscription it still has, at once and without a proration invoice:
 * the organisation it paid for is being deleted, and its customer must not be charged again.
 * Every one of the customer's subscriptions is looked up in Stripe rather than only the one our
 * mirror names, which a late or lost webhook could have left behind. One already ended (answered
 * 404 by a cancellation racing this one) is done. Stripe's refusal is a 502 and stops the
 * deletion before any data goes; calling it again cancels what is left.
 */
export async function cancelCustomerSubscriptions(customerId: string): Promise<string[]> {
  return callStripe('Cancelling the subscription', async (client) => {
    // First the checkouts still open, or one paid after this would start a subscription afresh. One
    // completed meanwhile (Stripe refuses to expire it) made a subscription the list below finds.
    for await (const session of client.checkout.sessions.list({
      customer: customerId,
      status: 'open',
      limit: 100,
    })) {
      await client.checkout.sessions.expire(session.id).catch((error: unknown) => {
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
      });
    }
    const cancelled: string[] = [];
    for await (const subscription of client.subscriptions.list({ customer: customerId, limit: 100 })) {
      if (ENDED.has(subscription.status)) continue;
      try {
        await client.subscriptions.cancel(subscription.id, { prorate: false, invoice_now: false });
        cancelled.push(subscription.id);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing') {
          continue;
        }
        throw error;
      }
    }
    return cancelled;
  });
}
