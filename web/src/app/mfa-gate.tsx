import { Navigate, Outlet } from 'react-router';
import { mustSetUpMfa } from '@shared/mfa';
import { useCurrentUser } from '../api/me';

export const SECURITY_PATH = '/settings?tab=security';

/**
 * A person who must have MFA and has not set it up (the super_admin always, everyone where their
 * organisation requires it) is sent to Settings → Security: the API refuses them everything else.
 */
export function MfaGate() {
  const me = useCurrentUser();
  if (mustSetUpMfa(me.profile.role, me.organization.require_mfa, me.profile.mfa_enabled)) {
    return <Navigate to={SECURITY_PATH} replace />;
  }
  return <Outlet />;
}
