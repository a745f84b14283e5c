import {
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
  SetUserMFAPreferenceCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, it } from 'vitest';
import type { AuditLogListResponse } from '../../shared/audit';
import type { MeResponse } from '../../shared/api';
import { MFA_MESSAGES, MFA_REQUIRED_CODE } from '../../shared/mfa';
import { addMember, api, cognitoClient, enrolTotp, signIn, signUpCompany } from '../support/api';
import { TEST_SUPER_ADMIN } from '../support/global-setup';
import { totpCode, totpCodeSteps } from '../support/totp';
import { inject } from 'vitest';

/** MFA with TOTP through Cognito (issue 25): the profile's flag, the super_admin's refusals, turning it off. */

/** The password addMember signs its members up with. */
const MEMBER_PASSWORD = 'secret-pass-3';

type Answer = { error?: { code: string; message: string } } & Record<string, unknown>;

async function me(token: string): Promise<MeResponse> {
  const response = await api<MeResponse>('/api/me', { token });
  expect(response.status).toBe(200);
  return response.body;
}

function startSignIn(email: string, password: string) {
  return cognitoClient().send(
    new InitiateAuthCommand({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: inject('runtimeConfig').userPoolClientId,
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );
}

function answerChallenge(session: string | undefined, username: string, code: string) {
  return cognitoClient().send(
    new RespondToAuthChallengeCommand({
      ClientId: inject('runtimeConfig').userPoolClientId,
      ChallengeName: 'SOFTWARE_TOKEN_MFA',
      Session: session,
      ChallengeResponses: { USERNAME: username, SOFTWARE_TOKEN_MFA_CODE: code },
    }),
  );
}

/** Another super_admin (a company's second admin, promoted by the run's super_admin): it has no MFA yet. */
async function newSuperAdmin(): Promise<{ email: string; password: string; accessToken: string }> {
  const company = await signUpCompany('Future Platform Staff');
  const member = await addMember(company, 'admin');
  const id = member.id;
  const root = await signIn(TEST_SUPER_ADMIN.email, TEST_SUPER_ADMIN.password);
  const promoted = await api(`/api/users/${id}`, {
    method: 'PATCH',
    token: root.AccessToken!,
    body: { role: 'super_admin' },
  });
  expect(promoted.status).toBe(200);
  return { email: member.email, password: MEMBER_PASSWORD, accessToken: member.token };
}

/** What a super_admin is refused or let through, as status and error code. */
async function superAdminRoutes(token: string) {
  const calls: Array<[string, string, unknown?]> = [
    ['GET', '/api/organizations'],
    ['DELETE', '/api/organizations/01ARZ3NDEKTSV4RRFFQ69G5FAV'],
    ['DELETE', '/api/users/no-such-user'],
    ['POST', '/api/billing/sync-plans'],
    ['GET', '/api/users'],
    ['GET', '/api/invitations'],
    ['GET', '/api/hardware'],
  ];
  const answers: string[] = [];
  for (const [method, path, body] of calls) {
    const response = await api<Answer>(path, { method, token, ...(body ? { body } : {}) });
    answers.push(`${method} ${path} ${response.status} ${response.body?.error?.code ?? ''}`.trim());
  }
  return answers;
}

describe('MFA with TOTP', () => {
  it('records MFA from Cognito when told it changed, and signs in with a code once it is on', async () => {
    const company = await signUpCompany('Second Factor Ltd');
    expect((await me(company.accessToken)).profile.mfa_enabled).toBe(false);

    // The client's word counts for nothing: the route takes no body and reads Cognito.
    const claimed = await api<Answer>('/api/me/mfa', {
      method: 'POST',
      token: company.accessToken,
      body: { mfa_enabled: true },
    });
    expect(claimed.status).toBe(400);
    const asked = await api<{ mfa_enabled: boolean }>('/api/me/mfa', {
      method: 'POST',
      token: company.accessToken,
    });
    expect(asked).toEqual({ status: 200, body: { mfa_enabled: false } });

    const secret = await enrolTotp(company.email, company.password);
    // Sessions from before MFA end (test/reliability/mfa-proof.test.ts): a new one answers the code.
    const withMfa = (await signIn(company.email, company.password)).AccessToken!;
    expect((await me(withMfa)).profile.mfa_enabled).toBe(true);
    const audit = await api<AuditLogListResponse>('/api/audit-logs', { token: withMfa });
    expect(audit.body.items[0]).toMatchObject({
      entity_type: 'user',
      entity_label: company.email,
      action: 'updated',
      changed_by: company.email,
      changes: { mfa_enabled: { old: false, new: true } },
    });

    // The password alone no longer signs in: Cognito asks for the code.
    const started = await startSignIn(company.email, company.password);
    expect(started.AuthenticationResult).toBeUndefined();
    expect(started.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
    const username = started.ChallengeParameters!.USER_ID_FOR_SRP!;
    await expect(answerChallenge(started.Session, username, totpCodeSteps(secret, 4))).rejects.toThrow();
    // A code without the password step's session signs nobody in.
    await expect(answerChallenge('made-up-session', username, totpCode(secret))).rejects.toThrow(/session/i);
    const answered = await answerChallenge(started.Session, username, totpCode(secret));
    expect(answered.AuthenticationResult?.AccessToken).toBeTruthy();
    // A session signs in once.
    await expect(answerChallenge(started.Session, username, totpCode(secret))).rejects.toThrow(/session/i);
  });

  it('refuses a super_admin without MFA on every route but /api/me and MFA’s own, until it has MFA', async () => {
    const person = await newSuperAdmin();
    const refused = await api<Answer>('/api/organizations', { token: person.accessToken });
    expect(refused).toEqual({
      status: 403,
      body: { error: { code: MFA_REQUIRED_CODE, message: MFA_MESSAGES.required } },
    });
    expect(refused.body.error!.message).toBe(
      'Set up multi-factor authentication in Settings → Security to continue',
    );
    const answers = await superAdminRoutes(person.accessToken);
    expect(answers.every((answer) => answer.endsWith(`403 ${MFA_REQUIRED_CODE}`))).toBe(true);
    const seen = await me(person.accessToken);
    expect(seen.profile).toMatchObject({ role: 'super_admin', mfa_enabled: false });

    await enrolTotp(person.email, person.password);
    const after = await superAdminRoutes((await signIn(person.email, person.password)).AccessToken!);
    expect(after.filter((answer) => answer.includes(MFA_REQUIRED_CODE))).toEqual([]);
    expect(after[0]).toBe('GET /api/organizations 200');
  });

  it('follows Cognito when MFA was turned off there: the super_admin is refused again', async () => {
    const person = await newSuperAdmin();
    await enrolTotp(person.email, person.password);
    const tokens = await signIn(person.email, person.password);
    expect((await api('/api/organizations', { token: tokens.AccessToken! })).status).toBe(200);

    await cognitoClient().send(
      new SetUserMFAPreferenceCommand({
        AccessToken: tokens.AccessToken!,
        SoftwareTokenMfaSettings: { Enabled: false, PreferredMfa: false },
      }),
    );
    const told = await api('/api/me/mfa', { method: 'POST', token: tokens.AccessToken! });
    expect(told.body).toEqual({ mfa_enabled: false });
    expect((await api<Answer>('/api/organizations', { token: tokens.AccessToken! })).body.error?.code).toBe(
      MFA_REQUIRED_CODE,
    );
  });

  it('turns MFA off only with the password and a current code, and never for the super_admin', async () => {
    const company = await signUpCompany('Turning Off Ltd');
    const disable = (token: string, password: string, code: string) =>
      api<Answer>('/api/me/mfa/disable', { method: 'POST', token, body: { password, code } });

    expect((await disable(company.accessToken, company.password, '123456')).body.error?.code).toBe(
      'mfa_not_enabled',
    );
    const secret = await enrolTotp(company.email, company.password);
    const token = (await signIn(company.email, company.password)).AccessToken!;

    const badCode = await disable(token, company.password, totpCodeSteps(secret, 5));
    expect(badCode).toEqual({
      status: 400,
      body: { error: { code: 'mfa_not_proven', message: MFA_MESSAGES.wrongPasswordOrCode } },
    });
    expect((await disable(token, 'not-the-password', totpCode(secret))).status).toBe(400);
    expect((await disable(token, company.password, 'abc')).body.error?.code).toBe('invalid_input');
    expect((await me(token)).profile.mfa_enabled).toBe(true);

    const turnedOff = await disable(token, company.password, totpCode(secret));
    expect(turnedOff).toEqual({ status: 200, body: { mfa_enabled: false } });
    expect((await me(token)).profile.mfa_enabled).toBe(false);
    const again = await startSignIn(company.email, company.password);
    expect(again.AuthenticationResult?.AccessToken).toBeTruthy();

    const root = await signIn(TEST_SUPER_ADMIN.email, TEST_SUPER_ADMIN.password);
    const rootSecret = inject('totpSecrets')[TEST_SUPER_ADMIN.email]!;
    const kept = await disable(root.AccessToken!, TEST_SUPER_ADMIN.password, totpCode(rootSecret));
    expect(kept).toEqual({
      status: 409,
      body: { error: { code: 'mfa_still_required', message: MFA_MESSAGES.stillRequired } },
    });
    expect((await api('/api/organizations', { token: root.AccessToken! })).status).toBe(200);
  });
});
