import { Button, Card, Heading, Text } from '@aws-amplify/ui-react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { isGated, useCurrentUser } from '../api/me';
import { cameViaTab } from './nav-tabs';

export const BILLING_PATH = '/settings?tab=billing';

/**
 * Replaces every tab except Settings for a non-super-admin whose organisation has no active
 * subscription. Such a user landing on the home address goes straight to billing.
 */
export function SubscriptionGate() {
  const me = useCurrentUser();
  const location = useLocation();
  const navigate = useNavigate();

  if (!isGated(me)) return <Outlet />;
  if (location.pathname === '/' && !cameViaTab(location.state)) {
    return <Navigate to={BILLING_PATH} replace />;
  }

  return (
    <Card variation="outlined" className="subscription-gate">
      <Heading level={2}>Subscription Required</Heading>
      <Text marginTop="small" marginBottom="medium">
        {`Your subscription is ${me.subscription.status} or inactive. Please choose a plan to continue using the platform.`}
      </Text>
      <Button variation="primary" onClick={() => void navigate(BILLING_PATH)}>
        View Subscription Plans
      </Button>
    </Card>
  );
}
