import { beforeAll, describe, expect, it } from 'vitest';
import type { MeResponse } from '../../shared/api';
import { BILLING_MESSAGES, formatAmount } from '../../shared/billing';
import { api, baseUrl, setSubscription, signIn, signUpCompany } from '../support/api';
import { signInThroughForm, useChromiumPage } from '../support/browser';
import { TEST_SUPER_ADMIN } from '../support/global-setup';
import { failNextStripeCall, stripeSandboxUrl } from '../support/stripe-sandbox';

const currentPage = useChromiumPage();
const page = () => currentPage();
const SLOW = { timeout: 15_000 };

beforeAll(async () => {
  const root = await signIn(TEST_SUPER_ADMIN.email, TEST_SUPER_ADMIN.password);
  const sync = await api('/api/billing/sync-plans', { method: 'POST', token: root.AccessToken! });
  expect(sync.status).toBe(200);
});

describe('billing in the browser', () => {
  it('takes an expired trial through checkout to full access, then cancels at period end in the portal', async () => {
    const company = await signUpCompany('Billing Buyers Ltd');
    const me = await api<MeResponse>('/api/me', { token: company.accessToken });
    await setSubscription(me.body.organization.id, { trial_end_date: '2020-01-01T00:00:00.000Z' });

    // The expired trial meets the gate, and the gate leads to the plans.
    await signInThroughForm(page(), `${baseUrl()}/assets`, company, 'Subscription Required');
    expect(await page().getByTestId('account-badge').textContent()).toBe('Inactive');
    await page().getByRole('button', { name: 'View Subscription Plans' }).click();
    await page().getByRole('heading', { name: 'Subscription Plans' }).waitFor(SLOW);
    expect(new URL(page().url()).search).toBe('?tab=billing');
    const starter = page()
      .getByTestId('plan-card')
      .filter({ has: page().getByRole('heading', { name: 'Starter', exact: true }) });
    expect(await starter.getByTestId('plan-price').textContent()).toContain(formatAmount(2900, 'gbp'));
    // Each limit once: the card's limits, and features that say the rest (issue 34).
    const card = (await starter.textContent()) ?? '';
    expect(card.match(/1,000/g), card).toHaveLength(1);
    expect(card.match(/5 (users|team members)/g), card).toHaveLength(1);

    // Stripe's hosted checkout (the sandbox's), paid with the test card.
    await starter.getByRole('button', { name: 'Choose Starter' }).click();
    await page().waitForURL((url) => url.href.startsWith(stripeSandboxUrl()), SLOW);
    await page()
      .getByRole('button', { name: `Pay ${formatAmount(2900, 'gbp')}` })
      .click();

    // Back in the app, active at once: badge, gate gone, payment listed.
    await page().waitForURL((url) => url.href.startsWith(baseUrl()), SLOW);
    await expect.poll(() => page().getByTestId('account-badge').textContent(), SLOW).toBe('Active');
    await expect
      .poll(() => page().getByTestId('subscription-plan').first().textContent(), SLOW)
      .toContain('Starter');
    const payment = page().getByTestId('payment-row');
    await payment.first().waitFor(SLOW);
    expect(await payment.count()).toBe(1);
    expect(await payment.first().textContent()).toMatch(/£29\.00.*Paid/);
    expect(new URL(page().url()).searchParams.get('checkout')).toBeNull();
    await page().getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
    await page().getByText('Total Hardware').waitFor(SLOW);

    // The billing portal opens in a new tab; cancelling there shows the ending notice here.
    await page().goto(`${baseUrl()}/settings?tab=billing`);
    const [portal] = await Promise.all([
      page().context().waitForEvent('page'),
      page().getByRole('button', { name: 'Manage Billing' }).click(),
    ]);
    await portal.waitForURL((url) => url.href.startsWith(stripeSandboxUrl()), SLOW);
    await portal.getByRole('button', { name: 'Cancel at period end' }).click();
    await portal.getByRole('button', { name: 'Resume subscription' }).waitFor(SLOW);
    await portal.close();
    await page().bringToFront();
    await page().evaluate(() => window.dispatchEvent(new Event('focus')));
    const notice = page().getByTestId('ending-notice');
    await notice.waitFor(SLOW);
    expect(await notice.textContent()).toMatch(/Your subscription will end on .+ You can reactivate it/);
    expect(await page().getByTestId('account-badge').textContent()).toBe('Active');
  }, 60_000);

  it('lets the super_admin sync plans, and shows a failed sync', async () => {
    await signInThroughForm(page(), `${baseUrl()}/settings?tab=billing`, TEST_SUPER_ADMIN, 'Settings');
    const panel = page().getByTestId('plan-sync');
    await panel.getByRole('button', { name: 'Sync Plans' }).click();
    await panel.getByTestId('sync-result').waitFor(SLOW);
    expect(await panel.getByTestId('sync-result').textContent()).toMatch(/Synced \d+ plans from Stripe/);
    expect(await panel.getByTestId('sync-plans').textContent()).toContain('Starter');

    await failNextStripeCall('/v1/prices', 401, 'Invalid API Key provided: sk_test_****gone');
    await panel.getByRole('button', { name: 'Sync Plans' }).click();
    const failed = panel.getByTestId('sync-failed');
    await failed.waitFor(SLOW);
    expect(await failed.textContent()).toContain(BILLING_MESSAGES.syncFailedTitle);
    expect(await failed.textContent()).toContain('Invalid API Key provided');
  }, 30_000);
});
