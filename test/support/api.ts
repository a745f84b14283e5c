import {
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
  type AuthenticationResultType,
} from '@aws-sdk/client-cognito-identity-provider';
import { ulid } from 'ulid';
import { inject } from 'vitest';
import { dynamoDocumentClient } from '../../functions/lib/table/client';
import { subscriptionEntity } from '../../functions/lib/table/subscription';

export const baseUrl = () => inject('baseUrl');

export function cognitoClient(): CognitoIdentityProviderClient {
  const config = inject('runtimeConfig');
  return new CognitoIdentityProviderClient({
    region: 'local',
    endpoint: config.userPoolEndpoint,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
}

export interface ApiResponse<T = unknown> {
  status: number;
  body: T;
}

/** Calls the local gateway as the web app or a script would. */
export async function api<T = Record<string, unknown>>(
  path: string,
  options: {
    method?: string;
    token?: string;
    body?: unknown;
    rawBody?: string;
    headers?: Record<string, string>;
  } = {},
): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | undefined = options.rawBody;
  if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const response = await fetch(`${baseUrl()}${path}`, { method: options.method ?? 'GET', headers, body });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
}

export function uniqueEmail(label = 'user'): string {
  return `${label}-${ulid().toLowerCase()}@example.test`;
}

export async function signIn(email: string, password: string): Promise<AuthenticationResultType> {
  const result = await cognitoClient().send(
    new InitiateAuthCommand({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: inject('runtimeConfig').userPoolClientId,
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );
  if (!result.AuthenticationResult) throw new Error(`No tokens for ${email}`);
  return result.AuthenticationResult;
}

export interface TestCompany {
  email: string;
  password: string;
  accessToken: string;
  tokens: AuthenticationResultType;
}

/** Signs a new company up through the API and signs its admin in. */
export async function signUpCompany(companyName = 'Acme Ltd'): Promise<TestCompany> {
  const email = uniqueEmail('admin');
  const password = 'secret-pass-1';
  const response = await api('/api/auth/signup', {
    method: 'POST',
    body: { email, password, full_name: 'Ann Admin', company_name: companyName },
  });
  if (response.status !== 201) throw new Error(`Sign-up failed: ${JSON.stringify(response.body)}`);
  const tokens = await signIn(email, password);
  return { email, password, accessToken: tokens.AccessToken!, tokens };
}

/** Gives this worker the functions' environment, for tests that call the data layer directly. */
export function useFunctionEnv(overrides: Record<string, string> = {}) {
  Object.assign(process.env, inject('functionEnv'), overrides);
}

/** Moves an organisation's subscription as billing later will (an ended trial, a cancellation). */
export async function setSubscription(
  organizationId: string,
  changes: { status?: string; trial_end_date?: string },
) {
  useFunctionEnv();
  subscriptionEntity.setClient(dynamoDocumentClient());
  subscriptionEntity.setTableName(process.env.TABLE_NAME!);
  await subscriptionEntity.patch({ organization_id: organizationId }).set(changes).go();
}
