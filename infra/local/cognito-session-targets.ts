import { decodeJwt } from 'jose';
import {
  errors,
  jwt,
  signingKey,
  targets,
  type CognitoLocalServices,
  type Json,
  type TargetContext,
} from './cognito-local-seam';
import { wrapTarget } from './cognito-targets';

/**
 * Token sessions in cognito-local, brought closer to Cognito where the API depends on them (issue 35):
 *
 * - Cognito's access and ID tokens carry `origin_jti`, the same for every token of one sign-in and
 *   its refreshes, and `auth_time`, when that sign-in happened; cognito-local has no origin_jti and
 *   stamps auth_time anew on every refresh, so a refreshed token would look freshly signed in. Here
 *   both come from the sign-in's refresh token (its jti and iat), and the tokens are signed again
 *   with cognito-local's own key.
 * - AdminUserGlobalSignOut, which cognito-local lacks: every refresh token of the user stops working.
 * - UserLastModifiedDate moves when the user's record changes (cognito-local moves it for a password
 *   or attribute change), so also when the MFA settings or the authenticator change, and not when the
 *   user merely signs in with their code (cognito-local moved it then).
 */
const LABEL = 'session';

const KEY_ID = 'CognitoLocal';

function withSession(token: unknown, originJti: string, authTime: number): unknown {
  if (typeof token !== 'string') return token;
  const claims = decodeJwt(token);
  return jwt.sign({ ...claims, origin_jti: originJti, auth_time: authTime }, signingKey.pem, {
    algorithm: 'RS256',
    keyid: KEY_ID,
  });
}

/** The answer's tokens stamped with the session of `refreshToken` (the sign-in's, or the one refreshed). */
function stampSession(answer: Json, refreshToken: unknown): Json {
  const result = answer.AuthenticationResult as Json | undefined;
  if (!result?.AccessToken || typeof refreshToken !== 'string') return answer;
  const session = decodeJwt(refreshToken);
  if (typeof session.jti !== 'string' || typeof session.iat !== 'number') return answer;
  return {
    ...answer,
    AuthenticationResult: {
      ...result,
      AccessToken: withSession(result.AccessToken, session.jti, session.iat),
      IdToken: withSession(result.IdToken, session.jti, session.iat),
    },
  };
}

wrapTarget(
  'InitiateAuth',
  (inner) => (services) => {
    const initiateAuth = inner(services);
    return async (ctx, request) => {
      const answer = await initiateAuth(ctx, request);
      const refreshing = request.AuthFlow === 'REFRESH_TOKEN_AUTH' || request.AuthFlow === 'REFRESH_TOKEN';
      const parameters = (request.AuthParameters ?? {}) as Json;
      const refreshToken = refreshing
        ? parameters.REFRESH_TOKEN
        : (answer.AuthenticationResult as Json | undefined)?.RefreshToken;
      return stampSession(answer, refreshToken);
    };
  },
  LABEL,
);

async function userOf(services: CognitoLocalServices, ctx: TargetContext, clientId: unknown, name: unknown) {
  const pool = await services.cognito.getUserPoolForClientId(ctx, String(clientId));
  const user = typeof name === 'string' ? await pool.getUserByUsername(ctx, name) : null;
  return { pool, user };
}

wrapTarget(
  'RespondToAuthChallenge',
  (inner) => (services) => {
    const respond = inner(services);
    return async (ctx, request) => {
      const responses = (request.ChallengeResponses ?? {}) as Json;
      const before = await userOf(services, ctx, request.ClientId, responses.USERNAME);
      const answer = await respond(ctx, request);
      // Answering the code signs in; it changes nothing of the user's record.
      if (request.ChallengeName === 'SOFTWARE_TOKEN_MFA' && before.user) {
        const after = await before.pool.getUserByUsername(ctx, String(before.user.Username));
        if (after)
          await before.pool.saveUser(ctx, {
            ...after,
            UserLastModifiedDate: before.user.UserLastModifiedDate,
          });
      }
      return stampSession(answer, (answer.AuthenticationResult as Json | undefined)?.RefreshToken);
    };
  },
  LABEL,
);

/** A self-service call with the access token that changes the user's MFA: the record's date moves. */
function markModified(name: string) {
  wrapTarget(
    name,
    (inner) => (services) => {
      const call = inner(services);
      return async (ctx, request) => {
        const answer = await call(ctx, request);
        const claims = decodeJwt(String(request.AccessToken));
        const { pool, user } = await userOf(services, ctx, claims.client_id, claims.sub);
        if (user) await pool.saveUser(ctx, { ...user, UserLastModifiedDate: new Date() });
        return answer;
      };
    },
    LABEL,
  );
}
markModified('VerifySoftwareToken');
markModified('SetUserMFAPreference');

targets.AdminUserGlobalSignOut ??= (services) => async (ctx, request) => {
  const pool = await services.cognito.getUserPool(ctx, String(request.UserPoolId));
  const user = await pool.getUserByUsername(ctx, String(request.Username));
  if (!user) throw new errors.UserNotFoundError!('User does not exist.');
  await pool.saveUser(ctx, { ...user, RefreshTokens: [] });
  return {};
};
