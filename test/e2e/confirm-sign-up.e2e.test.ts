import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { MeResponse } from '../../shared/api';
import { CONFIRM_SIGNUP_PATH, EMAIL_CONFIRMATION_MESSAGES, SIGNUP_ATTEMPT_MESSAGES } from '../../shared/auth';
import { api, baseUrl, signIn, uniqueEmail } from '../support/api';
import { fillSignInForm, useChromiumPage } from '../support/browser';
import { expectInViewHorizontally, expectNoSidewaysScroll, VIEWPORTS } from '../support/layout';
import { signUpCompanyAs, waitingSignupEmailSentTo } from '../support/signups';

/**
 * The page a waiting sign-up's email links to (issue 35), in Chromium at a laptop's and a phone's
 * width: A signed up first and has not entered the code; B signs up with the same address, reads the
 * second email and confirms with its code and B's password, which creates B's company.
 */

const message = (page: Page) => page.getByTestId('auth-message');
const toneOf = async (page: Page) => (await message(page).getAttribute('class')) ?? '';

/** A pending sign-up by A, then B's of the same address: B's is the one that waits with its own email. */
async function squattedAddress() {
  const email = uniqueEmail('squatted');
  const first = { email, password: 'first-pass-1', full_name: 'Ada First', company_name: 'First Ltd' };
  const second = { email, password: 'second-pass-1', full_name: 'Ben Second', company_name: 'Second Ltd' };
  expect((await signUpCompanyAs(first)).status).toBe(201);
  expect((await signUpCompanyAs(second)).status).toBe(201);
  return { email, first, second };
}

describe('confirming a waiting sign-up at /confirm-sign-up, in Chromium', () => {
  describe.each(Object.entries(VIEWPORTS))('%s', (name, viewport) => {
    const currentPage = useChromiumPage(viewport);
    it(`takes B's code and password from the emailed link and creates B's company (${name}, ${viewport.width} px)`, async () => {
      const { email, first, second } = await squattedAddress();
      const { code, link } = await waitingSignupEmailSentTo(email);
      // The email links to this stack's page with the address filled in; the code stays in the email.
      expect(link, 'the waiting sign-up email has no link').not.toBeNull();
      expect(`${link!.origin}${link!.pathname}`).toBe(`${baseUrl()}${CONFIRM_SIGNUP_PATH}`);
      expect(link!.searchParams.get('email')).toBe(email);
      expect(link!.searchParams.has('code')).toBe(false);

      const page = currentPage();
      await page.goto(link!.toString());
      await page.getByRole('heading', { name: SIGNUP_ATTEMPT_MESSAGES.title }).waitFor({ timeout: 15_000 });
      const emailField = page.getByLabel('Email', { exact: true });
      const codeField = page.getByLabel('Confirmation code');
      const passwordField = page.getByLabel('Password', { exact: true });
      const submit = page.getByRole('button', { name: SIGNUP_ATTEMPT_MESSAGES.submit });
      expect(await emailField.inputValue()).toBe(email);
      // The link filled the address in, so the code is the first thing to type.
      expect(await codeField.evaluate((input) => input === document.activeElement)).toBe(true);
      await expectNoSidewaysScroll(page, 'Confirm sign-up');
      await expectInViewHorizontally(submit, 'The confirm button');

      // The form's own check, in the shared schema's words, before anything is sent.
      await codeField.fill('12');
      await passwordField.fill(second.password);
      await submit.click();
      await expect.poll(() => message(page).textContent()).toBe(EMAIL_CONFIRMATION_MESSAGES.invalidCode);
      expect(await codeField.evaluate((input) => input === document.activeElement)).toBe(true);

      // A wrong code is refused in the product's words and changes nothing.
      await codeField.fill(String((Number(code) + 1) % 1_000_000).padStart(6, '0'));
      await submit.click();
      await expect
        .poll(() => message(page).textContent(), { timeout: 15_000 })
        .toBe(SIGNUP_ATTEMPT_MESSAGES.wrongCode);
      expect(await toneOf(page)).toContain('amplify-alert--error');
      await expectNoSidewaysScroll(page, 'Confirm sign-up with an error');
      expect((await signIn(email, first.password)).AccessToken, "A's password still signs in").toBeTruthy();

      await codeField.fill(code);
      await submit.click();
      await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe('/');
      expect(await message(page).textContent()).toBe(SIGNUP_ATTEMPT_MESSAGES.confirmed);
      expect(await toneOf(page)).toContain('amplify-alert--success');
      await expectNoSidewaysScroll(page, 'Sign-in after a confirmed sign-up');

      // What the person does next: sign in with B's password, to B's company, with no code to enter.
      await fillSignInForm(page, { email, password: second.password });
      await expect.poll(() => page.getByText('Total Hardware').isVisible(), { timeout: 15_000 }).toBe(true);

      const tokens = await signIn(email, second.password);
      const me = await api<MeResponse>('/api/me', { token: tokens.AccessToken! });
      expect(me.status).toBe(200);
      expect(me.body.organization.name).toBe(second.company_name);
      await expect(signIn(email, first.password), "A's pending sign-up gave way").rejects.toThrow();
    });
  });
});
