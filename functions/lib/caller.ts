import type { APIGatewayProxyEventV2WithJWTAuthorizer } from 'aws-lambda';
import { EMAIL_CONFIRMATION_MESSAGES } from '../../shared/auth';
import { hasRole } from '../../shared/constants';
import {
  MFA_MESSAGES,
  MFA_REQUIRED_CODE,
  PASSWORD_CHANGE_REQUIRED_CODE,
  PASSWORD_PROOF_REQUIRED_CODE,
  isMfaRequired,
} from '../../shared/mfa';
import { hasActiveSubscription, isGatedBySubscription } from '../../shared/subscription';
import type { RouteDefinition } from '../routes';
import { config } from './config';
import { Forbidden, PaymentRequired, Unauthorized } from './errors';
import { checkSession, refuseEndedSession, tokenSession, type TokenSession } from './mfa-session';
import type { OrganizationItem, SubscriptionItem, UserProfileItem } from './table/items/organizations';
import { findProfileByUserId, getOrganizationAndSubscription } from './tenant';

/** Who is calling, read from our table on every request: the profile is the authority, not the token. */
export interface Caller {
  userId: string;
  profile: UserProfileItem;
  organization: OrganizationItem;
  subscription: SubscriptionItem | null;
  hasActiveSubscription: boolean;
  /** The token's sign-in session (origin_jti, auth_time): where a change made through the API is kept. */
  session: TokenSession;
}

/**
 * The JWT authorizer (API Gateway in AWS, the local gateway on a laptop) has already verified the
 * token's signature, issuer and expiry. API Gateway's checks its audience only, which an ID token
 * of our client passes too (its aud is the client id); the local one takes access tokens only. So
 * the function itself takes only an access token (token_use) issued to our app client (client_id),
 * wherever it runs, and reads its sub.
 */
function verifiedToken(event: APIGatewayProxyEventV2WithJWTAuthorizer): {
  userId: string;
  session: TokenSession;
} {
  const claims = event.requestContext.authorizer?.jwt?.claims;
  if (claims?.token_use !== 'access' || claims.client_id !== config().USER_POOL_CLIENT_ID) {
    throw new Unauthorized();
  }
  const sub = claims.sub;
  if (typeof sub !== 'string' || sub === '') throw new Unauthorized();
  return { userId: sub, session: tokenSession(claims) };
}

export async function loadCaller(
  event: APIGatewayProxyEventV2WithJWTAuthorizer,
  route: RouteDefinition,
  now: Date,
): Promise<Caller> {
  const { userId, session } = verifiedToken(event);
  let profile = await findProfileByUserId(userId);
  if (!profile) throw new Forbidden('Your account has no profile in any organization', 'no_profile');
  const { organization, subscription } = await getOrganizationAndSubscription(profile.organization_id);
  if (!organization) throw new Forbidden('Your organization no longer exists', 'no_organization');
  // A company whose emailed code was never entered is not usable yet (issue 25).
  if (organization.unconfirmed_since && !route.beforeEmailConfirmation)
    throw new Forbidden(EMAIL_CONFIRMATION_MESSAGES.required, 'email_unconfirmed');

  // A sign-in from before the person's MFA or password changed, or before MFA was required of them, is over.
  refuseEndedSession(session, profile, organization);

  // Of whom MFA is required, Cognito's own record says whether they have it, not the profile (issue 35).
  if (isMfaRequired(profile.role, organization.require_mfa === true)) {
    const checked = await checkSession(profile, session, now, { recheck: !route.reachableWithoutMfa });
    profile = checked.profile;
    if (!route.reachableWithoutMfa) {
      if (!checked.session.mfa_enabled) throw new Forbidden(MFA_MESSAGES.required, MFA_REQUIRED_CODE);
      // The super_admin's session proves its password (and that it meets the rule) before anything else.
      if (profile.role === 'super_admin' && !checked.session.password_proven_at)
        throw new Forbidden(MFA_MESSAGES.passwordProofRequired, PASSWORD_PROOF_REQUIRED_CODE);
      if (profile.role === 'super_admin' && checked.session.password_too_short)
        throw new Forbidden(MFA_MESSAGES.passwordChangeRequired, PASSWORD_CHANGE_REQUIRED_CODE);
    }
  }

  if (!hasRole(profile.role, route.minRole ?? 'user')) {
    throw new Forbidden('Only administrators can do this', 'role_required');
  }
  const active = hasActiveSubscription(subscription, now);
  if (route.needsSubscription && isGatedBySubscription(profile.role, active)) throw new PaymentRequired();

  return { userId, profile, organization, subscription, hasActiveSubscription: active, session };
}
