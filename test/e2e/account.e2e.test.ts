import { describe, expect, it } from 'vitest';
import type { MeResponse } from '../../shared/api';
import type { OutboxEmail } from '../../infra/local/outbox';
import { api, baseUrl, setSubscription, signUpCompany } from '../support/api';
import { useChromiumPage } from '../support/browser';

const currentPage = useChromiumPage();

async function signIn(email: string, password: string) {
  await currentPage().getByLabel('Email', { exact: true }).fill(email);
  await currentPage().getByLabel('Password', { exact: true }).fill(password);
  await currentPage().getByRole('button', { name: 'Sign In', exact: true }).click();
}

describe('account flows in Chromium', () => {
  it('resets a forgotten password with the code from the outbox', async () => {
    const company = await signUpCompany();
    await currentPage().goto(baseUrl());
    await currentPage().getByRole('button', { name: 'Forgot password?' }).click();
    await currentPage().getByLabel('Email', { exact: true }).fill(company.email);
    await currentPage().getByRole('button', { name: 'Send reset code' }).click();
    await expect
      .poll(() => new URL(currentPage().url()).pathname, { timeout: 15_000 })
      .toBe('/reset-password');

    const emails = (await api<OutboxEmail[]>('/dev/outbox.json')).body;
    const code = emails.find((email) => email.to === company.email)?.body.match(/code: (\d+)/)?.[1];
    expect(code).toBeTruthy();
    await currentPage().getByLabel('Verification Code').fill(code!);
    await currentPage().getByLabel('New Password', { exact: true }).fill('a-new-password');
    await currentPage().getByRole('button', { name: 'Reset Password' }).click();

    await expect
      .poll(() => currentPage().getByRole('button', { name: 'Sign In', exact: true }).isVisible(), {
        timeout: 15_000,
      })
      .toBe(true);
    await signIn(company.email, 'a-new-password');
    await expect
      .poll(() => currentPage().getByText('Total Hardware').isVisible(), { timeout: 15_000 })
      .toBe(true);
  });

  it('gates every tab but Settings once the trial has ended, and steers to billing', async () => {
    const company = await signUpCompany();
    const me = await api<MeResponse>('/api/me', { token: company.accessToken });
    await setSubscription(me.body.organization.id, { trial_end_date: '2020-01-01T00:00:00.000Z' });

    await currentPage().goto(baseUrl());
    await signIn(company.email, company.password);
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
