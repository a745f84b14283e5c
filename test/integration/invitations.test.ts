import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../../shared/auth';
import type { Invitation } from '../../shared/invitations';
import { api, inviteTokenSentTo, signIn, signUpCompany, uniqueEmail } from '../support/api';
import { TEST_SUPER_ADMIN } from '../support/global-setup';
import { byToken, invite, me, pending, resend, signUpInvited } from '../support/invitations';

/**
 * Invitations over HTTP: the emailed link, replacing, cancelling, resending and who may invite. An
 * invitation's 7 days, on the handlers' clock: test/handlers/invitations.test.ts.
 */
describe('invitations', () => {
  it('emails a link that joins the organisation with the invited role, once', async () => {
    const company = await signUpCompany('Invite Co');
    const email = uniqueEmail('invitee');
    const created = await invite(company, { email: email.toUpperCase() });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ email, role: 'user', invited_by: company.email, status: 'pending' });
    const lifetime = Date.parse(created.body.expires_at) - Date.now();
    expect(lifetime).toBeGreaterThan(7 * 24 * 3600_000 - 60_000);
    expect(lifetime).toBeLessThanOrEqual(7 * 24 * 3600_000);
    expect((await pending(company.accessToken)).map((item) => item.email)).toEqual([email]);

    const token = await inviteTokenSentTo(email);
    const admin = await me(company.accessToken);
    expect((await byToken(token)).body).toEqual({
      email,
      role: 'user',
      organization: { id: admin.organization.id, name: 'Invite Co' },
    });

    const wrongEmail = await signUpInvited(token, uniqueEmail('someone-else'));
    expect(wrongEmail.status).toBe(400);
    const joined = await signUpInvited(token, email);
    expect(joined).toMatchObject({
      status: 201,
      body: { message: AUTH_MESSAGES.accountCreatedByInvitation },
    });

    const session = await signIn(email, 'secret-pass-2');
    const member = await me(session.AccessToken!);
    expect(member.profile).toMatchObject({ email, role: 'user', organization_id: admin.organization.id });
    expect(await pending(company.accessToken)).toEqual([]);

    // The link worked once.
    expect((await byToken(token)).body.error.message).toBe(AUTH_MESSAGES.invalidInvitation);
    const again = await signUpInvited(token, email);
    expect(again.status).toBe(404);
  });

  it('replaces a pending invitation of the same address, and cancels on request', async () => {
    const company = await signUpCompany();
    const email = uniqueEmail('twice');
    await invite(company, { email, role: 'user' });
    const firstToken = await inviteTokenSentTo(email);
    const second = await invite(company, { email, role: 'admin' });
    expect(second.body.role).toBe('admin');
    const secondToken = await inviteTokenSentTo(email);
    expect(secondToken).not.toBe(firstToken);
    expect((await byToken(firstToken)).status).toBe(404);
    expect((await byToken(secondToken)).body.role).toBe('admin');
    expect((await pending(company.accessToken)).map((item) => item.id)).toEqual([second.body.id]);

    const other = await signUpCompany();
    const foreign = await api(`/api/invitations/${second.body.id}/cancel`, {
      method: 'POST',
      token: other.accessToken,
    });
    expect(foreign.status).toBe(404);

    const cancelled = await api<Invitation>(`/api/invitations/${second.body.id}/cancel`, {
      method: 'POST',
      token: company.accessToken,
    });
    expect(cancelled.body.status).toBe('cancelled');
    expect((await byToken(secondToken)).status).toBe(404);
    expect(await pending(company.accessToken)).toEqual([]);
    const twice = await api(`/api/invitations/${second.body.id}/cancel`, {
      method: 'POST',
      token: company.accessToken,
    });
    expect(twice.status).toBe(409);
    // After a cancellation the address can be invited afresh.
    expect((await invite(company, { email })).status).toBe(201);
  });

  it('refuses bad addresses, bad roles, and callers who are not admins', async () => {
    const company = await signUpCompany();
    expect((await invite(company, { email: 'not-an-email' })).status).toBe(400);
    expect((await invite(company, { email: uniqueEmail(), role: 'super_admin' })).status).toBe(400);

    const email = uniqueEmail('plain-user');
    await invite(company, { email });
    await signUpInvited(await inviteTokenSentTo(email), email);
    const user = await signIn(email, 'secret-pass-2');
    for (const [method, path] of [
      ['GET', '/api/invitations'],
      ['POST', '/api/invitations'],
      ['POST', '/api/invitations/01J00000000000000000000000/cancel'],
      ['POST', '/api/invitations/01J00000000000000000000000/resend'],
    ] as const) {
      const body = method === 'POST' ? { email: uniqueEmail() } : undefined;
      const response = await api(path, { method, token: user.AccessToken!, body });
      expect(response.status, `${method} ${path}`).toBe(403);
    }
  });

  it('shows an admin their organisation’s pending invitations and the super_admin everyone’s', async () => {
    const first = await signUpCompany();
    const second = await signUpCompany();
    const a = (await invite(first, { email: uniqueEmail('a') })).body;
    const b = (await invite(second, { email: uniqueEmail('b') })).body;
    expect((await pending(first.accessToken)).map((item) => item.id)).toEqual([a.id]);
    const root = await signIn(TEST_SUPER_ADMIN.email, TEST_SUPER_ADMIN.password);
    const everyone = (await pending(root.AccessToken!)).map((item) => item.id);
    expect(everyone).toEqual(expect.arrayContaining([a.id, b.id]));
    expect(everyone.indexOf(b.id)).toBeLessThan(everyone.indexOf(a.id));
  });

  it('resends an invitation: a new link by email, and the old one stops working', async () => {
    const company = await signUpCompany();
    const email = uniqueEmail('resent');
    const first = (await invite(company, { email, role: 'admin' })).body;
    const oldToken = await inviteTokenSentTo(email);

    const resent = await resend(company, first.id);
    expect(resent.status, JSON.stringify(resent.body)).toBe(200);
    expect(resent.body).toMatchObject({ id: first.id, email, role: 'admin', status: 'pending' });
    expect(Date.parse(resent.body.expires_at)).toBeGreaterThanOrEqual(Date.parse(first.expires_at));
    const newToken = await inviteTokenSentTo(email);
    expect(newToken).not.toBe(oldToken);

    expect((await byToken(oldToken)).status).toBe(404);
    expect((await signUpInvited(oldToken, email)).status).toBe(404);
    expect((await byToken(newToken)).body.role).toBe('admin');
    expect((await pending(company.accessToken)).map((item) => item.id)).toEqual([first.id]);
    expect((await signUpInvited(newToken, email)).status).toBe(201);
    // Accepted, it is no longer pending: nothing to resend.
    expect((await resend(company, first.id)).status).toBe(409);
  });
  it("resends only the caller's organisation's pending invitations", async () => {
    const company = await signUpCompany();
    const invited = (await invite(company, { email: uniqueEmail('mine') })).body;
    const outsider = await signUpCompany();
    const foreign = await resend(outsider, invited.id);
    expect(foreign.status).toBe(404);
    const token = await inviteTokenSentTo(invited.email);
    expect((await byToken(token)).status).toBe(200);

    expect((await resend(company, '01J00000000000000000000000')).status).toBe(404);
    expect((await resend(company, 'not-an-id')).status).toBe(400);
    await api(`/api/invitations/${invited.id}/cancel`, { method: 'POST', token: company.accessToken });
    expect((await resend(company, invited.id)).status).toBe(409);
  });
});
