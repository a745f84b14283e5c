import { publicRoute } from '../lib/http';
import { logger } from '../lib/logger';
import { verifiedStripeEvent } from '../lib/stripe';
import { applyStripeEvent } from './stripe-events';

/**
 * POST /api/stripe/webhook: Stripe's signature on the raw body is the authentication. A bad
 * signature is refused (400) before anything is read; a duplicate or unknown event is acknowledged
 * (200) and changes nothing; a failure answers 500, so Stripe delivers the event again.
 */
export const handler = publicRoute({ rawBody: true }, async ({ rawBody, event, now }) => {
  const stripeEvent = await verifiedStripeEvent(rawBody, event.headers['stripe-signature']);
  const outcome = await applyStripeEvent(stripeEvent, now);
  logger.info('Stripe event', { event_id: stripeEvent.id, type: stripeEvent.type, outcome });
  return { received: true, outcome };
});
