import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatAmount, limitText } from '../../shared/billing';
import { formatLongDate } from '../../web/src/components/format';
import { api, baseUrl, signIn, signUpCompany, type TestCompany } from '../support/api';
import { billing, openPortal, subscribe } from '../support/billing';
import { signInThroughForm, useChromiumPage } from '../support/browser';
import { TEST_SUPER_ADMIN } from '../support/global-setup';
import {
  failNextStripeCall,
  pressStripeButton,
  resendStripeEvent,
  sentStripeEvents,
  stripeSandboxUrl,
} from '../support/stripe-sandbox';

/**
 * Each outcome the Stripe sandbox offers, through the app's billing page, Stripe's hosted pages
 * (the sandbox's) and back: what the subscription card, the notices and the account badge say.
 */

const currentPage = useChromiumPage();
const page = () => currentPage();
const SLOW = { timeout: 15_000 };
const THANKS = 'Your subscription is active. Thank you!';
const STARTER_PRICE = formatAmount(2900, 'gbp');

beforeAll(async () => {
  const root = await signIn(TEST_SUPER_ADMIN.email, TEST_SUPER_ADMIN.password);
  expect((await api('/api/billing/sync-plans', { method: 'POST', token: root.AccessToken! })).status).toBe(
    200,
  );
});

const text = async (testId: string) => (await page().getByTestId(testId).first().textContent()) ?? '';

/** The card's plan, status badge and date line, once they say what is expected. */
async function expectCard(expected: { plan: string; status: string; date: string | RegExp }) {
  const card = async () => ({
    plan: await text('subscription-plan'),
    status: await text('subscription-status'),
    date: await text('subscription-date'),
  });
  await expect.poll(card, SLOW).toEqual({
    plan: expected.plan,
    status: expected.status,
    date: typeof expected.date === 'string' ? expected.date : expect.stringMatching(expected.date),
  });
}

/** The period end GET /api/billing reports, as the card writes it. */
async function periodEnd(company: TestCompany): Promise<string> {
  return formatLongDate((await billing(company)).subscription.current_period_end!);
}

/** Back from a Stripe tab: the billing page refreshes when its window regains focus. */
async function backToApp() {
  await page().bringToFront();
  await page().evaluate(() => window.dispatchEvent(new Event('focus')));
}

/** Opens the billing portal from Manage Billing: Stripe's page, in a new tab. */
async function openPortalTab(): Promise<Page> {
  const [portal] = await Promise.all([
    page().context().waitForEvent('page'),
    page().getByRole('button', { name: 'Manage Billing' }).click(),
  ]);
  await portal.waitForURL((url) => url.href.startsWith(stripeSandboxUrl()), SLOW);
  return portal;
}

/** Presses a portal button; the portal shows itself again once Stripe has carried it out. */
async function inPortal(portal: Page, button: string, then: string) {
  await Promise.all([
    portal.waitForResponse(
      (response) => response.request().method() === 'GET' && response.url().includes('/portal/'),
    ),
    portal.getByRole('button', { name: button }).click(),
  ]);
  await portal.getByText(then, { exact: false }).first().waitFor(SLOW);
  await backToApp();
}

async function chooseStarter() {
  const starter = page()
    .getByTestId('plan-card')
    .filter({ has: page().getByRole('heading', { name: 'Starter', exact: true }) });
  await starter.getByRole('button', { name: 'Choose Starter' }).click();
  await page().waitForURL((url) => url.href.startsWith(stripeSandboxUrl()), SLOW);
}

describe('billing outcomes in the browser', () => {
  it('walks paid, renewal, cancel at period end, resume and cancel now, and gates a cancelled organisation', async () => {
    const company = await signUpCompany('Outcome Walkers Ltd');
    await signInThroughForm(page(), `${baseUrl()}/settings?tab=billing`, company, 'Settings');
    await expectCard({ plan: 'Free trial', status: 'Trial', date: /^Trial ends on/ });

    // Paid: the thanks, because Stripe says the session completed and the subscription runs.
    await chooseStarter();
    await page()
      .getByRole('button', { name: `Pay ${STARTER_PRICE}` })
      .click();
    await page().waitForURL((url) => url.href.startsWith(baseUrl()), SLOW);
    const notice = page().getByTestId('checkout-notice');
    await expect.poll(() => notice.getAttribute('data-phase'), SLOW).toBe('activated');
    expect(await notice.textContent()).toBe(THANKS);
    await expectCard({ plan: 'Starter', status: 'Active', date: `Renews on ${await periodEnd(company)}` });
    expect(await text('usage-assets')).toContain(limitText(1000, 'hardware assets'));
    expect(await text('account-badge')).toBe('Active');
    await expect.poll(() => new URL(page().url()).search, SLOW).toBe('?tab=billing');

    // Renewal: the next period, and a second payment.
    const firstEnd = await periodEnd(company);
    const portal = await openPortalTab();
    await inPortal(portal, 'Simulate renewal payment', 'Renews on');
    await expect.poll(() => periodEnd(company), SLOW).not.toBe(firstEnd);
    await expectCard({ plan: 'Starter', status: 'Active', date: `Renews on ${await periodEnd(company)}` });
    await expect.poll(() => page().getByTestId('payment-row').count(), SLOW).toBe(2);

    // Cancel at period end: still active, with the ending notice; resume takes it back.
    const end = await periodEnd(company);
    await inPortal(portal, 'Cancel at period end', 'Resume subscription');
    await page().getByTestId('ending-notice').waitFor(SLOW);
    expect(await text('ending-notice')).toBe(
      `Your subscription will end on ${end}. You can reactivate it from Manage Billing before then.`,
    );
    await expectCard({ plan: 'Starter', status: 'Active', date: `Ends on ${end}` });
    expect(await text('account-badge')).toBe('Active');
    expect(await notice.textContent()).toBe(THANKS);
    await inPortal(portal, 'Resume subscription', 'Cancel at period end');
    await page()
      .getByTestId('ending-notice')
      .waitFor({ state: 'detached', ...SLOW });
    await expectCard({ plan: 'Starter', status: 'Active', date: `Renews on ${end}` });

    // Cancel now: the day it ended (today), never the period's end; no longer Starter's limits.
    await inPortal(portal, 'Cancel now', 'No active subscription');
    await expectCard({
      plan: 'No plan',
      status: 'Cancelled',
      date: `Ended on ${formatLongDate(new Date().toISOString())}`,
    });
    expect(await text('subscription-card')).not.toContain(end);
    expect(await text('usage-assets')).not.toContain(limitText(1000, 'hardware assets'));
    await expect.poll(() => text('account-badge'), SLOW).toBe('Inactive');
    expect(await page().getByTestId('ending-notice').count()).toBe(0);
    // The thanks for the checkout went with the subscription it spoke of.
    expect(await page().getByText(THANKS).count()).toBe(0);
    await portal.close();

    // Treated like no subscription: the gate stands before every tab but Settings.
    await page().getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
    await page().getByRole('heading', { name: 'Subscription Required' }).waitFor(SLOW);
    expect(await page().getByText('Your subscription is cancelled or inactive.').count()).toBe(1);
  }, 60_000);

  it('keeps a declined card on Stripe’s page, thanks no one for it, and lets another card pay', async () => {
    const company = await signUpCompany('Declined Cards Ltd');
    await signInThroughForm(page(), `${baseUrl()}/settings?tab=billing`, company, 'Settings');
    await chooseStarter();
    await page().getByRole('button', { name: 'Pay with a declined card' }).click();
    await page().getByRole('alert').filter({ hasText: 'Your card was declined.' }).waitFor(SLOW);

    // Back without paying: told so, still on the trial.
    await page().getByRole('link', { name: 'Cancel' }).click();
    await page().waitForURL((url) => url.href.startsWith(baseUrl()), SLOW);
    const notice = page().getByTestId('checkout-notice');
    await expect.poll(() => notice.getAttribute('data-phase'), SLOW).toBe('cancelled');
    expect(await notice.textContent()).toBe('Checkout was cancelled. You have not been charged.');
    await expectCard({ plan: 'Free trial', status: 'Trial', date: /^Trial ends on/ });
    expect(await page().getByText(THANKS).count()).toBe(0);
    expect(await page().getByTestId('no-payments').textContent()).toBe('No payments yet.');

    // Declined, then another card on the same page: paid. The webhooks that mirror the subscription
    // fail at first, so the page waits for them, and thanks only once Stripe has delivered them again.
    await chooseStarter();
    await page().getByRole('button', { name: 'Pay with a declined card' }).click();
    await page().getByRole('alert').filter({ hasText: 'Your card was declined.' }).waitFor(SLOW);
    const before = (await sentStripeEvents()).length;
    await failNextStripeCall('/v1/subscriptions', 503, 'Stripe is briefly unavailable', 2);
    await page()
      .getByRole('button', { name: `Pay ${STARTER_PRICE}` })
      .click();
    await page().waitForURL((url) => url.href.startsWith(baseUrl()), SLOW);
    await expect.poll(() => notice.getAttribute('data-phase'), SLOW).toBe('activating');
    expect(await notice.textContent()).toBe('Payment received. Activating your subscription…');
    expect(await page().getByText(THANKS).count()).toBe(0);
    const failed = (await sentStripeEvents()).slice(before).filter((sent) => sent.delivery_status !== 200);
    for (const sent of failed) await resendStripeEvent(sent.id);
    await expect.poll(() => notice.getAttribute('data-phase'), SLOW).toBe('activated');
    expect(await notice.textContent()).toBe(THANKS);
    await expectCard({ plan: 'Starter', status: 'Active', date: `Renews on ${await periodEnd(company)}` });

    // The period runs out on a subscription set to cancel: ended, today.
    const portal = await openPortalTab();
    await inPortal(portal, 'Cancel at period end', 'Simulate period end');
    await inPortal(portal, 'Simulate period end', 'No active subscription');
    await expectCard({
      plan: 'No plan',
      status: 'Cancelled',
      date: `Ended on ${formatLongDate(new Date().toISOString())}`,
    });
    await portal.close();
  }, 60_000);

  it('shows a failed renewal as past_due, with the invoice to pay, and never as a successful checkout', async () => {
    const company = await signUpCompany('Failed Renewals Ltd');
    const back = new URL(await subscribe(company, 'Starter'));
    await pressStripeButton(await openPortal(company), 'fail-renewal');

    // The address of the checkout that once succeeded: the session's subscription no longer pays.
    await signInThroughForm(page(), `${baseUrl()}${back.pathname}${back.search}`, company, 'Settings');
    const notice = page().getByTestId('checkout-notice');
    await expect.poll(() => notice.getAttribute('data-phase'), SLOW).toBe('not-paid');
    expect(await notice.textContent()).toBe('The payment for this checkout did not go through.');
    await expectCard({
      plan: 'Starter',
      status: 'Past due',
      date: `Payment overdue; the current period ends on ${await periodEnd(company)}`,
    });
    expect(await text('past-due-notice')).toContain('Your last payment failed.');
    expect(await page().getByText(THANKS).count()).toBe(0);
    // past_due still counts as active (SPEC 4).
    expect(await text('account-badge')).toBe('Active');
    // Stripe's times are whole seconds: rows of the same second may come in either order.
    const rows = page().getByTestId('payment-row');
    expect(await rows.filter({ hasText: 'Payment failed' }).textContent()).toMatch(/Failed/);

    // "success" in the address without a session proves nothing.
    await page().goto(`${baseUrl()}/settings?tab=billing&checkout=success`);
    await page().getByTestId('past-due-notice').waitFor(SLOW);
    expect(await page().getByTestId('checkout-notice').count()).toBe(0);
    expect(await page().getByText(THANKS).count()).toBe(0);

    // The fix: Stripe's hosted page of the invoice owed, in a new tab.
    const [invoice] = await Promise.all([
      page().context().waitForEvent('page'),
      page().getByRole('link', { name: 'Pay outstanding invoice' }).click(),
    ]);
    await invoice.waitForURL((url) => url.href.startsWith(stripeSandboxUrl()), SLOW);
    await invoice.getByRole('button', { name: `Pay ${STARTER_PRICE}` }).click();
    await invoice.getByRole('heading', { name: /^Receipt/ }).waitFor(SLOW);
    await invoice.close();
    await backToApp();
    await expectCard({ plan: 'Starter', status: 'Active', date: `Renews on ${await periodEnd(company)}` });
    expect(await page().getByTestId('past-due-notice').count()).toBe(0);
    await expect.poll(() => rows.filter({ hasText: 'Paid' }).count(), SLOW).toBe(2);
    expect(await rows.count()).toBe(3);
  }, 60_000);

  it('lists the latest 10 payments, then every one with View all, a page at a time, with totals', async () => {
    const company = await signUpCompany('Loyal Payers Ltd');
    await subscribe(company, 'Starter');
    const portal = await openPortal(company);
    for (let month = 0; month < 25; month++) await pressStripeButton(portal, 'renew');
    await signInThroughForm(page(), `${baseUrl()}/settings?tab=billing`, company, 'Settings');
    const rows = page().getByTestId('payment-row');
    await expect.poll(() => rows.count(), SLOW).toBe(10);

    // The first page is held until its loading state has shown.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page().route('**/api/billing/payments?*', async (route) => {
      await held;
      await route.continue();
    });
    const toggle = page().getByTestId('payments-view-toggle');
    expect(await toggle.textContent()).toBe('View all');
    await toggle.click();
    await page().getByTestId('payments-loading').waitFor(SLOW);
    release();

    await expect.poll(() => rows.count(), SLOW).toBe(25);
    expect(await text('payment-totals')).toBe(`25 payments shown: ${formatAmount(25 * 2900, 'gbp')} paid`);
    await page().getByRole('button', { name: 'Load more' }).click();
    await expect.poll(() => rows.count(), SLOW).toBe(26);
    expect(await text('payment-totals')).toBe(`All 26 payments: ${formatAmount(26 * 2900, 'gbp')} paid`);
    expect(await page().getByRole('button', { name: 'Load more' }).count()).toBe(0);

    // Back to the latest 10, the focus still on the button that changed its name.
    expect(await toggle.textContent()).toBe('Show latest 10');
    await toggle.press('Enter');
    await expect.poll(() => rows.count(), SLOW).toBe(10);
    expect(await page().evaluate(() => document.activeElement?.textContent)).toBe('View all');
  }, 60_000);
});
