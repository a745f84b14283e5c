import {
  ChangePasswordCommand,
  SetUserMFAPreferenceCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, it } from 'vitest';
import type { MeResponse } from '../../shared/api';
import type { AuditLogListResponse } from '../../shared/audit';
import {
  MFA_REQUIRED_CODE,
  PASSWORD_CHANGE_REQUIRED_CODE,
  PASSWORD_PROOF_REQUIRED_CODE,
  SESSION_ENDED_CODE,
} from '../../shared/mfa';
import { addMember, api, cognitoClient, enrolTotp, signIn, signUpCompany } from '../support/api';
import {
  MEMBER_PASSWORD,
  answerOf,
  newSuperAdmin,
  nextSecond,
  refreshSession,
  signInUnproven,
  signInWithSecret,
  swapAuthenticator,
} from '../support/mfa-sessions';
import { provePasswordAt } from '../support/stack-client';
import { inject } from 'vitest';

/**
 * Issue 35's "MFA is advisory" and "Sessions outlive MFA": with nothing but an access token,
 * Cognito's self-service calls turn MFA off, swap the authenticator or set a 6-character password;
 * a session from before MFA (or before the organisation required it) goes on. Each attack is made
 * against the real cognito-local and the API must refuse what follows.
 */
const ENDED = `401 ${SESSION_ENDED_CODE}`;

function turnOffWithToken(accessToken: string) {
  return cognitoClient().send(
    new SetUserMFAPreferenceCommand({
      AccessToken: accessToken,
      SoftwareTokenMfaSettings: { Enabled: false, PreferredMfa: false },
    }),
  );
}

describe('MFA as Cognito says', () => {
  it('a super_admin whose MFA an access token turned off in Cognito is refused, and the profile follows', async () => {
    const person = await newSuperAdmin();
    const secret = await enrolTotp(person.email, person.password);
    const stolen = (await signInWithSecret(person.email, person.password, secret)).AccessToken!;
    expect(await answerOf('/api/organizations', stolen)).toBe('200');

    await nextSecond();
    await turnOffWithToken(stolen);
    // The API is never told; the next sign-in needs the password only.
    const passwordOnly = (await signInWithSecret(person.email, person.password)).AccessToken!;
    expect(await answerOf('/api/organizations', passwordOnly)).toBe(`403 ${MFA_REQUIRED_CODE}`);
    expect(await answerOf('/api/users', passwordOnly)).toBe(`403 ${MFA_REQUIRED_CODE}`);
    // The session that made the change, signed in before it, is over.
    expect(await answerOf('/api/organizations', stolen)).toBe(ENDED);
    const me = await api<MeResponse>('/api/me', { token: passwordOnly });
    expect(me.body.profile.mfa_enabled).toBe(false);
  });

  it('a member of an organisation requiring MFA whose MFA an access token turned off is refused', async () => {
    const company = await signUpCompany('Required Everywhere Ltd');
    const member = await addMember(company, 'user');
    await enrolTotp(company.email, company.password);
    const admin = (await signIn(company.email, company.password)).AccessToken!;
    const memberSecret = await enrolTotp(member.email, MEMBER_PASSWORD);
    const stolen = (await signInWithSecret(member.email, MEMBER_PASSWORD, memberSecret)).AccessToken!;
    await nextSecond();
    expect(
      (await api('/api/organization', { method: 'PATCH', token: admin, body: { require_mfa: true } })).status,
    ).toBe(200);
    // Signed in before the rule: over, whoever holds it.
    expect(await answerOf('/api/hardware', stolen)).toBe(ENDED);
    const withCode = (await signInWithSecret(member.email, MEMBER_PASSWORD, memberSecret)).AccessToken!;
    expect(await answerOf('/api/hardware', withCode)).toBe('200');

    await nextSecond();
    await turnOffWithToken(withCode);
    const passwordOnly = (await signInWithSecret(member.email, MEMBER_PASSWORD)).AccessToken!;
    expect(await answerOf('/api/hardware', passwordOnly)).toBe(`403 ${MFA_REQUIRED_CODE}`);
    expect(await answerOf('/api/dashboard', passwordOnly)).toBe(`403 ${MFA_REQUIRED_CODE}`);
    expect(await answerOf('/api/hardware', withCode)).toBe(ENDED);
    // The admin who set the rule goes on; the profile's change is in the audit trail.
    expect(await answerOf('/api/hardware', admin)).toBe('200');
    const audit = await api<AuditLogListResponse>('/api/audit-logs', { token: admin });
    expect(audit.body.items.find((entry) => entry.entity_label === member.email)).toMatchObject({
      changes: { mfa_enabled: { old: true, new: false } },
    });
  });

  it('an authenticator swapped with an access token ends every session from before the swap', async () => {
    const person = await newSuperAdmin();
    const secret = await enrolTotp(person.email, person.password);
    const stolen = await signInWithSecret(person.email, person.password, secret);
    const owners = await signInWithSecret(person.email, person.password, secret);
    expect(await answerOf('/api/organizations', owners.AccessToken!)).toBe('200');
    expect(await answerOf('/api/organizations', stolen.AccessToken!)).toBe('200');

    await nextSecond();
    const attackers = await swapAuthenticator(stolen.AccessToken!);
    // Whoever signs in next, with the new authenticator, makes the API read Cognito's changed record.
    const after = (await signInWithSecret(person.email, person.password, attackers)).AccessToken!;
    expect(await answerOf('/api/organizations', after)).toBe('200');
    expect(await answerOf('/api/organizations', owners.AccessToken!)).toBe(ENDED);
    expect(await answerOf('/api/organizations', stolen.AccessToken!)).toBe(ENDED);
    // And Cognito has ended them too: their refresh tokens are refused.
    await expect(refreshSession(owners.RefreshToken!)).rejects.toThrow();
    await expect(refreshSession(stolen.RefreshToken!)).rejects.toThrow();
  });

  it('a pre-MFA access token and its refresh token are refused once MFA is on', async () => {
    const company = await signUpCompany('Late Adopter Ltd');
    const before = await signIn(company.email, company.password);
    const refreshedBefore = await refreshSession(before.RefreshToken!);
    expect(await answerOf('/api/hardware', before.AccessToken!)).toBe('200');

    await nextSecond();
    await enrolTotp(company.email, company.password);
    expect(await answerOf('/api/hardware', before.AccessToken!)).toBe(ENDED);
    // A token refreshed from it keeps the sign-in's time, as Cognito's do: refused alike.
    expect(await answerOf('/api/hardware', refreshedBefore)).toBe(ENDED);
    await expect(refreshSession(before.RefreshToken!)).rejects.toThrow();
    // A sign-in with the code goes on.
    expect(
      await answerOf('/api/hardware', (await signIn(company.email, company.password)).AccessToken!),
    ).toBe('200');
  });

  it('a member session from before the organisation required MFA cannot enrol its own authenticator', async () => {
    const company = await signUpCompany('Late Rule Ltd');
    const member = await addMember(company, 'user');
    const pre = await signIn(member.email, MEMBER_PASSWORD);
    await enrolTotp(company.email, company.password);
    const admin = (await signIn(company.email, company.password)).AccessToken!;
    await nextSecond();
    expect(
      (await api('/api/organization', { method: 'PATCH', token: admin, body: { require_mfa: true } })).status,
    ).toBe(200);
    // Refused everywhere, the MFA routes included, and its refresh token is gone.
    for (const path of ['/api/me', '/api/hardware'])
      expect(await answerOf(path, pre.AccessToken!)).toBe(ENDED);
    expect((await api('/api/me/mfa', { method: 'POST', token: pre.AccessToken! })).status).toBe(401);
    await expect(refreshSession(pre.RefreshToken!)).rejects.toThrow();
  });

  it("the super_admin's 6-character ChangePassword: the session is refused, and the rule kept", async () => {
    const person = await newSuperAdmin();
    const secret = await enrolTotp(person.email, person.password);
    const stolen = (await signInWithSecret(person.email, person.password, secret)).AccessToken!;
    await nextSecond();
    await cognitoClient().send(
      new ChangePasswordCommand({
        AccessToken: stolen,
        PreviousPassword: person.password,
        ProposedPassword: 'abc123',
      }),
    );
    const short = (await signInUnproven(person.email, 'abc123', secret)).AccessToken!;
    expect(await answerOf('/api/organizations', short)).toBe(`403 ${PASSWORD_PROOF_REQUIRED_CODE}`);
    const target = { baseUrl: inject('baseUrl'), runtimeConfig: inject('runtimeConfig') };
    expect((await provePasswordAt(target, short, 'not-the-password')).status).toBe(400);
    expect(await provePasswordAt(target, short, 'abc123')).toEqual({
      status: 200,
      body: { password_ok: false },
    });
    expect(await answerOf('/api/organizations', short)).toBe(`403 ${PASSWORD_CHANGE_REQUIRED_CODE}`);
    expect(await answerOf('/api/organizations', stolen)).toBe(ENDED);

    const change = (current_password: string, new_password: string) =>
      api<{ error?: { code: string } }>('/api/me/password', {
        method: 'POST',
        token: short,
        body: { current_password, new_password },
      });
    expect((await change('abc123', 'still-short')).body.error?.code).toBe('password_too_short');
    expect((await change('wrong-one', 'a-long-enough-password')).body.error?.code).toBe(
      'password_not_proven',
    );
    expect((await change('abc123', 'a-long-enough-password')).status).toBe(200);
    expect(await answerOf('/api/organizations', short)).toBe('200');
    const renewed = (await signInWithSecret(person.email, 'a-long-enough-password', secret)).AccessToken!;
    expect(await answerOf('/api/organizations', renewed)).toBe('200');
  });
});
