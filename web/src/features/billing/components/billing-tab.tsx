import { Alert, Flex, Loader, Text } from '@aws-amplify/ui-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { BILLING_MESSAGES } from '../../../../../shared/billing';
import { useCurrentUser } from '../../../api/me';
import { LoadError } from '../../../components/load-error';
import { invalidateBillingAndMe } from '../api/billing-keys';
import { useBilling } from '../api/get-billing';
import { BILLING_TEXTS } from '../billing-format';
import { PaymentHistory } from './payment-history';
import { PlanCards } from './plan-cards';
import { PlanSyncPanel } from './plan-sync-panel';
import { EndingNotice, SubscriptionCard } from './subscription-card';
import { useCheckoutReturn, type CheckoutPhase } from './use-checkout-return';

const CHECKOUT_NOTICES: Record<CheckoutPhase, { text: string; variation: 'info' | 'success' }> = {
  activating: { text: BILLING_TEXTS.activating, variation: 'info' },
  activated: { text: BILLING_TEXTS.activated, variation: 'success' },
  'timed-out': { text: BILLING_TEXTS.stillActivating, variation: 'info' },
  cancelled: { text: BILLING_TEXTS.checkoutCancelled, variation: 'info' },
};

function CheckoutNotice({ phase, onDismiss }: { phase: CheckoutPhase | null; onDismiss: () => void }) {
  const notice = phase ? CHECKOUT_NOTICES[phase] : null;
  return (
    <div role="status" className="billing-checkout-notice">
      {notice && phase ? (
        <Alert
          variation={notice.variation}
          role="none"
          isDismissible={phase !== 'activating'}
          onDismiss={onDismiss}
          data-testid="checkout-notice"
          data-phase={phase}
        >
          {phase === 'activating' ? (
            <Flex as="span" alignItems="center" gap="xs">
              <Loader size="small" aria-hidden="true" />
              <span>{notice.text}</span>
            </Flex>
          ) : (
            notice.text
          )}
        </Alert>
      ) : null}
    </div>
  );
}

/** Settings → Billing & Subscription. */
export function BillingTab() {
  const { profile } = useCurrentUser();
  const role = profile.role;
  const queryClient = useQueryClient();
  const billing = useBilling();
  const checkout = useCheckoutReturn(billing.data?.subscription);
  // Polls while a paid checkout is being activated; the hook is the same query, so one fetch runs.
  useBilling({ refetchInterval: checkout.pollInterval });

  // Back from the billing portal's tab: the subscription may have changed there.
  useEffect(() => {
    const onFocus = () => void invalidateBillingAndMe(queryClient);
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, [queryClient]);

  useEffect(() => {
    if (billing.isError) console.error(BILLING_MESSAGES.billingLoad, billing.error);
  }, [billing.isError, billing.error]);

  let content;
  if (billing.data) {
    const { subscription, plans, payments } = billing.data;
    // The platform's own organisation pays nothing: the super_admin manages the plans instead.
    const superAdmin = role === 'super_admin';
    content = (
      <>
        {superAdmin ? null : <EndingNotice subscription={subscription} />}
        <SubscriptionCard subscription={subscription} role={role} now={new Date(billing.dataUpdatedAt)} />
        <PlanCards plans={plans} subscription={subscription} role={role} />
        {superAdmin ? <PlanSyncPanel /> : <PaymentHistory payments={payments} />}
      </>
    );
  } else if (billing.isError) {
    content = <LoadError heading={BILLING_MESSAGES.billingLoad} query={billing} />;
  } else {
    content = (
      <Flex role="status" alignItems="center" gap="small" padding="large" justifyContent="center">
        <Loader size="large" aria-hidden="true" />
        <Text>Loading billing information...</Text>
      </Flex>
    );
  }

  return (
    <div className="billing" data-testid="billing-tab">
      <CheckoutNotice phase={checkout.phase} onDismiss={checkout.dismiss} />
      {content}
    </div>
  );
}
