import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { MeResponse } from '../../shared/api';
import type { OutboxEmail } from '../../infra/local/outbox';
import { api, baseUrl, setSubscription, signUpCompany } from '../support/api';
import { launchChromium } from '../support/browser';

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});
beforeEach(async () => {
  page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
});

async function signIn(email: string, password: string) {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

describe('account flows in Chromium', () => {
  it('resets a forgotten password with the code from the outbox', async () => {
    const company = await signUpCompany();
    await page.goto(baseUrl());
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await page.getByLabel('Email', { exact: true }).fill(company.email);
    await page.getByRole('button', { name: 'Send reset code' }).click();
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe('/reset-password');

    const emails = (await api<OutboxEmail[]>('/dev/outbox.json')).body;
    const code = emails.find((email) => email.to === company.email)?.body.match(/code: (\d+)/)?.[1];
    expect(code).toBeTruthy();
    await page.getByLabel('Verification Code').fill(code!);
    await page.getByLabel('New Password', { exact: true }).fill('a-new-password');
    await page.getByRole('button', { name: 'Reset Password' }).click();

    await expect
      .poll(() => page.getByRole('button', { name: 'Sign In', exact: true }).isVisible(), { timeout: 15_000 })
      .toBe(true);
    await signIn(company.email, 'a-new-password');
    await expect.poll(() => page.getByText('Total Hardware').isVisible(), { timeout: 15_000 }).toBe(true);
  });

  it('gates every tab but Settings once the trial has ended, and steers to billing', async () => {
    const company = await signUpCompany();
    const me = await api<MeResponse>('/api/me', { token: company.accessToken });
    await setSubscription(me.body.organization.id, { trial_end_date: '2020-01-01T00:00:00.000Z' });

    await page.goto(baseUrl());
    await signIn(company.email, company.password);
    await expect
      .poll(() => page.getByTestId('account-badge').textContent(), { timeout: 15_000 })
      .toBe('Inactive');

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
    await expect
      .poll(() => page.getByRole('heading', { name: 'Subscription Required' }).isVisible())
      .toBe(true);
    expect(
      await page
        .getByText(
          'Your subscription is trial or inactive. Please choose a plan to continue using the platform.',
        )
        .isVisible(),
    ).toBe(true);

    await page.getByRole('button', { name: 'View Subscription Plans' }).click();
    await expect
      .poll(() => new URL(page.url()).pathname + new URL(page.url()).search)
      .toBe('/settings?tab=billing');
    expect(
      await page.getByRole('tab', { name: 'Billing & Subscription' }).getAttribute('aria-selected'),
    ).toBe('true');
  });
});
