import type {
  AuthenticationResultType,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { expect, inject } from 'vitest';
import type { MeResponse } from '../../shared/api';
import { UNLIMITED } from '../../shared/constants';
import type { HardwareAsset, HardwareAssetFormValues } from '../../shared/hardware';
import type { Invitation } from '../../shared/invitations';
import { patch, send } from '../../functions/lib/table/commands';
import { subscriptions } from '../../functions/lib/table/items/organizations';
import { createInvitation, type CreatedInvitation } from '../../functions/people/invitations';
import {
  callApi,
  callApiWithHeaders,
  confirmationCodeSentAt,
  sentEmailsAt,
  uniqueEmail,
  cognitoClientFor,
  signInAt,
  signUpCompanyAt,
  type ApiOptions,
  type ApiResponse,
  type SentEmail,
  type StackTarget,
  type TestCompany,
} from './stack-client';

import { enrolTotpAt } from './totp';

export {
  uniqueEmail,
  testClientAddress,
  type ApiOptions,
  type ApiResponse,
  type TestCompany,
} from './stack-client';

export const baseUrl = () => inject('baseUrl');

/** The stack this test run's global setup started. */
function stack(): StackTarget {
  return { baseUrl: inject('baseUrl'), runtimeConfig: inject('runtimeConfig') };
}

export function cognitoClient(): CognitoIdentityProviderClient {
  return cognitoClientFor(inject('runtimeConfig'));
}

/** api(), with the answer's headers (Retry-After). */
export function apiWithHeaders<T = Record<string, unknown>>(path: string, options: ApiOptions = {}) {
  return callApiWithHeaders<T>(stack(), path, options);
}

/** Calls the local gateway as the web app or a script would. */
export function api<T = Record<string, unknown>>(
  path: string,
  options: ApiOptions = {},
): Promise<ApiResponse<T>> {
  return callApi<T>(stack(), path, options);
}

/** Authenticators set up in this test file (test/support/totp.ts), by email. */
const totpSecrets = new Map<string, string>();

/** The TOTP secret of a person with MFA: the run's super_admin's (global setup), or one set up here. */
export function totpSecretOf(email: string): string | undefined {
  return totpSecrets.get(email) ?? inject('totpSecrets')[email];
}

/** Sets MFA up for a person (Cognito's calls, then POST /api/me/mfa); later sign-ins answer its code. */
export async function enrolTotp(email: string, password: string): Promise<string> {
  const secret = await enrolTotpAt(stack(), email, password);
  totpSecrets.set(email, secret);
  return secret;
}

/** Signs in, answering the MFA challenge of a person with MFA set up (totpSecretOf). */
export function signIn(email: string, password: string): Promise<AuthenticationResultType> {
  return signInAt(stack(), email, password, totpSecretOf(email));
}

/** Signs a new company up through the API and signs its admin in. */
export function signUpCompany(companyName = 'Acme Ltd'): Promise<TestCompany> {
  return signUpCompanyAt(stack(), companyName);
}

/**
 * The organisation a company's admin belongs to, from GET /api/me: on this run's stack, or on
 * another one (a stack process of a reliability test) when given.
 */
export async function organizationIdOf(company: TestCompany, target: StackTarget = stack()): Promise<string> {
  const me = await callApi<MeResponse>(target, '/api/me', { token: company.accessToken });
  expect(me.status).toBe(200);
  return me.body.organization.id;
}

/** Gives this worker the functions' environment, for tests that call the data layer directly. */
export function useFunctionEnv(overrides: Record<string, string> = {}) {
  Object.assign(process.env, inject('functionEnv'), overrides);
}

/**
 * Moves an organisation's subscription where a test needs it without paying: an ended trial, a
 * cancellation, or a plan's limits (asset_limit and user_limit, 999999 for unlimited).
 */
export async function setSubscription(
  organizationId: string,
  changes: {
    status?: string;
    trial_end_date?: string;
    plan_name?: string;
    asset_limit?: number;
    user_limit?: number;
  },
) {
  useFunctionEnv();
  await send(patch(subscriptions.key(organizationId), { set: changes }));
}

/**
 * A company on a paid plan without limits, for tests that need more than the free trial holds
 * (500 hardware assets). Billing itself is tested through the Stripe sandbox.
 */
export async function signUpUnlimitedCompany(companyName?: string): Promise<TestCompany> {
  const company = await signUpCompany(companyName);
  await setSubscription(await organizationIdOf(company), {
    status: 'active',
    plan_name: 'Enterprise',
    asset_limit: UNLIMITED,
    user_limit: UNLIMITED,
  });
  return company;
}

/** A hardware asset created through the API: an Active laptop unless told otherwise. */
export async function createHardwareAsset(
  company: TestCompany,
  asset: Partial<HardwareAssetFormValues>,
): Promise<HardwareAsset> {
  const response = await api<HardwareAsset>('/api/hardware', {
    method: 'POST',
    token: company.accessToken,
    body: { asset_type: 'Laptop', status: 'Active', ...asset },
  });
  if (response.status !== 201)
    throw new Error(`Creating a hardware asset failed: ${JSON.stringify(response.body)}`);
  return response.body;
}

export interface Member {
  email: string;
  token: string;
  id: string;
}

/** Invites an address into the company with a role and signs it up through the emailed link. */
export async function addMember(company: TestCompany, role: 'user' | 'admin'): Promise<Member> {
  const email = uniqueEmail(role);
  const invited = await api('/api/invitations', {
    method: 'POST',
    token: company.accessToken,
    body: { email, role },
  });
  if (invited.status !== 201) throw new Error(`Inviting ${email} failed: ${JSON.stringify(invited.body)}`);
  const joined = await api('/api/auth/signup', {
    method: 'POST',
    body: {
      email,
      password: 'secret-pass-3',
      full_name: `Member ${role}`,
      invite_token: await inviteTokenSentTo(email),
    },
  });
  if (joined.status !== 201) throw new Error(`Joining as ${email} failed: ${JSON.stringify(joined.body)}`);
  const session = await signIn(email, 'secret-pass-3');
  const me = (await api<MeResponse>('/api/me', { token: session.AccessToken! })).body;
  return { email, token: session.AccessToken!, id: me.profile.id };
}

/** Invites an address into the company with a role through the API, which must accept it. */
export async function sendInvitation(company: TestCompany, email: string, role: 'user' | 'admin') {
  const response = await api<Invitation>('/api/invitations', {
    method: 'POST',
    token: company.accessToken,
    body: { email, role },
  });
  expect(response.status).toBe(201);
  return response.body;
}

/** What the local stack has emailed, newest first, from its outbox. */
export function sentEmails(): Promise<SentEmail[]> {
  return sentEmailsAt(stack());
}

/** The code of the newest sign-up confirmation email sent to an address, from the local outbox. */
export function confirmationCodeSentTo(email: string): Promise<string> {
  return confirmationCodeSentAt(stack(), email);
}

/** The newest invite link emailed to an address (its token in the fragment), read from the local outbox. */
export async function inviteLinkSentTo(email: string): Promise<string> {
  const sent = (await sentEmails()).find(
    (candidate) => candidate.to === email && /invited/i.test(candidate.subject),
  );
  const link = sent?.body.match(/https?:\/\/[^\s"'<>]*#invite=[A-Za-z0-9_-]+/)?.[0];
  if (!link) throw new Error(`No invite link was sent to ${email}`);
  return link;
}

/** The token of the newest invite link emailed to an address, read from the local outbox. */
export async function inviteTokenSentTo(email: string): Promise<string> {
  const token = (await inviteLinkSentTo(email)).match(/#invite=([A-Za-z0-9_-]+)/)?.[1];
  if (!token) throw new Error(`No invite link was sent to ${email}`);
  return token;
}

/** The link and the code of the newest password reset email sent to an address, from the local outbox. */
export async function passwordResetEmailSentTo(email: string): Promise<{ link: URL; code: string }> {
  const sent = (await sentEmails()).find(
    (candidate) => candidate.to === email && /password reset/i.test(candidate.subject),
  );
  const link = sent?.body.match(/https?:\/\/\S+\/reset-password\S*/)?.[0];
  const code = sent?.body.match(/code: (\d+)/)?.[1];
  if (!link || !code) throw new Error(`No password reset link and code were sent to ${email}: ${sent?.body}`);
  return { link: new URL(link), code };
}

/** An invitation sent eight days ago, so expired a day ago, written through the data layer. */
export async function sendExpiredInvitation(company: TestCompany, email: string): Promise<CreatedInvitation> {
  const me = await api<MeResponse>('/api/me', { token: company.accessToken });
  useFunctionEnv();
  return createInvitation(
    me.body.organization.id,
    { email, role: 'user' },
    { email: company.email },
    new Date(Date.now() - 8 * 24 * 3600_000),
    { planName: null, assetLimit: UNLIMITED, userLimit: UNLIMITED },
  );
}
