import { Alert, Badge, Button, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { signOut } from 'aws-amplify/auth';
import { lazy, Suspense, useDeferredValue, useState } from 'react';
import { Outlet, useNavigate } from 'react-router';
import type { MeResponse } from '@shared/api';
import { errorMessage, isApiError } from '../api/api-client';
import { displayName, useMe } from '../api/me';
import { PageLoader } from '../components/page-loader';
import { NavTabs } from './nav-tabs';
import './app-shell.css';

/** Shown instead of the app to a new company whose emailed code was not entered yet: its own chunk. */
const ConfirmEmailScreen = lazy(async () => ({
  default: (await import('../features/auth/components/confirm-email-screen')).ConfirmEmailScreen,
}));

function SignOutButton({ className }: { className?: string }) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    setBusy(true);
    try {
      await signOut();
      await navigate('/', { replace: true });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size="small" className={className} onClick={() => void onClick()} isDisabled={busy}>
      Sign out
    </Button>
  );
}

function AccountBadge({ me }: { me: MeResponse }) {
  if (me.profile.role === 'super_admin') {
    return (
      <Badge size="small" variation="info" className="account-badge" data-testid="account-badge">
        Super Admin
      </Badge>
    );
  }
  const active = me.subscription.has_active_subscription;
  return (
    <Badge
      size="small"
      variation={active ? 'success' : 'error'}
      className="account-badge"
      data-testid="account-badge"
      title={`Subscription: ${me.subscription.status}`}
    >
      {active ? 'Active' : 'Inactive'}
    </Badge>
  );
}

/** The signed-in frame: top bar with the tabs and the account, then the current tab. */
export function AppShell() {
  const me = useMe();
  // The profile's arrival renders the frame and the screen in it: as a transition, which React
  // renders in short slices (yielding to the browser every few milliseconds) rather than in one long
  // task, the loader staying until it is done.
  const profile = useDeferredValue(me.data);

  if (me.isError && isApiError(me.error) && me.error.code === 'email_unconfirmed') {
    return (
      <Suspense fallback={<PageLoader label="Loading" />}>
        <ConfirmEmailScreen onConfirmed={() => void me.refetch()} />
      </Suspense>
    );
  }
  if (me.isError) {
    return (
      <main className="app-main">
        <Alert variation="error" heading="Could not load your profile" role="alert">
          {errorMessage(me.error)}
        </Alert>
        <Flex marginTop="medium" gap="small">
          <Button onClick={() => void me.refetch()}>Try again</Button>
          <SignOutButton />
        </Flex>
      </main>
    );
  }
  if (!profile) return <PageLoader label="Loading profile" text="Loading profile..." />;

  return (
    <div className="app">
      <header className="app-header">
        <Heading level={1} className="app-brand">
          IT Asset Auditor
        </Heading>
        <NavTabs role={profile.profile.role} />
        <Flex className="app-account" alignItems="center" gap="xs">
          {/* Cut short with an ellipsis when long: the title holds it whole. */}
          <Text as="span" className="app-account__name" title={displayName(profile)}>
            {displayName(profile)}
          </Text>
          <AccountBadge me={profile} />
        </Flex>
        <SignOutButton className="app-signout" />
      </header>
      <main className="app-main">
        <Suspense fallback={<PageLoader label="Loading" />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
