import { describe, expect, it } from 'vitest';
import { EMAIL_CONFIRMATION_MESSAGES } from '../../shared/auth';
import type { MeResponse } from '../../shared/api';
import { CODE_ATTEMPTS } from '../../functions/auth/email-confirmation';
import {
  api,
  confirmationCodeSentTo,
  signIn,
  signUpCompany,
  uniqueEmail,
  useFunctionEnv,
} from '../support/api';
import { askForNewCode, enterCode, signUpUnconfirmed, wrongCodeFor } from '../support/signups';

const HOUR_MS = 3_600_000;

describe('the emailed code of a company sign-up', () => {
  it('takes a few wrong codes, then only a new one; a new code replaces the last', async () => {
    const signup = await signUpUnconfirmed();
    const first = await confirmationCodeSentTo(signup.email);
    const wrong = await wrongCodeFor(signup.email);
    for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt++) {
      expect(await enterCode(signup, wrong)).toEqual({
        status: 400,
        body: { error: { code: 'wrong_code', message: EMAIL_CONFIRMATION_MESSAGES.wrongCode } },
      });
    }
    // Used up: even the right code no longer works.
    expect(await enterCode(signup, first)).toMatchObject({
      status: 400,
      body: { error: { code: 'code_used_up' } },
    });
    expect(await enterCode(signup, 'abc')).toMatchObject({
      status: 400,
      body: { error: { message: EMAIL_CONFIRMATION_MESSAGES.invalidCode } },
    });

    expect(await askForNewCode(signup)).toEqual({
      status: 200,
      body: { message: EMAIL_CONFIRMATION_MESSAGES.codeSent },
    });
    const second = await confirmationCodeSentTo(signup.email);
    if (second !== first) expect((await enterCode(signup, first)).status).toBe(400);
    expect(await enterCode(signup, second)).toEqual({
      status: 200,
      body: { message: EMAIL_CONFIRMATION_MESSAGES.confirmed },
    });
    const me = await api<MeResponse>('/api/me', { token: signup.accessToken });
    expect(me.body.organization.name).toBe(signup.companyName);
    // Once confirmed, both steps say so and change nothing.
    expect((await enterCode(signup, second)).body.message).toBe(EMAIL_CONFIRMATION_MESSAGES.alreadyConfirmed);
    expect((await askForNewCode(signup)).body.message).toBe(EMAIL_CONFIRMATION_MESSAGES.alreadyConfirmed);
  });

  it('is asked of nobody once the company is confirmed', async () => {
    const company = await signUpCompany();
    expect((await api('/api/dashboard', { token: company.accessToken })).status).toBe(200);
    expect((await enterCode(company, '000000')).body.message).toBe(
      EMAIL_CONFIRMATION_MESSAGES.alreadyConfirmed,
    );
  });
});

describe('unconfirmed sign-ups older than a day', () => {
  it('are removed with their organisation by the sweep (on its clock), which frees the address', async () => {
    useFunctionEnv();
    const { registerCompany } = await import('../../functions/auth/registration');
    const { removeExpiredSignups } = await import('../../functions/auth/email-confirmation');
    const { findCognitoUserSub } = await import('../../functions/lib/cognito');
    const { findProfileByUserId, getOrganization } = await import('../../functions/lib/tenant');

    const now = new Date();
    const email = uniqueEmail('lapsed-signup');
    // Signed up 25 hours ago, through the same registration the handler runs, on its clock.
    await registerCompany(
      { email, password: 'lapsed-pass-1', full_name: 'Lou Lapsed', company_name: 'Lapsed Co' },
      new Date(now.getTime() - 25 * HOUR_MS),
    );
    const userId = await findCognitoUserSub(email);
    const profile = await findProfileByUserId(userId!);
    const organizationId = profile!.organization_id;
    expect(await getOrganization(organizationId)).not.toBeNull();
    // Its code no longer confirms anything.
    const lapsed = await signIn(email, 'lapsed-pass-1');
    expect(
      await enterCode({ accessToken: lapsed.AccessToken! }, await confirmationCodeSentTo(email)),
    ).toMatchObject({
      status: 410,
      body: { error: { code: 'signup_expired', message: EMAIL_CONFIRMATION_MESSAGES.expired } },
    });
    const young = await signUpUnconfirmed('Young Co');
    const confirmed = await signUpCompany('Confirmed Co');

    expect(await removeExpiredSignups(now)).toBeGreaterThanOrEqual(1);

    expect(await findCognitoUserSub(email)).toBeNull();
    expect(await findProfileByUserId(userId!)).toBeNull();
    expect(await getOrganization(organizationId)).toBeNull();
    // A day younger, and confirmed: both stay.
    expect((await api('/api/me', { token: young.accessToken })).body).toMatchObject({
      error: { code: 'email_unconfirmed' },
    });
    expect((await api('/api/me', { token: confirmed.accessToken })).status).toBe(200);
    // The address is free: a new sign-up with it is a new company.
    const again = await api('/api/auth/signup', {
      method: 'POST',
      body: { email, password: 'owner-pass-1', full_name: 'Lou', company_name: 'Fresh Co' },
    });
    expect(again.status).toBe(201);
    const owner = await signIn(email, 'owner-pass-1');
    expect(
      (await enterCode({ accessToken: owner.AccessToken! }, await confirmationCodeSentTo(email))).status,
    ).toBe(200);
    const me = await api<MeResponse>('/api/me', { token: owner.AccessToken! });
    expect(me.body.organization.name).toBe('Fresh Co');
    expect(me.body.organization.id).not.toBe(organizationId);
  });
});
