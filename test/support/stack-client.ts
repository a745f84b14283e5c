import {
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
  type AuthenticationResultType,
} from '@aws-sdk/client-cognito-identity-provider';
import { generateSync } from 'otplib';
import { ulid } from 'ulid';
import type { RuntimeConfig } from '../../shared/runtime-config';

/**
 * Calling a running local stack as the web app or a script would. Used by the tests (through
 * api.ts, which finds the stack with vitest's inject) and by the bench, which runs outside vitest.
 */
export interface StackTarget {
  baseUrl: string;
  runtimeConfig: RuntimeConfig;
}

export interface ApiResponse<T = unknown> {
  status: number;
  body: T;
}

export interface ApiOptions {
  method?: string;
  token?: string;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as it is (set its content-type in headers). */
  rawBody?: string;
  headers?: Record<string, string>;
}

/**
 * An address for a client of the tests' own (TEST-NET-2, never routed). The test stacks take the
 * client's address from X-Forwarded-For (GatewayOptions.viewerAddressFrom), so each call that names
 * none comes from a client of its own and the per-client rate limits only meet the tests that aim at
 * them, which send one address again and again.
 */
export function testClientAddress(): string {
  const byte = () => Math.floor(Math.random() * 256);
  return `198.51.${byte()}.${byte()}`;
}

export async function callApi<T = Record<string, unknown>>(
  target: StackTarget,
  path: string,
  options: ApiOptions = {},
): Promise<ApiResponse<T>> {
  const { status, body } = await callApiWithHeaders<T>(target, path, options);
  return { status, body };
}

/** callApi, with the answer's headers (Retry-After). */
export async function callApiWithHeaders<T = Record<string, unknown>>(
  target: StackTarget,
  path: string,
  options: ApiOptions = {},
): Promise<ApiResponse<T> & { headers: Headers }> {
  const headers: Record<string, string> = { 'x-forwarded-for': testClientAddress(), ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | undefined = options.rawBody;
  if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const response = await fetch(`${target.baseUrl}${path}`, {
    method: options.method ?? 'GET',
    headers,
    body,
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T, headers: response.headers };
}

export function cognitoClientFor(config: RuntimeConfig): CognitoIdentityProviderClient {
  return new CognitoIdentityProviderClient({
    region: 'local',
    endpoint: config.userPoolEndpoint,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
}

export function uniqueEmail(label = 'user'): string {
  return `${label}-${ulid().toLowerCase()}@example.test`;
}

/**
 * Signs in with the password; a person with MFA answers Cognito's SOFTWARE_TOKEN_MFA challenge with
 * the code of `totpSecret` (test/support/totp.ts sets MFA up and keeps the secret). Then, as the web
 * app does, the session proves its password to the API (a super_admin's must, issue 35).
 */
export async function signInAt(
  target: StackTarget,
  email: string,
  password: string,
  totpSecret?: string,
): Promise<AuthenticationResultType> {
  const tokens = await signInToCognitoAt(target, email, password, totpSecret);
  await provePasswordAt(target, tokens.AccessToken, password);
  return tokens;
}

/**
 * POST /api/me/password-proof with the session's password. What the API answers is the caller's to
 * test: a person without a profile (deleted, or mid-sign-up) is refused here as everywhere.
 */
export async function provePasswordAt(
  target: StackTarget,
  token: string | undefined,
  password: string,
): Promise<ApiResponse<{ password_ok?: boolean }>> {
  return callApi<{ password_ok?: boolean }>(target, '/api/me/password-proof', {
    method: 'POST',
    token,
    body: { password },
  });
}

/** signInAt without the password proof: Cognito's tokens as they come. */
export async function signInToCognitoAt(
  target: StackTarget,
  email: string,
  password: string,
  totpSecret?: string,
): Promise<AuthenticationResultType> {
  const cognito = cognitoClientFor(target.runtimeConfig);
  const ClientId = target.runtimeConfig.userPoolClientId;
  const result = await cognito.send(
    new InitiateAuthCommand({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId,
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );
  if (result.ChallengeName === 'SOFTWARE_TOKEN_MFA') {
    if (!totpSecret) throw new Error(`${email} has MFA on: sign in with its TOTP secret`);
    const answered = await cognito.send(
      new RespondToAuthChallengeCommand({
        ClientId,
        ChallengeName: 'SOFTWARE_TOKEN_MFA',
        Session: result.Session,
        ChallengeResponses: {
          USERNAME: result.ChallengeParameters?.USER_ID_FOR_SRP ?? email,
          SOFTWARE_TOKEN_MFA_CODE: generateSync({ secret: totpSecret }),
        },
      }),
    );
    if (!answered.AuthenticationResult) throw new Error(`No tokens for ${email} after its TOTP code`);
    return answered.AuthenticationResult;
  }
  if (!result.AuthenticationResult) throw new Error(`No tokens for ${email}`);
  return result.AuthenticationResult;
}

export interface TestCompany {
  email: string;
  password: string;
  accessToken: string;
  tokens: AuthenticationResultType;
}

/** How a request reaches the API: over HTTP to a stack, or straight to a handler (./handlers.ts). */
export type SendRequest = <T = Record<string, unknown>>(
  path: string,
  options?: ApiOptions,
) => Promise<ApiResponse<T>>;

export interface SentEmail {
  to: string;
  subject: string;
  body: string;
}

/** What a local stack has emailed, newest first, from its outbox. */
export async function sentEmailsAt(target: StackTarget): Promise<SentEmail[]> {
  return (await (await fetch(`${target.baseUrl}/dev/outbox.json`)).json()) as SentEmail[];
}

/** The code of the newest sign-up confirmation email sent to an address, read as its owner would. */
export async function confirmationCodeSentAt(target: StackTarget, email: string): Promise<string> {
  const sent = (await sentEmailsAt(target)).find(
    (candidate) => candidate.to === email && /confirmation code/i.test(candidate.subject),
  );
  const code = sent?.body.match(/confirmation code is: (\d{6})/)?.[1];
  if (!code) throw new Error(`No confirmation code was sent to ${email}`);
  return code;
}

/**
 * Signs a new company up through the API (or the given way to it), signs its admin in and enters
 * the code emailed to the address, as its owner would: the company is usable from then on.
 */
export async function signUpCompanyAt(
  target: StackTarget,
  companyName: string,
  send: SendRequest = (path, options) => callApi(target, path, options),
): Promise<TestCompany> {
  const email = uniqueEmail('admin');
  const password = 'secret-pass-1';
  const response = await send('/api/auth/signup', {
    method: 'POST',
    body: { email, password, full_name: 'Ann Admin', company_name: companyName },
  });
  if (response.status !== 201) throw new Error(`Sign-up failed: ${JSON.stringify(response.body)}`);
  const tokens = await signInAt(target, email, password);
  const confirmed = await send('/api/auth/email-confirmation', {
    method: 'POST',
    token: tokens.AccessToken!,
    body: { code: await confirmationCodeSentAt(target, email) },
  });
  if (confirmed.status !== 200)
    throw new Error(`Confirming the sign-up failed: ${JSON.stringify(confirmed.body)}`);
  return { email, password, accessToken: tokens.AccessToken!, tokens };
}
