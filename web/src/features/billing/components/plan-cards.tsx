import { Alert, Badge, Button, Card, Heading, Text } from '@aws-amplify/ui-react';
import { useId, useState } from 'react';
import {
  BILLING_MESSAGES,
  hasRunningPlan,
  limitText,
  type BillingSubscription,
  type SubscriptionPlan,
} from '@shared/billing';
import type { Role } from '@shared/constants';
import { useStartCheckout } from '../api/billing-mutations';
import { BILLING_TEXTS, isCurrentPlan, planPrice } from '../billing-format';
import { checkoutErrorMessage } from './billing-errors';

function CheckIcon() {
  return (
    <svg
      className="billing-plan__check"
      viewBox="0 0 20 20"
      width="16"
      height="16"
      aria-hidden="true"
      focusable="false"
    >
      <path fill="currentColor" d="M7.7 14.3 3.4 10l1.4-1.4 2.9 2.9 7.5-7.5 1.4 1.4z" />
    </svg>
  );
}

interface PlanCardProps {
  plan: SubscriptionPlan;
  current: boolean;
  /** What stands where the choose button goes: the button, a hint, or nothing. */
  action: 'choose' | 'portal-hint' | 'none';
  choosing: boolean;
  disabled: boolean;
  onChoose: (plan: SubscriptionPlan) => void;
}

function PlanCard({ plan, current, action, choosing, disabled, onChoose }: PlanCardProps) {
  const nameId = useId();
  const features = plan.features.features;
  return (
    <li className="billing-plans__item">
      <Card
        as="article"
        variation="outlined"
        aria-labelledby={nameId}
        className={`billing-plan${current ? ' billing-plan--current' : ''}`}
        data-testid="plan-card"
        data-plan-id={plan.id}
      >
        <div className="billing-plan__head">
          <Heading level={4} id={nameId} className="billing-plan__name">
            {plan.name}
          </Heading>
          {current ? (
            <Badge size="small" variation="success" className="status-badge" data-testid="current-plan-badge">
              {BILLING_TEXTS.currentPlan}
            </Badge>
          ) : null}
        </div>
        <Text className="billing-plan__price" data-testid="plan-price">
          {planPrice(plan)}
        </Text>
        <ul className="billing-plan__limits">
          <li>{limitText(plan.asset_limit, 'hardware assets')}</li>
          <li>{limitText(plan.user_limit, 'users')}</li>
        </ul>
        {features.length > 0 ? (
          <ul className="billing-plan__features" aria-label={`${plan.name} features`}>
            {features.map((feature, index) => (
              <li key={`${index}-${feature}`} className="billing-plan__feature">
                <CheckIcon />
                <span>{feature}</span>
              </li>
            ))}
          </ul>
        ) : null}
        <div className="billing-plan__action">
          {action === 'choose' ? (
            <Button
              variation="primary"
              isFullWidth
              onClick={() => onChoose(plan)}
              isLoading={choosing}
              loadingText="Redirecting to checkout..."
              isDisabled={disabled}
            >
              {`Choose ${plan.name}`}
            </Button>
          ) : action === 'portal-hint' ? (
            <Text className="billing-plan__hint" color="font.secondary">
              {BILLING_TEXTS.changeFromPortal}
            </Text>
          ) : null}
        </div>
      </Card>
    </li>
  );
}

interface PlanCardsProps {
  plans: readonly SubscriptionPlan[];
  subscription: BillingSubscription;
  role: Role;
}

/**
 * Settings → Billing → Subscription Plans: one card per active plan. An admin chooses one and is
 * sent to Stripe Checkout; once a plan runs, changes go through Manage Billing instead.
 */
export function PlanCards({ plans, subscription, role }: PlanCardsProps) {
  const headingId = useId();
  const checkout = useStartCheckout();
  // The plan whose checkout is starting; kept while the page leaves for Stripe.
  const [choosingId, setChoosingId] = useState<string | null>(null);
  const running = role !== 'super_admin' && hasRunningPlan(subscription);
  const canChoose = role === 'admin';

  const choose = (plan: SubscriptionPlan) => {
    setChoosingId(plan.id);
    checkout.mutate(plan.stripe_price_id, {
      onSuccess: (url) => window.location.assign(url),
      onError: (error) => {
        setChoosingId(null);
        console.error(BILLING_MESSAGES.checkoutStart, error);
      },
    });
  };

  const actionFor = (current: boolean): PlanCardProps['action'] => {
    if (!canChoose || current) return 'none';
    return running ? 'portal-hint' : 'choose';
  };

  return (
    <section aria-labelledby={headingId} className="billing-section billing-plans" data-testid="plan-cards">
      <Heading level={3} id={headingId}>
        Subscription Plans
      </Heading>
      {role === 'user' && !running ? (
        <Text marginTop="xxs" color="font.secondary" data-testid="ask-admin">
          {BILLING_TEXTS.askAdmin}
        </Text>
      ) : null}
      {role === 'super_admin' ? (
        <Text marginTop="xxs" color="font.secondary">
          {BILLING_TEXTS.superAdminPlans}
        </Text>
      ) : null}
      {checkout.isError ? (
        <Alert
          variation="error"
          role="alert"
          marginTop="small"
          isDismissible
          onDismiss={() => checkout.reset()}
          data-testid="checkout-error"
        >
          {checkoutErrorMessage(checkout.error)}
        </Alert>
      ) : null}
      {plans.length === 0 ? (
        <Alert variation="info" role="status" marginTop="small" data-testid="no-plans">
          {BILLING_MESSAGES.noPlans}
        </Alert>
      ) : (
        <ul className="billing-plans__grid">
          {plans.map((plan) => {
            const current = role !== 'super_admin' && isCurrentPlan(plan, subscription);
            return (
              <PlanCard
                key={plan.id}
                plan={plan}
                current={current}
                action={actionFor(current)}
                choosing={choosingId === plan.id}
                disabled={choosingId !== null}
                onChoose={choose}
              />
            );
          })}
        </ul>
      )}
    </section>
  );
}
