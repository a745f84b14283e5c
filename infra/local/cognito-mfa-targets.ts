import { randomUUID } from 'node:crypto';
import { decodeJwt } from 'jose';
import {
  errors,
  targets,
  type CognitoLocalServices,
  type Json,
  type TargetContext,
} from './cognito-local-seam';
import { wrapTarget } from './cognito-targets';

/**
 * TOTP MFA in cognito-local, brought closer to Cognito where the product depends on it (issue 25):
 *
 * - Cognito answers the SOFTWARE_TOKEN_MFA challenge only within the session its password step
 *   opened (3 minutes, for that user); cognito-local takes any session, so a code alone would sign
 *   in. Here a challenge's session is remembered and required, once.
 * - AssociateSoftwareToken fails with SoftwareTokenMFANotFoundException unless the pool has TOTP
 *   on, so the local pool's MFA settings (infra/local/cognito.ts) matter as the Auth stack's do.
 * - The admin calls the API makes to turn MFA off after proving a code: AdminInitiateAuth with
 *   ADMIN_USER_PASSWORD_AUTH (cognito-local signs in without MFA, and without checking that the
 *   app client allows the flow), and AdminRespondToAuthChallenge and AdminSetUserMFAPreference,
 *   which it lacks.
 */
const CHALLENGE_LIFETIME_MS = 3 * 60_000;
const LABEL = 'mfa';

interface OpenChallenge {
  username: string;
  expires: number;
}
/** Open SOFTWARE_TOKEN_MFA challenges by session: the local stack is one process. */
const openChallenges = new Map<string, OpenChallenge>();

function remember(answer: Json): Json {
  if (answer.ChallengeName !== 'SOFTWARE_TOKEN_MFA') return answer;
  const parameters = (answer.ChallengeParameters ?? {}) as Json;
  // Challenges left unanswered are forgotten once they expire.
  const now = Date.now();
  for (const [session, open] of openChallenges) if (open.expires < now) openChallenges.delete(session);
  // cognito-local's sessions are plain UUIDs; ours is unguessable all the same.
  const session = `${randomUUID()}${randomUUID()}`;
  openChallenges.set(session, {
    username: String(parameters.USER_ID_FOR_SRP),
    expires: now + CHALLENGE_LIFETIME_MS,
  });
  return { ...answer, Session: session };
}

async function usernameOf(
  services: CognitoLocalServices,
  ctx: TargetContext,
  clientId: string,
  name: unknown,
) {
  const pool = await services.cognito.getUserPoolForClientId(ctx, clientId);
  const user = typeof name === 'string' ? await pool.getUserByUsername(ctx, name) : null;
  return user ? String(user.Username) : null;
}

wrapTarget(
  'InitiateAuth',
  (inner) => (services) => {
    const initiateAuth = inner(services);
    return async (ctx, request) => remember(await initiateAuth(ctx, request));
  },
  LABEL,
);

wrapTarget(
  'RespondToAuthChallenge',
  (inner) => (services) => {
    const respond = inner(services);
    return async (ctx, request) => {
      if (request.ChallengeName !== 'SOFTWARE_TOKEN_MFA') return respond(ctx, request);
      const session = String(request.Session ?? '');
      const open = openChallenges.get(session);
      const responses = (request.ChallengeResponses ?? {}) as Json;
      const username = await usernameOf(services, ctx, String(request.ClientId), responses.USERNAME);
      if (!open || open.expires < Date.now() || open.username !== username) {
        throw new errors.NotAuthorizedError!('Invalid session for the user, session is expired.');
      }
      const answer = await respond(ctx, request);
      openChallenges.delete(session);
      return answer;
    };
  },
  LABEL,
);

wrapTarget(
  'AssociateSoftwareToken',
  (inner) => (services) => {
    const associate = inner(services);
    return async (ctx, request) => {
      let clientId: unknown;
      try {
        clientId = decodeJwt(String(request.AccessToken)).client_id;
      } catch {
        // Not a token: cognito-local's own target refuses it as Cognito does.
        return associate(ctx, request);
      }
      const pool = await services.cognito.getUserPoolForClientId(ctx, String(clientId));
      if (!pool.options.SoftwareTokenMfaConfiguration?.Enabled) {
        throw new errors.CognitoError(
          'SoftwareTokenMFANotFoundException',
          'Software Token MFA has not been enabled by the userPool.',
        );
      }
      return associate(ctx, request);
    };
  },
  LABEL,
);

wrapTarget(
  'AdminInitiateAuth',
  (inner) => (services) => {
    const adminInitiateAuth = inner(services);
    return async (ctx, request) => {
      if (request.AuthFlow !== 'ADMIN_USER_PASSWORD_AUTH') return adminInitiateAuth(ctx, request);
      const client = await services.cognito.getAppClient(ctx, String(request.ClientId));
      if (!client?.ExplicitAuthFlows?.includes('ALLOW_ADMIN_USER_PASSWORD_AUTH')) {
        throw new errors.InvalidParameterError!('Auth flow not enabled for this client');
      }
      // The same password step as InitiateAuth's (and its MFA challenge), which the admin call is in Cognito.
      return targets.InitiateAuth!(services)(ctx, {
        ClientId: request.ClientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: request.AuthParameters,
      });
    };
  },
  LABEL,
);

targets.AdminRespondToAuthChallenge ??= (services) => async (ctx, request) =>
  targets.RespondToAuthChallenge!(services)(ctx, {
    ClientId: request.ClientId,
    ChallengeName: request.ChallengeName,
    ChallengeResponses: request.ChallengeResponses,
    Session: request.Session,
  });

targets.AdminSetUserMFAPreference ??= (services) => async (ctx, request) => {
  const pool = await services.cognito.getUserPool(ctx, String(request.UserPoolId));
  const user = await pool.getUserByUsername(ctx, String(request.Username));
  if (!user) throw new errors.UserNotFoundError!('User does not exist.');
  const software = request.SoftwareTokenMfaSettings as
    { Enabled?: boolean; PreferredMfa?: boolean } | undefined;
  const configuration = user.SoftwareTokenMfaConfiguration as { Verified?: boolean } | undefined;
  if (software?.Enabled && !configuration?.Verified) {
    throw new errors.InvalidParameterError!('User has not verified software token MFA');
  }
  const methods = new Set((user.UserMFASettingList as string[] | undefined) ?? []);
  if (software) {
    if (software.Enabled) methods.add('SOFTWARE_TOKEN_MFA');
    else methods.delete('SOFTWARE_TOKEN_MFA');
  }
  await pool.saveUser(ctx, {
    ...user,
    UserMFASettingList: [...methods],
    PreferredMfaSetting:
      software?.PreferredMfa && methods.has('SOFTWARE_TOKEN_MFA') ? 'SOFTWARE_TOKEN_MFA' : undefined,
    // A change of the user's record, as the self-service call's is (./cognito-session-targets.ts).
    UserLastModifiedDate: new Date(),
  });
  return {};
};
