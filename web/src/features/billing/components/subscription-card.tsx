import { Alert, Badge, Button, Card, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { useId } from 'react';
import { BILLING_MESSAGES, type BillingSubscription } from '@shared/billing';
import type { Role } from '@shared/constants';
import { useOpenPortal } from '../api/billing-mutations';
import {
  BILLING_TEXTS,
  STATUS_LABELS,
  STATUS_VARIATIONS,
  subscriptionDateLine,
  subscriptionPlanName,
} from '../billing-format';
import { formatLongDate } from '../../../components/format';
import { portalErrorMessage } from './billing-errors';
import { PastDueNotice } from './past-due-notice';
import { UsageMeter } from './usage-meter';

interface SubscriptionCardProps {
  subscription: BillingSubscription;
  role: Role;
  /** When the card was rendered against (days left of the trial). */
  now: Date;
}

/**
 * Opens the billing portal in a new tab. The tab is opened on the click itself, before the
 * request, since pop-up blockers refuse window.open after an await.
 */
function ManageBillingButton() {
  const portal = useOpenPortal();

  const open = () => {
    const tab = window.open('', '_blank');
    portal.mutate(undefined, {
      onSuccess: (url) => {
        if (tab) {
          tab.opener = null;
          tab.location.href = url;
        } else {
          window.location.assign(url);
        }
      },
      onError: (error) => {
        tab?.close();
        console.error(BILLING_MESSAGES.portalOpen, error);
      },
    });
  };

  return (
    <>
      <Button
        variation="primary"
        onClick={open}
        isLoading={portal.isPending}
        loadingText="Opening billing portal..."
        className="billing-current__manage"
      >
        Manage Billing
      </Button>
      {portal.isError ? (
        <Alert
          variation="error"
          role="alert"
          marginTop="small"
          isDismissible
          onDismiss={() => portal.reset()}
          data-testid="portal-error"
          className="billing-current__error"
        >
          {portalErrorMessage(portal.error)}
        </Alert>
      ) : null}
    </>
  );
}

/** Settings → Billing → Current Subscription: plan, status, the date that matters, usage vs limits. */
export function SubscriptionCard({ subscription, role, now }: SubscriptionCardProps) {
  const headingId = useId();
  const superAdmin = role === 'super_admin';
  const canManage = role === 'admin' && subscription.has_billing_account;
  const dateLine = superAdmin ? null : subscriptionDateLine(subscription, now);

  return (
    <Card
      variation="outlined"
      as="section"
      aria-labelledby={headingId}
      className="billing-section billing-current"
      data-testid="subscription-card"
    >
      <Heading level={3} id={headingId}>
        Current Subscription
      </Heading>

      {superAdmin ? (
        <Text marginTop="small" data-testid="subscription-plan">
          {BILLING_TEXTS.superAdmin}
        </Text>
      ) : (
        <>
          <Flex className="billing-current__summary" alignItems="center" gap="small" marginTop="small">
            <Text as="span" className="billing-current__plan" data-testid="subscription-plan">
              {subscriptionPlanName(subscription)}
            </Text>
            <Badge
              size="small"
              className="status-badge"
              variation={STATUS_VARIATIONS[subscription.status]}
              data-testid="subscription-status"
            >
              {STATUS_LABELS[subscription.status]}
            </Badge>
          </Flex>
          {dateLine ? (
            <Text marginTop="xxs" color="font.secondary" data-testid="subscription-date">
              {dateLine}
            </Text>
          ) : null}
          <PastDueNotice subscription={subscription} role={role} />
          <div className="billing-usage">
            <UsageMeter
              label="Hardware assets"
              noun="hardware assets"
              used={subscription.usage.assets}
              limit={subscription.asset_limit}
              testId="usage-assets"
            />
            <UsageMeter
              label="Users"
              noun="users"
              used={subscription.usage.users}
              limit={subscription.user_limit}
              testId="usage-users"
            />
          </div>
          {canManage ? <ManageBillingButton /> : null}
        </>
      )}
    </Card>
  );
}

/** Shown while a cancelled subscription runs to the end of its period. */
export function EndingNotice({ subscription }: { subscription: BillingSubscription }) {
  if (!subscription.cancel_at_period_end || !subscription.current_period_end) return null;
  return (
    <Alert variation="warning" role="status" data-testid="ending-notice">
      {BILLING_MESSAGES.endingNotice(formatLongDate(subscription.current_period_end))}
    </Alert>
  );
}
