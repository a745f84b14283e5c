import { AdminGetUserCommand, UserNotFoundException } from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import type { MeResponse } from '../../shared/api';
import { AUTH_MESSAGES } from '../../shared/auth';
import { api, cognitoClient, signIn, signUpCompany, uniqueEmail, useFunctionEnv } from '../support/api';

const signup = (body: unknown) => api('/api/auth/signup', { method: 'POST', body });

describe('POST /api/auth/signup', () => {
  it('creates the user, the organisation, the admin profile and a 14-day trial in one go', async () => {
    const email = uniqueEmail();
    const response = await signup({
      email,
      password: 'secret1',
      full_name: 'Ann Admin',
      company_name: 'Acme Ltd',
    });
    expect(response).toEqual({ status: 201, body: { message: AUTH_MESSAGES.accountCreatedWithTrial } });

    const tokens = await signIn(email, 'secret1');
    const me = await api<MeResponse>('/api/me', { token: tokens.AccessToken! });
    expect(me.status).toBe(200);
    expect(me.body.profile).toMatchObject({ email, full_name: 'Ann Admin', role: 'admin' });
    expect(me.body.organization).toMatchObject({ name: 'Acme Ltd', owner_id: me.body.profile.id });
    expect(me.body.profile.organization_id).toBe(me.body.organization.id);
    expect(me.body.subscription).toMatchObject({ status: 'trial', has_active_subscription: true });
    const trialDays =
      (new Date(me.body.subscription.trial_end_date!).getTime() -
        new Date(me.body.profile.created_at).getTime()) /
      86_400_000;
    expect(trialDays).toBe(14);
  });

  it('refuses a second account with the same email, whatever its case, with 409', async () => {
    const email = uniqueEmail();
    await signup({ email, password: 'secret1', full_name: 'Ann', company_name: 'Acme' });
    const again = await signup({
      email: email.toUpperCase(),
      password: 'secret2',
      full_name: 'Bob',
      company_name: 'Other',
    });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: { code: 'email_taken', message: AUTH_MESSAGES.emailTaken } });
    // The first account is untouched: its password still works.
    await expect(signIn(email, 'secret1')).resolves.toBeDefined();
  });

  it.each([
    [{ password: 'secret1', full_name: 'Ann', company_name: 'Acme' }, AUTH_MESSAGES.invalidEmail],
    [
      { email: 'nope', password: 'secret1', full_name: 'Ann', company_name: 'Acme' },
      AUTH_MESSAGES.invalidEmail,
    ],
    [
      { email: 'x@example.test', password: '12345', full_name: 'Ann', company_name: 'Acme' },
      AUTH_MESSAGES.passwordTooShort,
    ],
    [
      { email: 'x@example.test', password: 'secret1', full_name: ' ', company_name: 'Acme' },
      AUTH_MESSAGES.fullNameRequired,
    ],
    [{ email: 'x@example.test', password: 'secret1', full_name: 'Ann' }, AUTH_MESSAGES.companyNameRequired],
  ])('answers 400 with the spec’s message for bad input (%#)', async (body, message) => {
    const response = await signup(body);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ error: { code: 'invalid_input', message } });
  });

  it('answers 400 to a body that is not JSON', async () => {
    const response = await api('/api/auth/signup', {
      method: 'POST',
      rawBody: '{"email":',
      headers: { 'content-type': 'application/json' },
    });
    expect(response).toMatchObject({ status: 400, body: { error: { code: 'invalid_json' } } });
  });

  it('refuses an invitation token that is not one of ours, creating nothing', async () => {
    const email = uniqueEmail();
    const response = await signup({ email, password: 'secret1', full_name: 'Ian', invite_token: 'abc' });
    expect(response).toMatchObject({
      status: 404,
      body: { error: { message: AUTH_MESSAGES.invalidInvitation } },
    });
    await expect(signIn(email, 'secret1')).rejects.toThrow();
  });

  it('leaves no Cognito user behind when the organisation cannot be written', async () => {
    // The same registration the handler runs, against a table that does not exist.
    useFunctionEnv({ TABLE_NAME: 'no-such-table' });
    const { registerCompany } = await import('../../functions/auth/registration');
    const email = uniqueEmail('orphan');
    await expect(
      registerCompany({ email, password: 'secret1', full_name: 'Ann', company_name: 'Acme' }, new Date()),
    ).rejects.toThrow();
    await expect(
      cognitoClient().send(
        new AdminGetUserCommand({ UserPoolId: inject('runtimeConfig').userPoolId, Username: email }),
      ),
    ).rejects.toBeInstanceOf(UserNotFoundException);
  });

  it('keeps tenants apart: each sign-up gets its own organisation', async () => {
    const first = await signUpCompany('First Co');
    const second = await signUpCompany('Second Co');
    const [a, b] = await Promise.all([
      api<MeResponse>('/api/me', { token: first.accessToken }),
      api<MeResponse>('/api/me', { token: second.accessToken }),
    ]);
    expect(a.body.organization.name).toBe('First Co');
    expect(b.body.organization.name).toBe('Second Co');
    expect(a.body.organization.id).not.toBe(b.body.organization.id);
  });
});
