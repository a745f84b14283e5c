import { Alert, Flex, Loader } from '@aws-amplify/ui-react';
import { BILLING_TEXTS, type CheckoutPhase } from '../billing-format';

const CHECKOUT_NOTICES: Record<CheckoutPhase, { text: string; variation: 'info' | 'success' | 'warning' }> = {
  checking: { text: BILLING_TEXTS.checking, variation: 'info' },
  activating: { text: BILLING_TEXTS.activating, variation: 'info' },
  activated: { text: BILLING_TEXTS.activated, variation: 'success' },
  'timed-out': { text: BILLING_TEXTS.stillActivating, variation: 'info' },
  'not-paid': { text: BILLING_TEXTS.checkoutNotPaid, variation: 'warning' },
  ended: { text: BILLING_TEXTS.checkoutEnded, variation: 'info' },
  'not-completed': { text: BILLING_TEXTS.checkoutNotCompleted, variation: 'info' },
  unconfirmed: { text: BILLING_TEXTS.checkoutUnconfirmed, variation: 'info' },
  cancelled: { text: BILLING_TEXTS.checkoutCancelled, variation: 'info' },
};

/** Phases still waiting for an answer: a spinner, and nothing to dismiss yet. */
const WAITING: readonly CheckoutPhase[] = ['checking', 'activating'];

/** What the page says about the checkout the person came back from (a live region, always present). */
export function CheckoutNotice({ phase, onDismiss }: { phase: CheckoutPhase | null; onDismiss: () => void }) {
  const notice = phase ? CHECKOUT_NOTICES[phase] : null;
  const waiting = phase !== null && WAITING.includes(phase);
  return (
    <div role="status" className="billing-checkout-notice">
      {notice && phase ? (
        <Alert
          variation={notice.variation}
          role="none"
          isDismissible={!waiting}
          onDismiss={onDismiss}
          data-testid="checkout-notice"
          data-phase={phase}
        >
          {waiting ? (
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
