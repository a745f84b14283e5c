import { describe, expect, it } from 'vitest';
import type { MeResponse } from '../../shared/api';
import { USER_MESSAGES, type UserListItem } from '../../shared/users';
import { addMember, signIn } from '../support/api';
import { TEST_SUPER_ADMIN } from '../support/global-setup';
import { callHandler as api, signUpCompanyInProcess as signUpCompany } from '../support/handlers';
import type { TestCompany } from '../support/stack-client';

/**
 * The team's role rules called in process (test/support/handlers.ts), each answer from the users
 * feature's handler against the real table and cognito-local. Listing, password resets and
 * deletion over HTTP: test/integration/users.test.ts.
 */
function setRole(token: string, id: string, role: string) {
  return api<UserListItem & { error: { message: string } }>(`/api/users/${id}`, {
    method: 'PATCH',
    token,
    body: { role },
  });
}

async function idOf(company: TestCompany): Promise<string> {
  return (await api<MeResponse>('/api/me', { token: company.accessToken })).body.profile.id;
}

describe('team management, in process', () => {
  it('applies the role rules: no super_admin from an admin, not oneself, never the last admin', async () => {
    const company = await signUpCompany();
    const member = await addMember(company, 'user');
    const adminId = await idOf(company);

    expect((await setRole(company.accessToken, member.id, 'super_admin')).body.error.message).toBe(
      USER_MESSAGES.onlySuperAdminGrants,
    );
    expect((await setRole(company.accessToken, adminId, 'user')).body.error.message).toBe(
      USER_MESSAGES.notYourself,
    );
    expect((await setRole(member.token, adminId, 'user')).status).toBe(403);

    const promoted = await setRole(company.accessToken, member.id, 'admin');
    expect(promoted).toMatchObject({ status: 200, body: { role: 'admin' } });
    // The change takes effect at once: the new admin can list the team.
    expect((await api('/api/users', { token: member.token })).status).toBe(200);
    // Two admins: one may demote the other, after which the last one stays.
    expect((await setRole(member.token, adminId, 'user')).status).toBe(200);
    const last = await setRole(company.accessToken, member.id, 'user');
    expect(last.status).toBe(403);
    const root = await signIn(TEST_SUPER_ADMIN.email, TEST_SUPER_ADMIN.password);
    const refused = await setRole(root.AccessToken!, member.id, 'user');
    expect(refused).toMatchObject({ status: 409, body: { error: { message: USER_MESSAGES.lastAdmin } } });

    const other = await signUpCompany();
    expect((await setRole(other.accessToken, member.id, 'user')).status).toBe(404);
    expect((await setRole(member.token, adminId, 'owner')).status).toBe(400);
  });
});
