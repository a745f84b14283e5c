import {
  AssociateSoftwareTokenCommand,
  InitiateAuthCommand,
  VerifySoftwareTokenCommand,
  type AuthenticationResultType,
} from '@aws-sdk/client-cognito-identity-provider';
import { inject } from 'vitest';
import { addMember, api, cognitoClient, signIn, signUpCompany } from './api';
import { TEST_SUPER_ADMIN } from './global-setup';
import { signInAt, signInToCognitoAt, type StackTarget } from './stack-client';
import { totpCode } from './totp';

/**
 * Sessions of people MFA is required of, for the attacks of issue 35 (test/reliability/mfa-proof):
 * Cognito's tokens and self-service calls as an attacker holding an access token makes them.
 */
const target = (): StackTarget => ({ baseUrl: inject('baseUrl'), runtimeConfig: inject('runtimeConfig') });

/** The password addMember signs its members up with. */
export const MEMBER_PASSWORD = 'secret-pass-3';

/**
 * Sessions carry their sign-in time in whole seconds (auth_time): a change is sure to come after a
 * session only from the next second on.
 */
export function nextSecond(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 1100));
}

/** A company's admin promoted to super_admin by the run's one: a super_admin of this test alone, no MFA yet. */
export async function newSuperAdmin(): Promise<{ email: string; password: string }> {
  const company = await signUpCompany('Platform Staff Ltd');
  const member = await addMember(company, 'admin');
  const root = await signIn(TEST_SUPER_ADMIN.email, TEST_SUPER_ADMIN.password);
  const promoted = await api(`/api/users/${member.id}`, {
    method: 'PATCH',
    token: root.AccessToken!,
    body: { role: 'super_admin' },
  });
  if (promoted.status !== 200) throw new Error(`Promoting ${member.email} failed: ${promoted.status}`);
  return { email: member.email, password: MEMBER_PASSWORD };
}

/** Signs in with the password and this authenticator's code, proving the password as the web app does. */
export function signInWithSecret(
  email: string,
  password: string,
  secret?: string,
): Promise<AuthenticationResultType> {
  return signInAt(target(), email, password, secret);
}

/** Signs in to Cognito only: a session that has not proven its password to the API. */
export function signInUnproven(
  email: string,
  password: string,
  secret?: string,
): Promise<AuthenticationResultType> {
  return signInToCognitoAt(target(), email, password, secret);
}

/** Cognito's refresh of a session: its new access token, or the error Cognito refuses it with. */
export async function refreshSession(refreshToken: string): Promise<string> {
  const answer = await cognitoClient().send(
    new InitiateAuthCommand({
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      ClientId: inject('runtimeConfig').userPoolClientId,
      AuthParameters: { REFRESH_TOKEN: refreshToken },
    }),
  );
  const token = answer.AuthenticationResult?.AccessToken;
  if (!token) throw new Error('Cognito refreshed the session without an access token');
  return token;
}

/** Cognito's self-service swap of the authenticator, with nothing but an access token: the new secret. */
export async function swapAuthenticator(accessToken: string): Promise<string> {
  const { SecretCode } = await cognitoClient().send(
    new AssociateSoftwareTokenCommand({ AccessToken: accessToken }),
  );
  if (!SecretCode) throw new Error('Cognito gave no TOTP secret');
  await cognitoClient().send(
    new VerifySoftwareTokenCommand({ AccessToken: accessToken, UserCode: totpCode(SecretCode) }),
  );
  return SecretCode;
}

type Answer = { error?: { code: string } };

/** A route's status and error code for a token, as one string: '200', '401 session_ended'. */
export async function answerOf(path: string, token: string): Promise<string> {
  const answer = await api<Answer>(path, { token });
  return `${answer.status}${answer.body?.error?.code ? ` ${answer.body.error.code}` : ''}`;
}
