import { Navigate, Outlet, Route, Routes } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { AssetsPage } from '../features/assets/components/assets-page';
import { AuthScreen } from '../features/auth/components/auth-screen';
import { ResetPasswordPage } from '../features/auth/components/reset-password-page';
import { DashboardPage } from '../features/dashboard/components/dashboard-page';
import { DisposalPage } from '../features/disposal/components/disposal-page';
import { SettingsPage } from '../features/settings/components/settings-page';
import { UsersPage } from '../features/users/components/users-page';
import { AppShell } from './app-shell';
import { useSessionStatus } from './session-provider';
import { SubscriptionGate } from './subscription-gate';

/** Signed-out visitors see the auth screen at whatever address they came to. */
function RequireSession() {
  const status = useSessionStatus();
  if (status === 'loading') return <PageLoader label="Loading session" />;
  if (status === 'signedOut') return <AuthScreen />;
  return <Outlet />;
}

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/reset-password" element={<ResetPasswordPage />} />
      <Route element={<RequireSession />}>
        <Route element={<AppShell />}>
          <Route element={<SubscriptionGate />}>
            <Route index element={<DashboardPage />} />
            <Route path="assets" element={<AssetsPage />} />
            <Route path="disposal" element={<DisposalPage />} />
            <Route path="users" element={<UsersPage />} />
          </Route>
          <Route path="settings" element={<SettingsPage />} />
          <Route path="*" element={<Navigate to="/" replace />} />
        </Route>
      </Route>
    </Routes>
  );
}
