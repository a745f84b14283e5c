import {
  AdminCreateUserCommand,
  AdminInitiateAuthCommand,
  AdminRespondToAuthChallengeCommand,
  AdminSetUserMFAPreferenceCommand,
  CodeMismatchException,
  ExpiredCodeException,
  NotAuthorizedException,
  AdminDeleteUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  AdminUserGlobalSignOutCommand,
  CognitoIdentityProviderClient,
  ForgotPasswordCommand,
  InvalidPasswordException,
  UsernameExistsException,
  UserNotFoundException,
  type AttributeType,
} from '@aws-sdk/client-cognito-identity-provider';
import { AUTH_MESSAGES } from '../../shared/auth';
import { awsClientOptions, madeOnce } from './aws-clients';
import { config } from './config';
import { BadRequest, Conflict } from './errors';

const cognito = madeOnce(
  () => new CognitoIdentityProviderClient(awsClientOptions(config().COGNITO_ENDPOINT)),
);

function sub(attributes: AttributeType[] | undefined): string | undefined {
  return attributes?.find((attribute) => attribute.Name === 'sub')?.Value;
}

export interface NewCognitoUser {
  email: string;
  password: string;
  fullName: string;
}

/**
 * Creates a confirmed user who can sign in at once with the given password, and returns its sub.
 * The user gets no Cognito invitation email: our API is the only way in.
 */
export async function createCognitoUser(user: NewCognitoUser): Promise<string> {
  const UserPoolId = config().USER_POOL_ID;
  let created: string | undefined;
  try {
    const answer = await cognito().send(
      new AdminCreateUserCommand({
        UserPoolId,
        Username: user.email,
        MessageAction: 'SUPPRESS',
        UserAttributes: [
          { Name: 'email', Value: user.email },
          { Name: 'email_verified', Value: 'true' },
          { Name: 'name', Value: user.fullName },
        ],
      }),
    );
    created = sub(answer.User?.Attributes);
    if (!created) throw new Error('Cognito created a user without a sub');
    await cognito().send(
      new AdminSetUserPasswordCommand({
        UserPoolId,
        Username: user.email,
        Password: user.password,
        Permanent: true,
      }),
    );
    return created;
  } catch (error) {
    if (error instanceof UsernameExistsException) throw new Conflict(AUTH_MESSAGES.emailTaken, 'email_taken');
    if (created) await deleteCognitoUser(created);
    if (error instanceof InvalidPasswordException) throw new BadRequest(error.message, 'invalid_password');
    throw error;
  }
}

/**
 * Cognito users are addressed by their sub (the profile's id), never by their email: in a pool whose
 * users sign in with their email, the sub is the username itself, and it never changes.
 */
export async function deleteCognitoUser(sub: string): Promise<void> {
  try {
    await cognito().send(new AdminDeleteUserCommand({ UserPoolId: config().USER_POOL_ID, Username: sub }));
  } catch (error) {
    if (!(error instanceof UserNotFoundException)) throw error;
  }
}

/**
 * Cognito's forgot-password flow for a user: it emails them a code to set a new password with
 * (AdminResetUserPassword would do the same, but cognito-local lacks it).
 */
export async function sendPasswordResetCode(sub: string): Promise<void> {
  await cognito().send(new ForgotPasswordCommand({ ClientId: config().USER_POOL_CLIENT_ID, Username: sub }));
}

export interface CognitoUser {
  sub: string;
  createdAt: Date | null;
}

/** The user with this email (its sub and when it was created), or null when there is none. */
export async function findCognitoUser(email: string): Promise<CognitoUser | null> {
  try {
    const user = await cognito().send(
      new AdminGetUserCommand({ UserPoolId: config().USER_POOL_ID, Username: email }),
    );
    const found = sub(user.UserAttributes);
    return found ? { sub: found, createdAt: user.UserCreateDate ?? null } : null;
  } catch (error) {
    if (error instanceof UserNotFoundException) return null;
    throw error;
  }
}

/** The sub of the user with this email, or null when there is none. */
export async function findCognitoUserSub(email: string): Promise<string | null> {
  return (await findCognitoUser(email))?.sub ?? null;
}

/** What Cognito's record says of a user's MFA: the authority the API's checks follow. */
export interface CognitoMfaRecord {
  /** TOTP is among the MFA methods turned on (UserMFASettingList). */
  enabled: boolean;
  /** When the record last changed (UserLastModifiedDate): a password, MFA setting or authenticator. */
  modifiedAt: Date | null;
}

/** Cognito's record of the user's MFA (by sub), read with AdminGetUser. */
export async function readCognitoMfa(userId: string): Promise<CognitoMfaRecord> {
  const user = await cognito().send(
    new AdminGetUserCommand({ UserPoolId: config().USER_POOL_ID, Username: userId }),
  );
  return {
    enabled: (user.UserMFASettingList ?? []).includes('SOFTWARE_TOKEN_MFA'),
    modifiedAt: user.UserLastModifiedDate ?? null,
  };
}

/** Whether Cognito has TOTP MFA on for the user (by sub). */
export async function cognitoHasTotpMfa(userId: string): Promise<boolean> {
  return (await readCognitoMfa(userId)).enabled;
}

/**
 * Ends every session of the user in Cognito (by sub): their refresh tokens stop working, and Cognito
 * refuses their access tokens on its own calls. A user deleted meanwhile has none left to end.
 */
export async function signOutEverywhere(userId: string): Promise<void> {
  try {
    await cognito().send(
      new AdminUserGlobalSignOutCommand({ UserPoolId: config().USER_POOL_ID, Username: userId }),
    );
  } catch (error) {
    if (!(error instanceof UserNotFoundException)) throw error;
  }
}

/**
 * Whether this is the user's password, proven by a password sign-in whose tokens are dropped. An MFA
 * challenge in answer proves it too: Cognito asks for the code only after the password was right.
 */
export async function provePassword(email: string, password: string): Promise<boolean> {
  try {
    const started = await cognito().send(
      new AdminInitiateAuthCommand({
        UserPoolId: config().USER_POOL_ID,
        ClientId: config().USER_POOL_CLIENT_ID,
        AuthFlow: 'ADMIN_USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: email, PASSWORD: password },
      }),
    );
    return started.AuthenticationResult !== undefined || started.ChallengeName === 'SOFTWARE_TOKEN_MFA';
  } catch (error) {
    if (error instanceof NotAuthorizedException || error instanceof UserNotFoundException) return false;
    throw error;
  }
}

/** Sets the user's password (by sub), permanent: the pool's policy still applies. */
export async function setPassword(userId: string, password: string): Promise<void> {
  try {
    await cognito().send(
      new AdminSetUserPasswordCommand({
        UserPoolId: config().USER_POOL_ID,
        Username: userId,
        Password: password,
        Permanent: true,
      }),
    );
  } catch (error) {
    if (error instanceof InvalidPasswordException) throw new BadRequest(error.message, 'invalid_password');
    throw error;
  }
}

/**
 * Proves the password and a current TOTP code of a user who has MFA on, by signing in with them
 * (Cognito offers no other way to check a code once the authenticator is set up). The tokens this
 * sign-in gets are dropped. 'no_mfa' when the password alone signed in: Cognito has no MFA for them.
 */
export async function provePasswordAndTotp(
  email: string,
  password: string,
  code: string,
): Promise<'proven' | 'no_mfa' | 'refused'> {
  const ClientId = config().USER_POOL_CLIENT_ID;
  const UserPoolId = config().USER_POOL_ID;
  try {
    const started = await cognito().send(
      new AdminInitiateAuthCommand({
        UserPoolId,
        ClientId,
        AuthFlow: 'ADMIN_USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: email, PASSWORD: password },
      }),
    );
    if (started.AuthenticationResult) return 'no_mfa';
    if (started.ChallengeName !== 'SOFTWARE_TOKEN_MFA') return 'refused';
    const answered = await cognito().send(
      new AdminRespondToAuthChallengeCommand({
        UserPoolId,
        ClientId,
        ChallengeName: 'SOFTWARE_TOKEN_MFA',
        Session: started.Session,
        ChallengeResponses: {
          USERNAME: started.ChallengeParameters?.USER_ID_FOR_SRP ?? email,
          SOFTWARE_TOKEN_MFA_CODE: code,
        },
      }),
    );
    return answered.AuthenticationResult ? 'proven' : 'refused';
  } catch (error) {
    if (
      error instanceof NotAuthorizedException ||
      error instanceof CodeMismatchException ||
      error instanceof ExpiredCodeException ||
      error instanceof UserNotFoundException
    )
      return 'refused';
    throw error;
  }
}

/** Turns the user's TOTP MFA off in Cognito (by sub): their next sign-in asks for the password only. */
export async function turnOffTotpMfa(userId: string): Promise<void> {
  await cognito().send(
    new AdminSetUserMFAPreferenceCommand({
      UserPoolId: config().USER_POOL_ID,
      Username: userId,
      SoftwareTokenMfaSettings: { Enabled: false, PreferredMfa: false },
    }),
  );
}
