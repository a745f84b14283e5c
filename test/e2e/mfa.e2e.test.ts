import type { Page } from 'playwright-core';
import { generateSync } from 'otplib';
import { describe, expect, it } from 'vitest';
import { MFA_MESSAGES } from '../../shared/mfa';
import { addMember, api, baseUrl, enrolTotp, signIn, signUpCompany } from '../support/api';
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

/** Every /api request the page sends from now on, by path. */
function apiRequestsOf(page: Page): string[] {
  const paths: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/')) paths.push(pathname);
  });
  return paths;
}

/**
 * A person held on Settings → Security asks the API a few things once, then nothing: before
 * issue 34 each mfa_required 403 read the profile again and, with it, the admins' alert settings
 * under the same query key, about 26 requests a second for as long as the tab was open.
 */
async function expectCalmWhileHeld(page: Page, requests: string[]) {
  const settled = requests.length;
  await page.waitForTimeout(4_000);
  expect(requests.slice(settled), 'requests while held on Security').toEqual([]);
  expect(requests.length, requests.join(', ')).toBeLessThanOrEqual(8);
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

  it('holds an admin whose organisation requires MFA on Security, without a request loop', async () => {
    const company = await signUpCompany('Required Everywhere Ltd');
    const bob = await addMember(company, 'admin');
    await enrolTotp(company.email, company.password);
    const alice = (await signIn(company.email, company.password)).AccessToken!;
    const required = await api('/api/organization', {
      method: 'PATCH',
      token: alice,
      body: { require_mfa: true },
    });
    expect(required.status).toBe(200);

    await withPage(VIEWPORTS.desktop, async (page) => {
      const requests = apiRequestsOf(page);
      await page.goto(`${baseUrl()}/`);
      await fillSignInForm(page, { email: bob.email, password: 'secret-pass-3' });
      await expect.poll(() => new URL(page.url()).search, { timeout: 15_000 }).toBe('?tab=security');
      await page.getByRole('button', { name: 'Set up authenticator app' }).waitFor({ timeout: 15_000 });
      await page.waitForLoadState('networkidle');
      await expectCalmWhileHeld(page, requests);
      expect(requests.filter((path) => path === '/api/me/alerts')).toEqual([]);

      // Once set up, the General tab and its admin-only Alerts card load as usual.
      await setUpAuthenticator(page);
      await page.getByRole('tab', { name: 'General Settings' }).click();
      await page.getByRole('heading', { name: 'Alerts' }).waitFor({ timeout: 15_000 });
      await expect.poll(() => requests.includes('/api/me/alerts'), { timeout: 15_000 }).toBe(true);
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
      const requests = apiRequestsOf(page);
      await page.goto(`${baseUrl()}/users`);
      await fillSignInForm(page, { email: member.email, password: 'secret-pass-3' });
      await expect.poll(() => new URL(page.url()).search, { timeout: 15_000 }).toBe('?tab=security');
      await page
        .getByText('A super admin must use multi-factor authentication. Set it up to continue.')
        .waitFor();
      await page.waitForLoadState('networkidle');
      await expectCalmWhileHeld(page, requests);
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
