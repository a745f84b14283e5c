import {
  BILLING_MESSAGES,
  checkoutRequestSchema,
  hasRunningPlan,
  type SessionUrlResponse,
} from '../../shared/billing';
import { appUrl } from '../lib/config';
import { BadGateway, Conflict, Forbidden, NotFound } from '../lib/errors';
import { userRoute } from '../lib/http';
import { callStripe } from '../lib/stripe';
import { getPlanByPrice } from './plans';
import { linkStripeCustomer } from './subscription-mirror';

/**
 * POST /api/billing/checkout: a Stripe Checkout Session for the chosen plan, for the caller's
 * organisation as the Stripe customer (created on its first checkout). The web app goes to its url.
 */
export const handler = userRoute(
  { body: checkoutRequestSchema },
  async ({ caller, body }): Promise<SessionUrlResponse> => {
    const { organization, subscription, profile } = caller;
    if (!subscription) {
      throw new Forbidden('The platform organisation needs no subscription', 'no_subscription_needed');
    }
    const plan = await getPlanByPrice(body.price_id);
    if (!plan?.is_active) throw new NotFound(BILLING_MESSAGES.planUnavailable, 'plan_not_found');
    if (hasRunningPlan({ plan_id: subscription.plan_id ?? null, status: subscription.status })) {
      throw new Conflict(BILLING_MESSAGES.alreadySubscribed, 'already_subscribed');
    }
    const billingPage = `${appUrl('Stripe cannot return to the app')}/settings?tab=billing`;

    const customerId =
      subscription.stripe_customer_id ??
      (await linkStripeCustomer(
        organization.id,
        (
          await callStripe(BILLING_MESSAGES.checkoutCreate, (stripe) =>
            stripe.customers.create(
              {
                email: profile.email,
                name: organization.name,
                metadata: { organization_id: organization.id },
              },
              // Two first checkouts at once make one customer.
              { idempotencyKey: `customer-${organization.id}` },
            ),
          )
        ).id,
      ));

    const session = await callStripe(BILLING_MESSAGES.checkoutCreate, (stripe) =>
      stripe.checkout.sessions.create({
        mode: 'subscription',
        customer: customerId,
        client_reference_id: organization.id,
        line_items: [{ price: plan.stripe_price_id, quantity: 1 }],
        // Stripe fills in the session's id: the page asks the API about that session.
        success_url: `${billingPage}&checkout=success&session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${billingPage}&checkout=cancelled`,
        metadata: { organization_id: organization.id },
        subscription_data: { metadata: { organization_id: organization.id } },
      }),
    );
    if (!session.url) throw new BadGateway(BILLING_MESSAGES.checkoutNoUrl, 'stripe_error');
    return { url: session.url };
  },
);
