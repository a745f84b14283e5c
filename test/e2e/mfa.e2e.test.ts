import type { Page } from 'playwright-core';
import { generateSync } from 'otplib';
import { describe, expect, it } from 'vitest';
import { MFA_MESSAGES } from '../../shared/mfa';
import { addMember, api, baseUrl, signIn, signUpCompany } from '../support/api';
import { enterTotpCode, fillSignInForm, launchChromium } from '../support/browser';
import { TEST_SUPER_ADMIN } from '../support/global-setup';
import { expectInViewHorizontally, expectNoSidewaysScroll, VIEWPORTS } from '../support/layout';
import { totpCodeSteps } from '../support/totp';

/**
 * MFA through the Settings screen in Chromium (issue 25): the authenticator's key read from the
 * page, codes computed by a TOTP library (otplib) as an authenticator app does.
 */

async function withPage(viewport: { width: number; height: number }, run: (page: Page) => Promise<void>) {
  const browser = await launchChromium();
  try {
    await run(await (await browser.newContext({ viewport })).newPage());
  } finally {
    await browser.close();
  }
}

const badge = (page: Page) =>
  page.getByRole('region', { name: 'Multi-factor authentication' }).locator('.amplify-badge');

/** Settings → Security → Set up: the key from the page, then the app's code. */
async function setUpAuthenticator(page: Page, whileOpen?: () => Promise<void>): Promise<string> {
  await page.getByRole('button', { name: 'Set up authenticator app' }).click();
  const secretBox = page.getByTestId('totp-secret');
  await secretBox.waitFor({ timeout: 15_000 });
  expect(
    await page.getByRole('img', { name: 'QR code to scan with your authenticator app' }).isVisible(),
  ).toBe(true);
  const secret = (await secretBox.textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await whileOpen?.();

  const codeField = page.getByLabel('2. Enter the 6-digit code the app shows');
  await codeField.fill(totpCodeSteps(secret, 6));
  await page.getByRole('button', { name: 'Turn on', exact: true }).click();
  await expect.poll(() => page.getByText(MFA_MESSAGES.wrongCode).isVisible(), { timeout: 15_000 }).toBe(true);

  await codeField.fill(generateSync({ secret }));
  await page.getByRole('button', { name: 'Turn on', exact: true }).click();
  await expect.poll(() => page.getByText(MFA_MESSAGES.enabled).isVisible(), { timeout: 15_000 }).toBe(true);
  expect(await badge(page).textContent()).toBe('On');
  return secret;
}

describe('MFA with an authenticator app, in Chromium', () => {
  it('sets MFA up in Settings → Security, then signs in with a code, and turns it off with one', async () => {
    const company = await signUpCompany('Authenticator Ltd');
    await withPage(VIEWPORTS.desktop, async (page) => {
      await page.goto(`${baseUrl()}/settings?tab=security`);
      await fillSignInForm(page, company);
      await page.getByRole('heading', { name: 'Multi-factor authentication' }).waitFor({ timeout: 15_000 });
      expect(await badge(page).textContent()).toBe('Off');
      const secret = await setUpAuthenticator(page);
      // The password alone no longer signs in: Cognito asks for a code.
      await expect(signIn(company.email, company.password)).rejects.toThrow(/MFA on/);

      await page.getByRole('button', { name: 'Sign out' }).click();
      await fillSignInForm(page, company);
      await page
        .getByRole('heading', { name: 'Enter your authentication code' })
        .waitFor({ timeout: 15_000 });
      await enterTotpCode(page, totpCodeSteps(secret, -6));
      await expect
        .poll(() => page.getByText(MFA_MESSAGES.wrongCode).isVisible(), { timeout: 15_000 })
        .toBe(true);
      await enterTotpCode(page, generateSync({ secret }));
      await expect.poll(() => page.getByText('Total Hardware').isVisible(), { timeout: 15_000 }).toBe(true);

      await page.goto(`${baseUrl()}/settings?tab=security`);
      await page.getByRole('button', { name: 'Turn off', exact: true }).click();
      await page.getByLabel('Password', { exact: true }).fill(company.password);
      await page.getByLabel('Authentication code', { exact: true }).fill(generateSync({ secret }));
      await page.getByRole('button', { name: 'Turn off multi-factor authentication' }).click();
      await expect
        .poll(() => page.getByText(MFA_MESSAGES.disabled).isVisible(), { timeout: 15_000 })
        .toBe(true);
      expect(await badge(page).textContent()).toBe('Off');
      expect((await signIn(company.email, company.password)).AccessToken).toBeTruthy();
    });
  });

  it('sends a super_admin without MFA to Security at phone width, and lets it in once set up', async () => {
    const company = await signUpCompany('Phone Staff Ltd');
    const member = await addMember(company, 'admin');
    const root = await signIn(TEST_SUPER_ADMIN.email, TEST_SUPER_ADMIN.password);
    const promoted = await api(`/api/users/${member.id}`, {
      method: 'PATCH',
      token: root.AccessToken!,
      body: { role: 'super_admin' },
    });
    expect(promoted.status).toBe(200);

    await withPage(VIEWPORTS.phone, async (page) => {
      await page.goto(`${baseUrl()}/users`);
      await fillSignInForm(page, { email: member.email, password: 'secret-pass-3' });
      await expect.poll(() => new URL(page.url()).search, { timeout: 15_000 }).toBe('?tab=security');
      await page
        .getByText('A super admin must use multi-factor authentication. Set it up to continue.')
        .waitFor();
      await expectInViewHorizontally(
        page.getByRole('button', { name: 'Set up authenticator app' }),
        'Set up',
      );
      await expectNoSidewaysScroll(page, 'Settings → Security (phone)');

      // Another tab sends it back here while it has no MFA.
      await page.goto(`${baseUrl()}/users`);
      await expect.poll(() => new URL(page.url()).search, { timeout: 15_000 }).toBe('?tab=security');

      await setUpAuthenticator(page, async () => {
        await expectInViewHorizontally(page.getByRole('button', { name: 'Turn on', exact: true }), 'Turn on');
        await expectNoSidewaysScroll(page, 'Settings → Security, setting up (phone)');
      });
      await expectInViewHorizontally(
        page.getByRole('button', { name: 'Replace authenticator app' }),
        'Replace',
      );
      await expectNoSidewaysScroll(page, 'Settings → Security with MFA on (phone)');
      await page.goto(`${baseUrl()}/users`);
      await page.getByRole('heading', { name: 'System Management' }).waitFor({ timeout: 15_000 });
    });
  });
});
