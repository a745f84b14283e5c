import type { RouteDefinition } from './route-definition';

/**
 * The auth feature's routes, first in the route table (routes.ts spreads these): sign-up and its
 * confirmations, invitation lookup, the caller's own profile, MFA and session set-up.
 */
/** What a session needs before anything else (its password proven, a new one set): reachable without MFA. */
function sessionSetup(path: string, handler: string): RouteDefinition {
  const route = { method: 'POST', path, feature: 'auth', handler, auth: 'user' } as const;
  return { ...route, needsSubscription: false, reachableWithoutMfa: true };
}

export const authRoutes: readonly RouteDefinition[] = [
  {
    method: 'POST',
    path: '/api/auth/signup',
    feature: 'auth',
    handler: 'signup',
    auth: 'public',
    needsSubscription: false,
  },
  {
    method: 'POST',
    path: '/api/auth/signup/confirm',
    feature: 'auth',
    handler: 'signup-confirm',
    auth: 'public',
    needsSubscription: false,
  },
  {
    method: 'POST',
    // The token in the body, never in the path: paths end up in access logs.
    path: '/api/invitations/lookup',
    feature: 'auth',
    handler: 'invitation',
    auth: 'public',
    needsSubscription: false,
  },
  {
    method: 'POST',
    path: '/api/auth/email-confirmation',
    feature: 'auth',
    handler: 'confirm-email',
    auth: 'user',
    needsSubscription: false,
    beforeEmailConfirmation: true,
  },
  {
    method: 'POST',
    path: '/api/auth/email-confirmation/code',
    feature: 'auth',
    handler: 'confirmation-code',
    auth: 'user',
    needsSubscription: false,
    beforeEmailConfirmation: true,
  },
  {
    method: 'GET',
    path: '/api/me',
    feature: 'auth',
    handler: 'me',
    auth: 'user',
    needsSubscription: false,
    reachableWithoutMfa: true,
  },
  // The web app tells the API that the caller's MFA changed; the API re-reads it from Cognito.
  {
    method: 'POST',
    path: '/api/me/mfa',
    feature: 'auth',
    handler: 'me-mfa',
    auth: 'user',
    needsSubscription: false,
    reachableWithoutMfa: true,
  },
  {
    method: 'POST',
    path: '/api/me/mfa/disable',
    feature: 'auth',
    handler: 'me-mfa-disable',
    auth: 'user',
    needsSubscription: false,
    reachableWithoutMfa: true,
  },
  // A super_admin session proves its password right after sign-in, and sets a longer one (issue 35).
  { ...sessionSetup('/api/me/password-proof', 'me-password-proof'), beforeEmailConfirmation: true },
  sessionSetup('/api/me/password', 'me-password'),
];
