import { AdminGetUserCommand, UserNotFoundException } from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import type { MeResponse } from '../../shared/api';
import {
  ACCOUNT_EXISTS_SUBJECT,
  CONFIRMATION_CODE_SUBJECT,
  SIGNUP_ATTEMPT_SUBJECT,
} from '../../functions/auth/signup-emails';
import { AUTH_MESSAGES, EMAIL_CONFIRMATION_MESSAGES } from '../../shared/auth';
import {
  api,
  cognitoClient,
  confirmationCodeSentTo,
  sentEmails,
  signIn,
  signUpCompany,
  uniqueEmail,
  useFunctionEnv,
} from '../support/api';

const signup = (body: unknown) => api('/api/auth/signup', { method: 'POST', body });

describe('POST /api/auth/signup', () => {
  it('creates the user, the organisation, the admin profile and a 14-day trial, usable once the emailed code is entered', async () => {
    const email = uniqueEmail();
    const response = await signup({
      email,
      password: 'secret1',
      full_name: 'Ann Admin',
      company_name: 'Acme Ltd',
    });
    expect(response).toEqual({ status: 201, body: { message: AUTH_MESSAGES.accountCreatedWithTrial } });

    const tokens = await signIn(email, 'secret1');
    // Nothing but the confirmation until the code is in: not even the profile.
    for (const path of ['/api/me', '/api/dashboard', '/api/hardware', '/api/api-keys']) {
      expect(await api(path, { token: tokens.AccessToken! }), path).toEqual({
        status: 403,
        body: { error: { code: 'email_unconfirmed', message: EMAIL_CONFIRMATION_MESSAGES.required } },
      });
    }
    const confirmed = await api('/api/auth/email-confirmation', {
      method: 'POST',
      token: tokens.AccessToken!,
      body: { code: await confirmationCodeSentTo(email) },
    });
    expect(confirmed).toEqual({ status: 200, body: { message: EMAIL_CONFIRMATION_MESSAGES.confirmed } });

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

  it('answers a sign-up with an address that has an account as a new one, creates nothing and emails the owner', async () => {
    const owner = await signUpCompany('Owner Co');
    const fresh = uniqueEmail('fresh');
    const [again, anew] = await Promise.all([
      signup({
        email: owner.email.toUpperCase(),
        password: 'secret2',
        full_name: 'Bob',
        company_name: 'Other',
      }),
      signup({ email: fresh, password: 'secret2', full_name: 'Bob', company_name: 'Other' }),
    ]);
    expect(again).toEqual(anew);
    expect(again).toEqual({ status: 201, body: { message: AUTH_MESSAGES.accountCreatedWithTrial } });
    // The account is untouched: its password still works, the other does not, its company is its own.
    await expect(signIn(owner.email, 'secret-pass-1')).resolves.toBeDefined();
    await expect(signIn(owner.email, 'secret2')).rejects.toThrow();
    const me = await api<MeResponse>('/api/me', { token: owner.accessToken });
    expect(me.body.organization.name).toBe('Owner Co');
    // Its owner is told, instead of being sent a code.
    const toOwner = (await sentEmails()).filter((sent) => sent.to === owner.email);
    expect(toOwner[0]?.subject).toBe(ACCOUNT_EXISTS_SUBJECT);
    expect(toOwner.filter((sent) => sent.subject === CONFIRMATION_CODE_SUBJECT)).toHaveLength(1);
  });

  it('keeps a pending sign-up when the address signs up again: the later one waits with a code of its own', async () => {
    const email = uniqueEmail('pending');
    await signup({ email, password: 'first-pass-1', full_name: 'First', company_name: 'First Co' });
    const firstCode = await confirmationCodeSentTo(email);
    expect(
      await signup({ email, password: 'later-pass-1', full_name: 'Later', company_name: 'Later Co' }),
    ).toEqual({
      status: 201,
      body: { message: AUTH_MESSAGES.accountCreatedWithTrial },
    });
    // The first still signs in and its code still confirms it; the later one's code went by email.
    const first = await signIn(email, 'first-pass-1');
    await expect(signIn(email, 'later-pass-1')).rejects.toThrow();
    const toAddress = (await sentEmails()).filter((sent) => sent.to === email);
    expect(toAddress.map((sent) => sent.subject)).toEqual([
      SIGNUP_ATTEMPT_SUBJECT,
      CONFIRMATION_CODE_SUBJECT,
    ]);
    expect(toAddress[0]?.body).toContain('/confirm-sign-up?email=');
    const confirmed = await api('/api/auth/email-confirmation', {
      method: 'POST',
      token: first.AccessToken!,
      body: { code: firstCode },
    });
    expect(confirmed.status).toBe(200);
    const me = await api<MeResponse>('/api/me', { token: first.AccessToken! });
    expect(me.body.organization.name).toBe('First Co');
  });

  it('answers 400 to a waiting sign-up confirmation that is not of the schema', async () => {
    for (const body of [{}, { email: 'x@example.test', password: 'secret1', code: '12' }]) {
      const answer = await api('/api/auth/signup/confirm', { method: 'POST', body });
      expect(answer.status).toBe(400);
    }
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
