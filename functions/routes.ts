import type { Role } from '../shared/constants';
import { FEATURES, type Feature, type HttpMethod, type RouteDefinition } from './route-definition';
import { authRoutes } from './auth-routes';
import { deviceIdentityRoutes } from './device-identity-routes';

export type { AuthKind, Feature, HttpMethod, RouteDefinition } from './route-definition';
export { FEATURES } from './route-definition';

/**
 * The single route table. The local gateway dispatches it and the CDK Api stack deploys it; a test
 * proves they agree. A route's handler is the export `handler` of functions/<feature>/<handler>.ts,
 * and each feature folder is one Lambda (functions/<feature>/index.ts dispatches by route key).
 */

/** Inventory routes: any signed-in member, with an active subscription. */
function hardware(method: HttpMethod, path: string, handler: string): RouteDefinition {
  return { method, path, feature: 'hardware', handler, auth: 'user', needsSubscription: true };
}

/** The disposal list: any signed-in member, with an active subscription, like the inventory it tracks. */
function disposal(method: HttpMethod, path: string, handler: string): RouteDefinition {
  return { method, path, feature: 'disposal', handler, auth: 'user', needsSubscription: true };
}

/** Team management: administrators, with or without a subscription (it sits beside billing). */
function team(method: HttpMethod, path: string, handler: string): RouteDefinition {
  return { method, path, feature: 'team', handler, auth: 'user', minRole: 'admin', needsSubscription: false };
}

/** The super_admin's view of every organisation. */
function organizations(method: HttpMethod, path: string, handler: string): RouteDefinition {
  return {
    method,
    path,
    feature: 'organizations',
    handler,
    auth: 'user',
    minRole: 'super_admin',
    needsSubscription: false,
  };
}

/** Billing sits in Settings: reachable without a subscription, since it is how one is bought. */
function billing(method: HttpMethod, path: string, handler: string, minRole?: Role): RouteDefinition {
  return {
    method,
    path,
    feature: 'billing',
    handler,
    auth: 'user',
    ...(minRole ? { minRole } : {}),
    needsSubscription: false,
  };
}

export const routes: readonly RouteDefinition[] = [
  ...authRoutes,
  hardware('GET', '/api/dashboard', 'dashboard'),
  hardware('GET', '/api/hardware', 'list'),
  hardware('POST', '/api/hardware', 'create'),
  hardware('POST', '/api/hardware/bulk-status', 'bulk-status'),
  hardware('POST', '/api/hardware/bulk-update', 'bulk-update'),
  // Before /api/hardware/{id}: the gateway takes the first route that matches.
  hardware('GET', '/api/hardware/locations', 'locations'),
  hardware('POST', '/api/hardware/import', 'import'),
  // An import's job: any member of the organisation follows it and downloads its failed rows.
  hardware('GET', '/api/hardware/imports/{id}', 'import-get'),
  hardware('GET', '/api/hardware/imports/{id}/failed-rows', 'import-failed-rows'),
  hardware('GET', '/api/hardware/{id}', 'get'),
  hardware('PUT', '/api/hardware/{id}', 'update'),
  hardware('DELETE', '/api/hardware/{id}', 'delete'),
  disposal('GET', '/api/disposals', 'list'),
  disposal('GET', '/api/disposals/stats', 'stats'),
  disposal('POST', '/api/disposals', 'create'),
  disposal('POST', '/api/disposals/{id}/complete', 'complete'),
  disposal('POST', '/api/disposals/{id}/revert', 'revert'),
  disposal('POST', '/api/disposals/delete', 'delete'),
  {
    method: 'GET',
    path: '/api/audit-logs',
    feature: 'audit',
    handler: 'list',
    auth: 'user',
    // The audit trail lives in Settings, which stays reachable without a subscription.
    needsSubscription: false,
  },
  {
    method: 'POST',
    path: '/api/agent/enroll',
    // Beside the reports, on the same function URL: a device enrols where it will report.
    feature: 'agent-reports',
    handler: 'enroll',
    auth: 'agent-key',
    needsSubscription: true,
  },
  {
    method: 'POST',
    path: '/api/agent/report',
    // A function of its own, behind a Lambda function URL as well as the HTTP API: every device
    // posts here every 30 minutes, and the URL costs nothing per request (docs/cost.md).
    feature: 'agent-reports',
    handler: 'report',
    auth: 'device-token',
    needsSubscription: true,
  },
  {
    method: 'GET',
    path: '/api/agent/updates/{path+}',
    // On the report function's URL too: a device fetches its updates where it reports, with its token.
    // Keeping agents current does not wait for a subscription.
    feature: 'agent-reports',
    handler: 'updates',
    auth: 'device-token',
    needsSubscription: false,
  },
  {
    method: 'GET',
    path: '/api/agents',
    feature: 'agents',
    handler: 'list',
    auth: 'user',
    needsSubscription: true,
  },
  {
    method: 'GET',
    path: '/api/agents/{machine_id}',
    feature: 'agents',
    handler: 'get',
    auth: 'user',
    needsSubscription: true,
  },
  {
    method: 'GET',
    path: '/api/agents/{machine_id}/changes',
    feature: 'agents',
    handler: 'changes',
    auth: 'user',
    needsSubscription: true,
  },
  // The software inventory: any signed-in member, with an active subscription, like the fleet it reads.
  {
    method: 'GET',
    path: '/api/software',
    feature: 'software',
    handler: 'list',
    auth: 'user',
    needsSubscription: true,
  },
  {
    method: 'GET',
    path: '/api/software/machines',
    feature: 'software',
    handler: 'machines',
    auth: 'user',
    needsSubscription: true,
  },
  {
    method: 'DELETE',
    path: '/api/agents/{machine_id}',
    feature: 'agents',
    handler: 'delete',
    auth: 'user',
    minRole: 'admin',
    needsSubscription: true,
  },
  // One record per device (issue 27): any member, like the inventory they change.
  ...(
    [
      ['link', 'link'],
      ['unlink', 'link-unlink'],
      ['add-to-inventory', 'link-add'],
    ] as const
  ).map(([action, handler]): RouteDefinition => ({
    method: 'POST',
    path: `/api/agents/{machine_id}/${action}`,
    feature: 'agents',
    handler,
    auth: 'user',
    needsSubscription: true,
  })),
  // A possible duplicate's decision (issue 35): admins only, like deleting a machine.
  {
    method: 'POST',
    path: '/api/agents/{machine_id}/duplicate',
    feature: 'agents',
    handler: 'duplicates-decision',
    auth: 'user',
    minRole: 'admin',
    needsSubscription: true,
  },
  // The installer download sits in Settings, reachable without a subscription.
  {
    method: 'GET',
    path: '/api/agent/download',
    feature: 'agents',
    handler: 'download',
    auth: 'user',
    needsSubscription: false,
  },
  // API keys are settings: reachable without a subscription; agents' reports are gated instead.
  {
    method: 'GET',
    path: '/api/api-keys',
    feature: 'api-keys',
    handler: 'list',
    auth: 'user',
    needsSubscription: false,
  },
  {
    method: 'POST',
    path: '/api/api-keys',
    feature: 'api-keys',
    handler: 'create',
    auth: 'user',
    minRole: 'admin',
    needsSubscription: false,
  },
  {
    method: 'DELETE',
    path: '/api/api-keys/{id}',
    feature: 'api-keys',
    handler: 'delete',
    auth: 'user',
    minRole: 'admin',
    needsSubscription: false,
  },
  team('GET', '/api/invitations', 'invitations-list'),
  team('POST', '/api/invitations', 'invitations-create'),
  team('POST', '/api/invitations/{id}/cancel', 'invitations-cancel'),
  team('POST', '/api/invitations/{id}/resend', 'invitations-resend'),
  team('GET', '/api/users', 'users-list'),
  team('PATCH', '/api/users/{id}', 'users-update'),
  { ...team('DELETE', '/api/users/{id}', 'users-delete'), minRole: 'super_admin' },
  team('POST', '/api/users/{id}/password-reset', 'users-password-reset'),
  // The organisation's own security setting (require MFA of every member), beside its team.
  team('PATCH', '/api/organization', 'organization-update'),
  organizations('GET', '/api/organizations', 'list'),
  organizations('DELETE', '/api/organizations/{id}', 'delete'),
  billing('GET', '/api/billing', 'get'),
  billing('GET', '/api/billing/payments', 'payments'),
  billing('POST', '/api/billing/checkout', 'checkout', 'admin'),
  billing('GET', '/api/billing/checkout/{session_id}', 'checkout-session'),
  billing('POST', '/api/billing/portal', 'portal', 'admin'),
  billing('POST', '/api/billing/sync-plans', 'sync-plans', 'super_admin'),
  // An admin's own alert digest settings (Settings → Alerts): settings, so no subscription needed.
  {
    method: 'GET',
    path: '/api/me/alerts',
    feature: 'alerts',
    handler: 'settings-get',
    auth: 'user',
    minRole: 'admin',
    needsSubscription: false,
  },
  {
    method: 'PATCH',
    path: '/api/me/alerts',
    feature: 'alerts',
    handler: 'settings-update',
    auth: 'user',
    minRole: 'admin',
    needsSubscription: false,
  },
  // The digest reads the fleet and the inventory, which a subscription opens.
  {
    method: 'POST',
    path: '/api/alerts/digest',
    feature: 'alerts',
    handler: 'digest-send',
    auth: 'user',
    minRole: 'admin',
    needsSubscription: true,
  },
  {
    method: 'POST',
    path: '/api/stripe/webhook',
    feature: 'billing',
    handler: 'webhook',
    auth: 'stripe-signature',
    needsSubscription: false,
  },
  ...deviceIdentityRoutes,
];

export function routeKey(route: Pick<RouteDefinition, 'method' | 'path'>): string {
  return `${route.method} ${route.path}`;
}

export function findRoute(key: string): RouteDefinition | undefined {
  return routes.find((route) => routeKey(route) === key);
}

export function featuresInUse(): Feature[] {
  return FEATURES.filter((feature) => routes.some((route) => route.feature === feature));
}
