import type { Role } from '../shared/constants';

/** A route's shape, apart from the table (functions/routes.ts) so that route modules can name it. */
/**
 * 'agent-key': the organisation's API key (X-Api-Key), which only enrols a device; 'device-token':
 * an enrolled device's own token (Authorization: Bearer dt_…), which reports for its machine.
 */
export type AuthKind = 'public' | 'user' | 'agent-key' | 'device-token' | 'stripe-signature';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export const FEATURES = [
  'auth',
  'hardware',
  'agents',
  'agent-reports',
  'disposal',
  'audit',
  'team',
  'organizations',
  'billing',
  'api-keys',
  'alerts',
  'software',
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
  /** Open to the owner of a company sign-up whose emailed code is not entered yet (every other route refuses them). */
  beforeEmailConfirmation?: true;
  /**
   * Open to a person who must have MFA and has not set it up yet (functions/lib/caller.ts): only
   * what they need to see who they are and to set it up. Every other route refuses them (403 mfa_required).
   */
  reachableWithoutMfa?: true;
}
