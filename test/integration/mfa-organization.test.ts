import { describe, expect, it } from 'vitest';
import type { MeResponse } from '../../shared/api';
import type { AuditLogListResponse } from '../../shared/audit';
import { MFA_MESSAGES, MFA_REQUIRED_CODE } from '../../shared/mfa';
import { addMember, api, enrolTotp, signIn, signUpCompany } from '../support/api';
import { totpCode } from '../support/totp';

/** An organisation admin requires MFA of every member (issue 25). */

type Answer = { error?: { code: string; message: string } } & Record<string, unknown>;
const MEMBER_PASSWORD = 'secret-pass-3';

function requireMfa(token: string, require_mfa: boolean) {
  return api<Answer>('/api/organization', { method: 'PATCH', token, body: { require_mfa } });
}

describe('an organisation requiring MFA', () => {
  it('is set by an admin who has MFA, audited, and shown in /api/me', async () => {
    const company = await signUpCompany('Strict Security Ltd');
    const member = await addMember(company, 'user');

    expect((await requireMfa(member.token, true)).body.error?.code).toBe('role_required');
    const first = await requireMfa(company.accessToken, true);
    expect(first).toEqual({
      status: 403,
      body: { error: { code: 'mfa_setup_first', message: MFA_MESSAGES.setUpYourselfFirst } },
    });
    expect(
      (await api('/api/organization', { method: 'PATCH', token: company.accessToken, body: {} })).status,
    ).toBe(400);

    await enrolTotp(company.email, company.password);
    const token = (await signIn(company.email, company.password)).AccessToken!;
    expect(await requireMfa(token, true)).toEqual({
      status: 200,
      body: { require_mfa: true, agent_auto_update: true, auto_add_machines: false },
    });
    const me = await api<MeResponse>('/api/me', { token });
    expect(me.body.organization.require_mfa).toBe(true);
    const audit = await api<AuditLogListResponse>('/api/audit-logs', { token });
    expect(audit.body.items[0]).toMatchObject({
      entity_type: 'organization',
      entity_label: 'Strict Security Ltd',
      action: 'updated',
      changed_by: company.email,
      changes: { require_mfa: { old: false, new: true } },
    });
    // Setting it to what it is already writes nothing more.
    expect((await requireMfa(token, true)).status).toBe(200);
    const unchanged = await api<AuditLogListResponse>('/api/audit-logs', { token });
    expect(unchanged.body.items.length).toBe(audit.body.items.length);
  });

  it('refuses members without MFA everywhere but /api/me and MFA’s routes, until they set it up', async () => {
    const company = await signUpCompany('Everyone Secured Ltd');
    const member = await addMember(company, 'user');
    await enrolTotp(company.email, company.password);
    const admin = (await signIn(company.email, company.password)).AccessToken!;
    expect((await api('/api/hardware', { token: member.token })).status).toBe(200);
    expect((await requireMfa(admin, true)).status).toBe(200);
    // Sessions from before the rule end (test/reliability/mfa-proof.test.ts): the member signs in again.
    member.token = (await signIn(member.email, MEMBER_PASSWORD)).AccessToken!;

    for (const path of [
      '/api/hardware',
      '/api/dashboard',
      '/api/audit-logs',
      '/api/billing',
      '/api/api-keys',
    ]) {
      const refused = await api<Answer>(path, { token: member.token });
      expect(refused, path).toEqual({
        status: 403,
        body: { error: { code: MFA_REQUIRED_CODE, message: MFA_MESSAGES.required } },
      });
    }
    const me = await api<MeResponse>('/api/me', { token: member.token });
    expect(me.status).toBe(200);
    expect(me.body.profile.mfa_enabled).toBe(false);
    expect(me.body.organization.require_mfa).toBe(true);
    expect((await api('/api/me/mfa', { method: 'POST', token: member.token })).status).toBe(200);
    // The admin, who has MFA, goes on as before.
    expect((await api('/api/hardware', { token: admin })).status).toBe(200);

    const secret = await enrolTotp(member.email, MEMBER_PASSWORD);
    const memberToken = (await signIn(member.email, MEMBER_PASSWORD)).AccessToken!;
    expect((await api('/api/hardware', { token: memberToken })).status).toBe(200);

    // Required of them, members cannot turn it off; once it is optional again, they can.
    const disable = () =>
      api<Answer>('/api/me/mfa/disable', {
        method: 'POST',
        token: memberToken,
        body: { password: MEMBER_PASSWORD, code: totpCode(secret) },
      });
    expect((await disable()).body.error?.code).toBe('mfa_still_required');
    expect(await requireMfa(admin, false)).toEqual({
      status: 200,
      body: { require_mfa: false, agent_auto_update: true, auto_add_machines: false },
    });
    expect(await disable()).toEqual({ status: 200, body: { mfa_enabled: false } });
    expect((await api('/api/hardware', { token: memberToken })).status).toBe(200);
  });
});
