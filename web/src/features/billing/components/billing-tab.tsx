import { Flex, Loader, Text } from '@aws-amplify/ui-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { BILLING_MESSAGES } from '@shared/billing';
import { useCurrentUser } from '../../../api/me';
import { LoadError } from '../../../components/load-error';
import { invalidateBillingAndMe } from '../api/billing-keys';
import { useBilling } from '../api/get-billing';
import { CheckoutNotice } from './checkout-notice';
import { PaymentHistory } from './payment-history';
import { PlanCards } from './plan-cards';
import { PlanSyncPanel } from './plan-sync-panel';
import { EndingNotice, SubscriptionCard } from './subscription-card';
import { useCheckoutReturn } from './use-checkout-return';
import '../billing.css';

/** Settings → Billing & Subscription. */
export function BillingTab() {
  const { profile } = useCurrentUser();
  const role = profile.role;
  const queryClient = useQueryClient();
  const billing = useBilling();
  const checkout = useCheckoutReturn(billing.data?.subscription.status);

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
    const { subscription, plans, payments, has_more_payments: hasMorePayments } = billing.data;
    // The platform's own organisation pays nothing: the super_admin manages the plans instead.
    const superAdmin = role === 'super_admin';
    content = (
      <>
        {superAdmin ? null : <EndingNotice subscription={subscription} />}
        <SubscriptionCard subscription={subscription} role={role} now={new Date(billing.dataUpdatedAt)} />
        <PlanCards plans={plans} subscription={subscription} role={role} />
        {superAdmin ? <PlanSyncPanel /> : <PaymentHistory latest={payments} hasMore={hasMorePayments} />}
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
