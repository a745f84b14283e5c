import { describe, expect, it } from 'vitest';
import type { MeResponse } from '../../shared/api';
import type { Invitation } from '../../shared/invitations';
import {
  api,
  inviteTokenSentTo,
  sentEmails,
  signIn,
  signUpCompany,
  uniqueEmail,
  type TestCompany,
} from '../support/api';
import { pending, signUpInvited } from '../support/invitations';
import { signUpUnconfirmed } from '../support/signups';

/** What an invitation answer tells about its address: everything but what differs between any two. */
function shape(invitation: Invitation) {
  const { id, email, created_at, expires_at, ...rest } = invitation;
  return {
    ...rest,
    id: typeof id,
    email: typeof email,
    created_at: typeof created_at,
    expires_at: typeof expires_at,
  };
}

function invite(company: TestCompany, email: string) {
  return api<Invitation>('/api/invitations', {
    method: 'POST',
    token: company.accessToken,
    body: { email, role: 'user' },
  });
}

describe('no account enumeration through invitations', () => {
  it('invites an address with an account as any other; its owner is told why no link comes', async () => {
    const company = await signUpCompany('Inviter Co');
    const holder = await signUpCompany('Holder Co');
    const fresh = uniqueEmail('fresh-invitee');
    const [taken, free] = await Promise.all([invite(company, holder.email), invite(company, fresh)]);
    expect(taken.status).toBe(201);
    expect(free.status).toBe(201);
    expect(shape(taken.body)).toEqual(shape(free.body));
    expect((await pending(company.accessToken)).map((one) => one.email).sort()).toEqual(
      [holder.email, fresh].sort(),
    );

    const toHolder = (await sentEmails()).find((sent) => sent.to === holder.email);
    expect(toHolder?.subject).toBe('You are invited to Inviter Co on IT Asset Auditor');
    expect(toHolder?.body).toContain('already has an IT Asset Auditor account');
    expect(toHolder?.body).not.toMatch(/invite=/);
    await expect(inviteTokenSentTo(fresh)).resolves.toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The holder's account is as it was.
    const me = await api<MeResponse>('/api/me', { token: holder.accessToken });
    expect(me.body.organization.name).toBe('Holder Co');
  });

  it('sends the link to an address held by an unconfirmed sign-up; accepting it proves the address and frees it', async () => {
    const company = await signUpCompany('Employer Co');
    const squat = await signUpUnconfirmed('Squat Co');
    expect((await invite(company, squat.email)).status).toBe(201);
    const token = await inviteTokenSentTo(squat.email);
    expect((await signUpInvited(token, squat.email, 'member-pass-1')).status).toBe(201);

    await expect(signIn(squat.email, squat.password)).rejects.toThrow();
    const member = await signIn(squat.email, 'member-pass-1');
    // No code asked: the invitation's link was the proof.
    const me = await api<MeResponse>('/api/me', { token: member.AccessToken! });
    expect(me.status).toBe(200);
    expect(me.body.organization.name).toBe('Employer Co');
    expect((await api('/api/me', { token: squat.accessToken })).status).toBe(403);
  });
});
