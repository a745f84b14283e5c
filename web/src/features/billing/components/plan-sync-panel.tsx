import { Alert, Badge, Button, Card, Heading, Text } from '@aws-amplify/ui-react';
import { useId } from 'react';
import { BILLING_MESSAGES, formatAmount, type PlanSyncResponse } from '@shared/billing';
import { useSyncPlans } from '../api/billing-mutations';
import { syncActionLabel, syncVerificationText } from '../billing-format';
import { syncErrorMessage } from './billing-errors';

function SyncResult({ result }: { result: PlanSyncResponse }) {
  return (
    <>
      <Alert variation="success" role="status" marginTop="medium" data-testid="sync-result">
        <Text as="span" display="block">
          {result.message}
        </Text>
        <Text as="span" display="block" data-testid="sync-verification">
          {syncVerificationText(result.verification)}
        </Text>
      </Alert>
      {result.plans.length > 0 ? (
        <ul className="billing-sync__plans" aria-label="Synced plans" data-testid="sync-plans">
          {result.plans.map((plan) => (
            <li key={plan.stripe_price_id} className="billing-sync__plan">
              <span className="billing-sync__name">{plan.name}</span>
              <span className="billing-sync__price">
                {formatAmount(plan.amount, plan.currency)} / {plan.interval}
              </span>
              <Badge
                size="small"
                className="status-badge"
                variation={plan.action === 'created' ? 'success' : 'info'}
              >
                {syncActionLabel(plan.action)}
              </Badge>
            </li>
          ))}
        </ul>
      ) : null}
      {result.errors.length > 0 ? (
        <Alert
          variation="warning"
          role="alert"
          heading={BILLING_MESSAGES.syncPartialTitle}
          marginTop="medium"
          data-testid="sync-errors"
        >
          <ul className="billing-sync__errors">
            {result.errors.map((entry, index) => (
              <li
                key={`${index}-${entry.price_id}`}
              >{`${entry.product} (${entry.price_id}): ${entry.error}`}</li>
            ))}
          </ul>
        </Alert>
      ) : null}
    </>
  );
}

/** Settings → Billing → Sync Plans from Stripe (super_admin): refreshes the plans from Stripe. */
export function PlanSyncPanel() {
  const headingId = useId();
  const sync = useSyncPlans();

  const run = () => {
    sync.mutate(undefined, {
      onError: (error) => console.error(BILLING_MESSAGES.syncFailed, error),
    });
  };

  return (
    <Card
      variation="outlined"
      as="section"
      aria-labelledby={headingId}
      className="billing-section billing-sync"
      data-testid="plan-sync"
    >
      <Heading level={3} id={headingId}>
        Sync Plans from Stripe
      </Heading>
      <Text marginTop="xxs" marginBottom="small" color="font.secondary">
        Plans are read from the Stripe products and prices whose metadata carries asset_limit, user_limit and
        features. Syncing creates or updates the plans organisations can choose.
      </Text>
      <Button variation="primary" onClick={run} isLoading={sync.isPending} loadingText="Syncing plans...">
        Sync Plans
      </Button>
      {sync.isSuccess ? <SyncResult result={sync.data} /> : null}
      {sync.isError ? (
        <Alert
          variation="error"
          role="alert"
          heading={BILLING_MESSAGES.syncFailedTitle}
          marginTop="medium"
          data-testid="sync-failed"
        >
          {syncErrorMessage(sync.error)}
        </Alert>
      ) : null}
    </Card>
  );
}
