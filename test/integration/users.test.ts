import { describe, expect, it } from 'vitest';
import type { MeResponse } from '../../shared/api';
import { USER_MESSAGES, type UserListItem, type UserListResponse } from '../../shared/users';
import { addMember, api, signIn, signUpCompany, type TestCompany } from '../support/api';
import { TEST_SUPER_ADMIN } from '../support/global-setup';

async function users(token: string): Promise<UserListItem[]> {
  const response = await api<UserListResponse>('/api/users', { token });
  expect(response.status).toBe(200);
  return response.body.items;
}

async function idOf(company: TestCompany): Promise<string> {
  return (await api<MeResponse>('/api/me', { token: company.accessToken })).body.profile.id;
}

describe('team management', () => {
  it('lists an organisation’s users newest first for its admins, and everyone’s for the super_admin', async () => {
    const company = await signUpCompany('Listing Ltd');
    const other = await signUpCompany();
    const member = await addMember(company, 'user');
    const listed = await users(company.accessToken);
    expect(listed.map((user) => user.email)).toEqual([member.email, company.email]);
    expect(listed[0]).toMatchObject({ role: 'user', organization: null });

    expect((await api('/api/users', { token: member.token })).status).toBe(403);
    const root = await signIn(TEST_SUPER_ADMIN.email, TEST_SUPER_ADMIN.password);
    const everyone = await users(root.AccessToken!);
    const emails = everyone.map((user) => user.email);
    expect(emails).toEqual(expect.arrayContaining([company.email, other.email, member.email]));
    expect(everyone.find((user) => user.email === member.email)!.organization!.name).toBe('Listing Ltd');
  });

  it('sends a password reset through Cognito’s forgot-password flow', async () => {
    const company = await signUpCompany();
    const member = await addMember(company, 'user');
    const response = await api<{ message: string }>(`/api/users/${member.id}/password-reset`, {
      method: 'POST',
      token: company.accessToken,
    });
    expect(response).toEqual({ status: 200, body: { message: USER_MESSAGES.resetSent(member.email) } });
    const other = await signUpCompany();
    const foreign = await api(`/api/users/${member.id}/password-reset`, {
      method: 'POST',
      token: other.accessToken,
    });
    expect(foreign.status).toBe(404);
  });

  it('lets only the super_admin delete a user, whose old token then reaches nothing', async () => {
    const company = await signUpCompany();
    const member = await addMember(company, 'user');
    expect(
      (await api(`/api/users/${member.id}`, { method: 'DELETE', token: company.accessToken })).status,
    ).toBe(403);
    const root = await signIn(TEST_SUPER_ADMIN.email, TEST_SUPER_ADMIN.password);
    const deleted = await api(`/api/users/${member.id}`, { method: 'DELETE', token: root.AccessToken! });
    expect(deleted.status).toBe(204);
    expect((await api('/api/me', { token: member.token })).status).toBe(403);
    await expect(signIn(member.email, 'secret-pass-3')).rejects.toThrow();
    expect((await users(company.accessToken)).map((user) => user.email)).toEqual([company.email]);
    // The organisation's only admin stays.
    const adminDelete = await api(`/api/users/${await idOf(company)}`, {
      method: 'DELETE',
      token: root.AccessToken!,
    });
    expect(adminDelete.status).toBe(409);
  });
});
