import { Alert, Button, Text } from '@aws-amplify/ui-react';
import type { BillingSubscription } from '@shared/billing';
import type { Role } from '@shared/constants';
import { BILLING_TEXTS } from '../billing-format';

/**
 * A past_due subscription still counts as active (SPEC 4), so nothing else on the page stops the
 * organisation: this says the payment failed and, to an admin, where to pay what is owed (Stripe's
 * hosted invoice page, in a new tab; the page refreshes on return) or to change the card.
 */
export function PastDueNotice({ subscription, role }: { subscription: BillingSubscription; role: Role }) {
  if (subscription.status !== 'past_due') return null;
  const admin = role === 'admin';
  const invoiceUrl = admin ? subscription.outstanding_invoice_url : null;
  let fix: string = BILLING_TEXTS.pastDueAskAdmin;
  if (admin) fix = invoiceUrl ? BILLING_TEXTS.pastDueFix : BILLING_TEXTS.pastDueFixInPortal;
  return (
    <Alert
      variation="warning"
      role="alert"
      marginTop="small"
      heading={BILLING_TEXTS.pastDue}
      data-testid="past-due-notice"
      className="billing-past-due"
    >
      <Text as="span" display="block">
        {fix}
      </Text>
      {invoiceUrl ? (
        // A link (it opens Stripe's page) that looks like the action it is.
        <Button
          as="a"
          href={invoiceUrl}
          target="_blank"
          rel="noopener noreferrer"
          variation="primary"
          size="small"
          className="billing-past-due__pay"
        >
          {BILLING_TEXTS.payInvoice}
        </Button>
      ) : null}
    </Alert>
  );
}
