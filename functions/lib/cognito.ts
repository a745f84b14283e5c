import { AUTH_MESSAGES } from '../../shared/auth';
import { awsJsonCall, isAwsError, type JsonObject } from './aws';
import { config } from './config';
import { BadRequest, Conflict } from './errors';

interface UserAttribute {
  Name: string;
  Value?: string;
}

/** One call of Cognito's user pool API (JSON 1.1, through ./aws). */
function cognito(operation: string, input: JsonObject, { unsigned = false } = {}): Promise<JsonObject> {
  const { AWS_REGION, COGNITO_ENDPOINT } = config();
  return awsJsonCall({
    service: 'cognito-idp',
    url: COGNITO_ENDPOINT ?? `https://cognito-idp.${AWS_REGION}.amazonaws.com/`,
    target: `AWSCognitoIdentityProviderService.${operation}`,
    jsonVersion: '1.1',
    body: input,
    unsigned,
  });
}

function sub(attributes: unknown): string | undefined {
  return (attributes as UserAttribute[] | undefined)?.find((attribute) => attribute.Name === 'sub')?.Value;
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
    const answer = await cognito('AdminCreateUser', {
      UserPoolId,
      Username: user.email,
      MessageAction: 'SUPPRESS',
      UserAttributes: [
        { Name: 'email', Value: user.email },
        { Name: 'email_verified', Value: 'true' },
        { Name: 'name', Value: user.fullName },
      ],
    });
    created = sub((answer.User as { Attributes?: unknown } | undefined)?.Attributes);
    if (!created) throw new Error('Cognito created a user without a sub');
    await cognito('AdminSetUserPassword', {
      UserPoolId,
      Username: user.email,
      Password: user.password,
      Permanent: true,
    });
    return created;
  } catch (error) {
    if (isAwsError(error, 'UsernameExistsException'))
      throw new Conflict(AUTH_MESSAGES.emailTaken, 'email_taken');
    if (created) await deleteCognitoUser(user.email);
    if (isAwsError(error, 'InvalidPasswordException'))
      throw new BadRequest(error.message, 'invalid_password');
    throw error;
  }
}

export async function deleteCognitoUser(email: string): Promise<void> {
  try {
    await cognito('AdminDeleteUser', { UserPoolId: config().USER_POOL_ID, Username: email });
  } catch (error) {
    if (!isAwsError(error, 'UserNotFoundException')) throw error;
  }
}

/**
 * Cognito's forgot-password flow for a user: it emails them a code to set a new password with
 * (AdminResetUserPassword would do the same, but cognito-local lacks it).
 */
export async function sendPasswordResetCode(email: string): Promise<void> {
  await cognito(
    'ForgotPassword',
    { ClientId: config().USER_POOL_CLIENT_ID, Username: email },
    { unsigned: true },
  );
}

/** The sub of the user with this email, or null when there is none. */
export async function findCognitoUserSub(email: string): Promise<string | null> {
  try {
    const user = await cognito('AdminGetUser', { UserPoolId: config().USER_POOL_ID, Username: email });
    return sub(user.UserAttributes) ?? null;
  } catch (error) {
    if (isAwsError(error, 'UserNotFoundException')) return null;
    throw error;
  }
}
