import {
  AssociateSoftwareTokenCommand,
  InitiateAuthCommand,
  SetUserMFAPreferenceCommand,
  VerifySoftwareTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { generateSync } from 'otplib';
import { callApi, cognitoClientFor, type StackTarget } from './stack-client';

/**
 * An authenticator app for the tests: the TOTP code of a secret (otplib, RFC 6238 as Cognito
 * computes it), and a person's MFA set up through Cognito's own calls, as the web app's Settings →
 * Security makes them, then recorded by POST /api/me/mfa.
 */
export function totpCode(secret: string, at: Date = new Date()): string {
  return generateSync({ secret, epoch: Math.floor(at.getTime() / 1000) });
}

/** A code of a time step before or after now's (a neighbour Cognito accepts too, or not). */
export function totpCodeSteps(secret: string, steps: number): string {
  return totpCode(secret, new Date(Date.now() + steps * 30_000));
}

/** Sets MFA up for a person who has none yet; returns the authenticator's secret. */
export async function enrolTotpAt(target: StackTarget, email: string, password: string): Promise<string> {
  const cognito = cognitoClientFor(target.runtimeConfig);
  const signedIn = await cognito.send(
    new InitiateAuthCommand({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: target.runtimeConfig.userPoolClientId,
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );
  const AccessToken = signedIn.AuthenticationResult?.AccessToken;
  if (!AccessToken) throw new Error(`${email} did not sign in with the password alone: MFA is on already?`);
  const { SecretCode } = await cognito.send(new AssociateSoftwareTokenCommand({ AccessToken }));
  if (!SecretCode) throw new Error('Cognito gave no TOTP secret');
  await cognito.send(new VerifySoftwareTokenCommand({ AccessToken, UserCode: totpCode(SecretCode) }));
  await cognito.send(
    new SetUserMFAPreferenceCommand({
      AccessToken,
      SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
    }),
  );
  const recorded = await callApi<{ mfa_enabled: boolean }>(target, '/api/me/mfa', {
    method: 'POST',
    token: AccessToken,
  });
  if (recorded.status !== 200 || !recorded.body.mfa_enabled) {
    throw new Error(`POST /api/me/mfa answered ${recorded.status} ${JSON.stringify(recorded.body)}`);
  }
  return SecretCode;
}
