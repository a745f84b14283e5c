import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../../shared/auth';
import { inviteTokenSentTo, setSubscription, signIn, uniqueEmail } from '../support/api';
import { callHandler, signUpCompanyInProcess as signUpCompany, useHandlerClock } from '../support/handlers';
import { invitationCalls } from '../support/invitations';

/**
 * An invitation's 7 days, on the handlers' clock (test/support/handlers.ts): the link works until
 * the last millisecond of its week and not after, a resend gives it another 7 days from the moment
 * it is sent, and an expired invitation holds no place under the plan's user limit. The emailed
 * link, replacing, cancelling and who may invite: test/integration/invitations.test.ts.
 */
const { invite, pending, byToken, signUpInvited, me, resend } = invitationCalls(callHandler);
const clock = useHandlerClock();

const SENT_AT = '2026-03-02T09:30:00.000Z';
const WEEK_LATER = '2026-03-09T09:30:00.000Z';

describe('invitations', () => {
  it('says when an invitation has expired, and leaves no account behind', async () => {
    clock.set(SENT_AT);
    const company = await signUpCompany();
    const email = uniqueEmail('late');
    const created = await invite(company, { email });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.expires_at).toBe(WEEK_LATER);
    const token = await inviteTokenSentTo(email);

    clock.set('2026-03-09T09:29:59.999Z');
    expect((await byToken(token)).status).toBe(200);
    clock.set(WEEK_LATER);
    const looked = await byToken(token);
    expect(looked).toMatchObject({
      status: 410,
      body: { error: { message: AUTH_MESSAGES.invitationExpired } },
    });
    const refused = await signUpInvited(token, email);
    expect(refused.status).toBe(410);
    await expect(signIn(email, 'secret-pass-2')).rejects.toThrow();
  });

  it('resends an expired invitation, which then works for another 7 days', async () => {
    clock.set(SENT_AT);
    const company = await signUpCompany();
    const email = uniqueEmail('expired');
    const invitation = (await invite(company, { email })).body;
    const token = await inviteTokenSentTo(email);

    clock.set('2026-03-10T16:00:00.000Z');
    expect((await byToken(token)).status).toBe(410);
    // Still listed (the screen shows it as Expired), with the date it ran out.
    const listed = (await pending(company.accessToken)).find((item) => item.id === invitation.id);
    expect(listed?.expires_at).toBe(WEEK_LATER);

    const resent = await resend(company, invitation.id);
    expect(resent.status, JSON.stringify(resent.body)).toBe(200);
    expect(resent.body.expires_at).toBe('2026-03-17T16:00:00.000Z');
    expect((await byToken(token)).status).toBe(404);
    const newToken = await inviteTokenSentTo(email);
    expect((await byToken(newToken)).body.email).toBe(email);
    clock.set('2026-03-17T15:59:59.999Z');
    expect((await byToken(newToken)).status).toBe(200);
  });

  it("counts no expired invitation against the plan's user limit, until it is resent", async () => {
    clock.set(SENT_AT);
    const company = await signUpCompany();
    const admin = await me(company.accessToken);
    await setSubscription(admin.organization.id, {
      status: 'active',
      plan_name: 'Duo',
      asset_limit: 500,
      user_limit: 2,
    });
    const lapsed = (await invite(company, { email: uniqueEmail('lapsed') })).body;
    clock.set(WEEK_LATER);

    // The admin and the expired invitation: one place left for a new one.
    const other = await invite(company, { email: uniqueEmail('fresh') });
    expect(other.status, JSON.stringify(other.body)).toBe(201);
    const refused = await resend(company, lapsed.id);
    expect(refused).toMatchObject({ status: 409, body: { error: { code: 'plan_limit' } } });
    // Resending one that still holds its place is always possible.
    expect((await resend(company, other.body.id)).status).toBe(200);

    await callHandler(`/api/invitations/${other.body.id}/cancel`, {
      method: 'POST',
      token: company.accessToken,
    });
    expect((await resend(company, lapsed.id)).status).toBe(200);
  });
});
