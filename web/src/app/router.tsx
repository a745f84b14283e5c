import { lazy, Suspense, type ComponentType } from 'react';
import { Navigate, Outlet, Route, Routes } from 'react-router';
import { usePasswordTooShort } from '../api/session-proof';
import { PageLoader } from '../components/page-loader';
import { AppShell } from './app-shell';
import { MfaGate } from './mfa-gate';
import { useSessionStatus } from './session-provider';
import { SubscriptionGate } from './subscription-gate';

/**
 * Each screen is its own chunk, fetched when first visited: the first page load carries only the
 * shell and the screen it shows.
 */
function screen<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  const Screen = lazy(async (): Promise<{ default: ComponentType }> => ({ default: (await load())[name] }));
  return function LazyScreen() {
    return (
      <Suspense fallback={<PageLoader label="Loading" />}>
        <Screen />
      </Suspense>
    );
  };
}

const AuthScreen = screen(() => import('../features/auth/components/auth-screen'), 'AuthScreen');
const NewPasswordScreen = screen(
  () => import('../features/auth/components/new-password-screen'),
  'NewPasswordScreen',
);
const ResetPasswordPage = screen(
  () => import('../features/auth/components/reset-password-page'),
  'ResetPasswordPage',
);
const ConfirmSignUpPage = screen(
  () => import('../features/auth/components/confirm-sign-up-page'),
  'ConfirmSignUpPage',
);
const DashboardPage = screen(
  () => import('../features/dashboard/components/dashboard-page'),
  'DashboardPage',
);
const AssetsPage = screen(() => import('../features/assets/components/assets-page'), 'AssetsPage');
const DisposalPage = screen(() => import('./disposal-screen'), 'DisposalScreen');
const UsersPage = screen(() => import('../features/users/components/users-page'), 'UsersPage');
const SettingsPage = screen(() => import('./settings-screen'), 'SettingsScreen');

/** Signed-out visitors see the auth screen at whatever address they came to. */
function RequireSession() {
  const status = useSessionStatus();
  const passwordTooShort = usePasswordTooShort();
  if (status === 'loading') return <PageLoader label="Loading session" />;
  if (status === 'signedOut') return <AuthScreen />;
  if (passwordTooShort) return <NewPasswordScreen />;
  return <Outlet />;
}

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/reset-password" element={<ResetPasswordPage />} />
      {/* CONFIRM_SIGNUP_PATH of @shared/auth, spelt out: that module brings zod into the first load. */}
      <Route path="/confirm-sign-up" element={<ConfirmSignUpPage />} />
      <Route element={<RequireSession />}>
        <Route element={<AppShell />}>
          <Route element={<MfaGate />}>
            <Route element={<SubscriptionGate />}>
              <Route index element={<DashboardPage />} />
              <Route path="assets" element={<AssetsPage />} />
              <Route path="disposal" element={<DisposalPage />} />
              <Route path="users" element={<UsersPage />} />
            </Route>
          </Route>
          <Route path="settings" element={<SettingsPage />} />
          <Route path="*" element={<Navigate to="/" replace />} />
        </Route>
      </Route>
    </Routes>
  );
}
