import type { Role } from '../shared/constants';

/**
 * The single route table. The local gateway dispatches it and the CDK Api stack deploys it; a test
 * proves they agree. A route's handler is the export `handler` of functions/<feature>/<handler>.ts,
 * and each feature folder is one Lambda (functions/<feature>/index.ts dispatches by route key).
 */
export type AuthKind = 'public' | 'user' | 'agent-key' | 'stripe-signature';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export const FEATURES = [
  'auth',
  'hardware',
  'agents',
  'disposal',
  'audit',
  'team',
  'organizations',
  'billing',
  'api-keys',
] as const;
export type Feature = (typeof FEATURES)[number];

export interface RouteDefinition {
  method: HttpMethod;
  /** API Gateway syntax: /api/hardware/{id} */
  path: string;
  feature: Feature;
  /** Module name inside the feature folder. */
  handler: string;
  auth: AuthKind;
  /** Lowest role allowed; user when absent. Only for auth 'user'. */
  minRole?: Role;
  /** Refused with 402 when the organisation has no active subscription (super_admin exempt). */
  needsSubscription: boolean;
}

export const routes: readonly RouteDefinition[] = [
  {
    method: 'POST',
    path: '/api/auth/signup',
    feature: 'auth',
    handler: 'signup',
    auth: 'public',
    needsSubscription: false,
  },
  { method: 'GET', path: '/api/me', feature: 'auth', handler: 'me', auth: 'user', needsSubscription: false },
  {
    method: 'GET',
    path: '/api/dashboard',
    feature: 'hardware',
    handler: 'dashboard',
    auth: 'user',
    needsSubscription: true,
  },
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
