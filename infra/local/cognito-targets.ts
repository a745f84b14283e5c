import { decodeJwt } from 'jose';
import {
  errors,
  targets,
  type CognitoLocalServices,
  type Json,
  type TargetContext,
  type TargetFactory,
} from './cognito-local-seam';

/**
 * cognito-local's target table, brought closer to Cognito where the product depends on it: the two
 * targets aws-amplify needs but cognito-local lacks, the app client's PreventUserExistenceErrors
 * and WriteAttributes, which cognito-local stores but does not apply, and TOTP MFA
 * (./cognito-mfa-targets.ts). The table and the errors are cognito-local's internals, borrowed
 * through ./cognito-local-seam.ts.
 */

/** Cognito's own words for a failed password sign-in, whatever the cause. */
const INCORRECT_CREDENTIALS = 'Incorrect username or password.';

/** aws-amplify ≥ 6.15.4 refreshes with GetTokensFromRefreshToken: the same as REFRESH_TOKEN_AUTH. */
targets.GetTokensFromRefreshToken ??= (services) => async (ctx, request) => {
  const initiateAuth = targets.InitiateAuth!(services);
  const result = await initiateAuth(ctx, {
    AuthFlow: 'REFRESH_TOKEN_AUTH',
    ClientId: request.ClientId,
    AuthParameters: { REFRESH_TOKEN: request.RefreshToken },
  });
  return { AuthenticationResult: result.AuthenticationResult };
};

/** GlobalSignOut: every refresh token of the access token's user stops working. */
targets.GlobalSignOut ??= (services) => async (ctx, request) => {
  const claims = decodeJwt(String(request.AccessToken));
  const userPool = await services.cognito.getUserPoolForClientId(ctx, String(claims.client_id));
  const users = await userPool.listUsers(ctx);
  const user = users.find((candidate) =>
    candidate.Attributes?.some((a) => a.Name === 'sub' && a.Value === claims.sub),
  );
  if (user) await userPool.saveUser(ctx, { ...user, RefreshTokens: [] });
  return {};
};

/** Whether the request's app client hides who has an account, and whether `username` has one. */
async function userExistence(
  services: CognitoLocalServices,
  ctx: TargetContext,
  request: Json,
  username: unknown,
) {
  const clientId = String(request.ClientId);
  const client = await services.cognito.getAppClient(ctx, clientId);
  const userPool = await services.cognito.getUserPoolForClientId(ctx, clientId);
  const exists = typeof username === 'string' && (await userPool.getUserByUsername(ctx, username)) !== null;
  return { hidden: client?.PreventUserExistenceErrors === 'ENABLED', exists };
}

/**
 * Wraps a target of cognito-local's, once per `label`: the module may be evaluated more than once
 * per process (test isolation), while cognito-local's target table is one.
 */
export function wrapTarget(
  name: string,
  wrap: (inner: TargetFactory) => TargetFactory,
  label = 'cognito-targets',
) {
  const current = targets[name] as (TargetFactory & { wraps?: readonly string[] }) | undefined;
  if (!current) throw new Error(`cognito-local has no target ${name}`);
  if (current.wraps?.includes(label)) return;
  const wrapped: TargetFactory & { wraps?: readonly string[] } = wrap(current);
  wrapped.wraps = [...(current.wraps ?? []), label];
  targets[name] = wrapped;
}

/**
 * A password sign-in fails as Cognito's does: a wrong password is NotAuthorizedException 'Incorrect
 * username or password.' (cognito-local says InvalidPasswordException), and so is an unknown address
 * when the client prevents user-existence errors (else UserNotFoundException).
 */
wrapTarget('InitiateAuth', (inner) => (services) => {
  const initiateAuth = inner(services);
  return async (ctx, request) => {
    if (request.AuthFlow !== 'USER_PASSWORD_AUTH') return initiateAuth(ctx, request);
    const parameters = (request.AuthParameters ?? {}) as Json;
    const { hidden, exists } = await userExistence(services, ctx, request, parameters.USERNAME);
    if (!exists) {
      throw hidden
        ? new errors.NotAuthorizedError!(INCORRECT_CREDENTIALS)
        : new errors.UserNotFoundError!('User does not exist.');
    }
    try {
      return await initiateAuth(ctx, request);
    } catch (error) {
      if ((error as { code?: string }).code === 'InvalidPasswordException')
        throw new errors.NotAuthorizedError!(INCORRECT_CREDENTIALS);
      throw error;
    }
  };
});

/** "Forgot password" for an unknown address answers as if a code was sent, when existence is hidden. */
wrapTarget('ForgotPassword', (inner) => (services) => {
  const forgotPassword = inner(services);
  return async (ctx, request) => {
    const { hidden, exists } = await userExistence(services, ctx, request, request.Username);
    if (exists || !hidden) return forgotPassword(ctx, request);
    return {
      CodeDeliveryDetails: { AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: request.Username },
    };
  };
});

/** And setting a new password for an unknown address fails as a wrong code does. */
wrapTarget('ConfirmForgotPassword', (inner) => (services) => {
  const confirmForgotPassword = inner(services);
  return async (ctx, request) => {
    const { hidden, exists } = await userExistence(services, ctx, request, request.Username);
    if (!exists && hidden) throw new errors.CodeMismatchError!();
    return confirmForgotPassword(ctx, request);
  };
});

/**
 * An app client's WriteAttributes limit what its users may write on their own accounts (SignUp,
 * UpdateUserAttributes, DeleteUserAttributes); a client without the list may write them all. Admin
 * calls are not limited. Cognito refuses anything else with these words.
 */
const UNAUTHORIZED_ATTRIBUTE = 'A client attempted to write unauthorized attribute';

async function refuseUnwritable(
  services: CognitoLocalServices,
  ctx: TargetContext,
  clientId: unknown,
  names: unknown[],
) {
  const client = await services.cognito.getAppClient(ctx, String(clientId));
  const writable = client?.WriteAttributes;
  if (!writable?.length) return;
  if (names.some((name) => typeof name !== 'string' || !writable.includes(name)))
    throw new errors.NotAuthorizedError!(UNAUTHORIZED_ATTRIBUTE);
}

const attributeNames = (attributes: unknown): unknown[] =>
  Array.isArray(attributes) ? attributes.map((attribute: { Name?: unknown }) => attribute?.Name) : [];

const tokenClient = (accessToken: unknown) => decodeJwt(String(accessToken)).client_id;

wrapTarget('UpdateUserAttributes', (inner) => (services) => {
  const updateUserAttributes = inner(services);
  return async (ctx, request) => {
    await refuseUnwritable(
      services,
      ctx,
      tokenClient(request.AccessToken),
      attributeNames(request.UserAttributes),
    );
    return updateUserAttributes(ctx, request);
  };
});

wrapTarget('DeleteUserAttributes', (inner) => (services) => {
  const deleteUserAttributes = inner(services);
  return async (ctx, request) => {
    const names = Array.isArray(request.UserAttributeNames) ? request.UserAttributeNames : [];
    await refuseUnwritable(services, ctx, tokenClient(request.AccessToken), names);
    return deleteUserAttributes(ctx, request);
  };
});

wrapTarget('SignUp', (inner) => (services) => {
  const signUp = inner(services);
  return async (ctx, request) => {
    await refuseUnwritable(services, ctx, request.ClientId, attributeNames(request.UserAttributes));
    return signUp(ctx, request);
  };
});
