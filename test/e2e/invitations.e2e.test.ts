import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../../shared/auth';
import { INVITATION_MESSAGES, invitationLink } from '../../shared/invitations';
import {
  baseUrl,
  inviteLinkSentTo,
  sendExpiredInvitation,
  sendInvitation,
  signUpCompany,
  uniqueEmail,
} from '../support/api';
import { fillSignInForm, pageLocators, signInThroughForm, useChromiumPage } from '../support/browser';

const currentPage = useChromiumPage();
const page = () => currentPage();
const SLOW = { timeout: 15_000 };
const { row, dialog, alertDialog, heading, stat, isVisible } = pageLocators(page);

/**
 * Invitations in Team Management once sent: cancelling one, an expired one resent, and what an invite
 * link that cannot be used shows. Inviting a colleague who joins through the link is in users.e2e.test.ts.
 */
describe('Team Management in Chromium', () => {
  it('cancels an invitation after a confirmation, and reports a refused invitation', async () => {
    const company = await signUpCompany();
    const invitee = uniqueEmail('cancelled');
    await sendInvitation(company, invitee, 'user');
    // Timers run on Chromium's fake clock, in real time until the test makes it jump.
    await page().clock.install();

    await signInThroughForm(page(), `${baseUrl()}/users`, company, 'Team Management');
    await expect.poll(() => heading('Pending Invitations (1)').isVisible(), SLOW).toBe(true);
    expect(await row(invitee).textContent()).toContain('User');
    // On a phone the tables scroll sideways, the page does not.
    await page().setViewportSize({ width: 400, height: 800 });
    await expect
      .poll(() => page().evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(400);
    await page().setViewportSize({ width: 1280, height: 800 });

    const cancelButton = page().getByRole('button', {
      name: `Cancel the invitation of ${invitee}`,
      exact: true,
    });
    await cancelButton.click();
    const confirm = alertDialog(INVITATION_MESSAGES.cancelConfirm);
    await expect.poll(() => confirm.isVisible(), SLOW).toBe(true);
    // The buttons say what they do: no bare "Cancel" beside "Cancel invitation".
    expect(await confirm.getByRole('button', { name: /invitation/ }).allTextContents()).toEqual([
      'Keep invitation',
      'Cancel invitation',
    ]);
    expect(await confirm.getByRole('button', { name: 'Cancel', exact: true }).count()).toBe(0);
    await confirm.getByRole('button', { name: 'Keep invitation', exact: true }).click();
    await expect.poll(() => alertDialog(INVITATION_MESSAGES.cancelConfirm).count()).toBe(0);
    expect(await row(invitee).count()).toBe(1);

    await cancelButton.click();
    await confirm.getByRole('button', { name: 'Cancel invitation', exact: true }).click();
    await expect.poll(() => isVisible(INVITATION_MESSAGES.cancelled), SLOW).toBe(true);
    expect(await alertDialog(INVITATION_MESSAGES.cancelConfirm).count()).toBe(0);
    // 'Invitation cancelled' stays 3 s, not the usual 5 s: still shown 2.5 s on, gone 1 s later.
    await page().clock.fastForward(2_500);
    expect(await isVisible(INVITATION_MESSAGES.cancelled)).toBe(true);
    await expect.poll(() => heading('Pending Invitations (1)').count(), SLOW).toBe(0);
    expect(await row(invitee).count()).toBe(0);
    await page().clock.fastForward(1_000);
    await expect.poll(() => isVisible(INVITATION_MESSAGES.cancelled)).toBe(false);

    // An address that already has an account is invited like any other: the answer tells nobody who
    // has an account (its owner is emailed why no link comes; test/integration/enumeration.test.ts).
    await page().getByRole('button', { name: 'Invite User', exact: true }).click();
    await dialog('Invite User').getByLabel('Email', { exact: true }).fill(company.email);
    await dialog('Invite User').getByRole('button', { name: 'Send Invitation', exact: true }).click();
    await expect.poll(() => isVisible(INVITATION_MESSAGES.sent(company.email)), SLOW).toBe(true);
  });

  it('shows an expired invitation as Expired and resends it; an unusable link shows its error and the way to sign in', async () => {
    const company = await signUpCompany();
    const lapsed = uniqueEmail('lapsed');
    const fresh = uniqueEmail('fresh');
    const { token: oldToken } = await sendExpiredInvitation(company, lapsed);
    await sendInvitation(company, fresh, 'user');

    await signInThroughForm(page(), `${baseUrl()}/users`, company, 'Team Management');
    await expect
      .poll(
        () =>
          page()
            .getByRole('heading', { name: /^Pending Invitations/ })
            .textContent(),
        SLOW,
      )
      .toBe('Pending Invitations (1) · 1 expired');
    expect(await stat('Pending Invites').textContent()).toBe('Pending Invites1');
    expect(await row(lapsed).getByText('Expired', { exact: true }).isVisible()).toBe(true);
    expect(await row(fresh).getByText('Pending', { exact: true }).isVisible()).toBe(true);

    // The expired link: its error and a way to sign in, not a sign-up form that cannot work.
    const browser: Browser = page().context().browser()!;
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    try {
      const invitee = await context.newPage();
      await expectUnusableLink(invitee, oldToken, AUTH_MESSAGES.invitationExpired);

      await row(lapsed)
        .getByRole('button', { name: `Resend the invitation of ${lapsed}`, exact: true })
        .click();
      await expect.poll(() => isVisible(INVITATION_MESSAGES.resent(lapsed)), SLOW).toBe(true);
      await expect.poll(() => heading('Pending Invitations (2)').isVisible(), SLOW).toBe(true);
      expect(await row(lapsed).getByText('Pending', { exact: true }).isVisible()).toBe(true);
      await expect.poll(() => stat('Pending Invites').textContent(), SLOW).toBe('Pending Invites2');

      // The old link no longer works; the new one signs up.
      await expectUnusableLink(invitee, oldToken, AUTH_MESSAGES.invalidInvitation);
      // Its token rides in the fragment: no request the browser makes carries it (issue 25).
      const link = await inviteLinkSentTo(lapsed);
      const token = new URLSearchParams(new URL(link).hash.slice(1)).get('invite')!;
      expect(new URL(link).search).toBe('');
      const requested: string[] = [];
      invitee.on('request', (request) => requested.push(request.url()));
      await invitee.goto(link);
      await expect.poll(() => invitee.getByLabel('Email', { exact: true }).inputValue(), SLOW).toBe(lapsed);
      await invitee.getByLabel('Password', { exact: true }).fill('lapsed-pass-1');
      await invitee.getByLabel('Full Name').fill('Lee Late');
      await invitee.getByRole('button', { name: 'Sign Up', exact: true }).click();
      await expect
        .poll(() => invitee.getByTestId('auth-message').textContent(), SLOW)
        .toBe(AUTH_MESSAGES.accountCreatedByInvitation);
      expect(requested.length).toBeGreaterThan(0);
      expect(requested.filter((url) => url.includes(token))).toEqual([]);
      expect(new URL(invitee.url()).hash).toBe('');
      // The invitation proved the address: the member signs in with no code asked.
      await fillSignInForm(invitee, { email: lapsed, password: 'lapsed-pass-1' });
      await expect.poll(() => invitee.getByText('Total Hardware').isVisible(), SLOW).toBe(true);
    } finally {
      await context.close();
    }
  });
});

/** An invite link that cannot be used shows why, offers sign-in, and no sign-up form. */
async function expectUnusableLink(invitee: Page, token: string, message: string) {
  await invitee.goto(invitationLink(baseUrl(), token));
  await expect.poll(() => invitee.getByTestId('auth-message').textContent(), SLOW).toBe(message);
  expect(await invitee.getByRole('heading', { name: 'This invitation cannot be used' }).isVisible()).toBe(
    true,
  );
  expect(await invitee.getByLabel('Password', { exact: true }).count()).toBe(0);
  expect(await invitee.getByRole('button', { name: 'Sign Up', exact: true }).count()).toBe(0);
  await invitee.getByRole('button', { name: 'Go to sign in', exact: true }).click();
  await expect
    .poll(() => invitee.getByRole('button', { name: 'Sign In', exact: true }).isVisible(), SLOW)
    .toBe(true);
  expect(new URL(invitee.url()).hash).not.toContain('invite');
}
