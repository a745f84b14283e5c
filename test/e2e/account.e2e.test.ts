import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { MeResponse } from '../../shared/api';
import { USER_MESSAGES } from '../../shared/users';
import {
  addMember,
  api,
  baseUrl,
  passwordResetEmailSentTo,
  setSubscription,
  signUpCompany,
} from '../support/api';
import { fillSignInForm, signInThroughForm, useChromiumPage } from '../support/browser';

const currentPage = useChromiumPage();

/**
 * Follows a reset email's link: the address is filled in from it, the code is typed from the email,
 * and the page returns to sign-in.
 */
async function setNewPasswordThrough(page: Page, link: URL, code: string, newPassword: string) {
  await page.goto(link.href);
  const email = new URL(link).searchParams.get('email');
  await expect.poll(() => page.getByLabel('Email', { exact: true }).inputValue()).toBe(email);
  // The code is the first thing to type.
  await expect
    .poll(() => page.getByLabel('Verification Code').evaluate((input) => input === document.activeElement))
    .toBe(true);
  await page.getByLabel('Verification Code').fill(code);
  await page.getByLabel('New Password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect
    .poll(() => page.getByRole('button', { name: 'Sign In', exact: true }).isVisible(), { timeout: 15_000 })
    .toBe(true);
}

describe('account flows in Chromium', () => {
  it("resets a forgotten password through the email's link, which fills the address in", async () => {
    const company = await signUpCompany();
    await currentPage().goto(baseUrl());
    await currentPage().getByRole('button', { name: 'Forgot password?' }).click();
    await currentPage().getByLabel('Email', { exact: true }).fill(company.email);
    await currentPage().getByRole('button', { name: 'Send reset code' }).click();
    await expect
      .poll(() => new URL(currentPage().url()).pathname, { timeout: 15_000 })
      .toBe('/reset-password');

    // The email links to this stack's /reset-password with the address; the code stays in the email.
    const { link, code } = await passwordResetEmailSentTo(company.email);
    expect(link.origin + link.pathname).toBe(`${baseUrl()}/reset-password`);
    expect(link.searchParams.get('email')).toBe(company.email);
    expect(link.searchParams.has('code')).toBe(false);
    await setNewPasswordThrough(currentPage(), link, code, 'a-new-password');
    await fillSignInForm(currentPage(), { email: company.email, password: 'a-new-password' });
    await expect
      .poll(() => currentPage().getByText('Total Hardware').isVisible(), { timeout: 15_000 })
      .toBe(true);
  });

  it("resets a member's password from the admin's Users page, through the emailed link", async () => {
    const company = await signUpCompany();
    const member = await addMember(company, 'user');
    await signInThroughForm(currentPage(), `${baseUrl()}/users`, company, 'Team Management');
    await currentPage()
      .getByRole('button', { name: `Send password reset to ${member.email}`, exact: true })
      .click();
    await currentPage()
      .getByRole('alertdialog', { name: USER_MESSAGES.resetConfirm(member.email) })
      .getByRole('button', { name: 'Send', exact: true })
      .click();
    await expect
      .poll(() => currentPage().getByText(USER_MESSAGES.resetSent(member.email)).isVisible(), {
        timeout: 15_000,
      })
      .toBe(true);

    // The member opens the email's link in a browser of their own.
    const { link, code } = await passwordResetEmailSentTo(member.email);
    expect(link.searchParams.get('email')).toBe(member.email);
    const context = await currentPage()
      .context()
      .browser()!
      .newContext({ viewport: { width: 390, height: 844 } });
    try {
      const memberPage = await context.newPage();
      await setNewPasswordThrough(memberPage, link, code, 'member-new-pass');
      await signInThroughForm(
        memberPage,
        baseUrl(),
        { email: member.email, password: 'member-new-pass' },
        'Dashboard',
      );
    } finally {
      await context.close();
    }
  });

  it('gates every tab but Settings once the trial has ended, and steers to billing', async () => {
    const company = await signUpCompany();
    const me = await api<MeResponse>('/api/me', { token: company.accessToken });
    await setSubscription(me.body.organization.id, { trial_end_date: '2020-01-01T00:00:00.000Z' });

    await currentPage().goto(baseUrl());
    await fillSignInForm(currentPage(), company);
    await expect
      .poll(() => currentPage().getByTestId('account-badge').textContent(), { timeout: 15_000 })
      .toBe('Inactive');

    await currentPage()
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Dashboard' })
      .click();
    await expect
      .poll(() => currentPage().getByRole('heading', { name: 'Subscription Required' }).isVisible())
      .toBe(true);
    expect(
      await currentPage()
        .getByText(
          'Your subscription is trial or inactive. Please choose a plan to continue using the platform.',
        )
        .isVisible(),
    ).toBe(true);

    await currentPage().getByRole('button', { name: 'View Subscription Plans' }).click();
    await expect
      .poll(() => new URL(currentPage().url()).pathname + new URL(currentPage().url()).search)
      .toBe('/settings?tab=billing');
    expect(
      await currentPage().getByRole('tab', { name: 'Billing & Subscription' }).getAttribute('aria-selected'),
    ).toBe('true');
  });
});
