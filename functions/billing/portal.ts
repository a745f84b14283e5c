import { BILLING_MESSAGES, type SessionUrlResponse } from '../../shared/billing';
import { appUrl } from '../lib/config';
import { Conflict } from '../lib/errors';
import { userRoute } from '../lib/http';
import { callStripe } from '../lib/stripe';

/** POST /api/billing/portal: a Stripe billing portal session for the organisation's customer. */
export const handler = userRoute({}, async ({ caller }): Promise<SessionUrlResponse> => {
  const customer = caller.subscription?.stripe_customer_id;
  if (!customer) throw new Conflict(BILLING_MESSAGES.noBillingAccount, 'no_billing_account');
  const returnUrl = `${appUrl('Stripe cannot return to the app')}/settings?tab=billing`;
  const session = await callStripe(BILLING_MESSAGES.portalCreate, (stripe) =>
    stripe.billingPortal.sessions.create({ customer, return_url: returnUrl }),
  );
  return { url: session.url };
});
