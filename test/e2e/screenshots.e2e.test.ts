import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, signUpCompany, type TestCompany } from '../support/api';
import { launchChromium, signInThroughForm } from '../support/browser';
import { expectNoSidewaysScroll, VIEWPORTS, type ViewportName } from '../support/layout';
import { TEST_SUPER_ADMIN } from '../support/global-setup';
import {
  MACHINE,
  OTHER_MACHINES,
  seedAgents,
  seedDisposals,
  seedHardware,
  seedTeam,
  syncPlans,
} from '../support/showcase-company';

/**
 * Every main screen at desktop and phone widths, saved under test/e2e/screenshots (git-ignored) for
 * a person to look at. Each shot waits for the screen's real content, and at either width the page
 * must not scroll sideways. UPDATE_DOCS_SCREENSHOTS=1 also refreshes the README's viewport shots
 * in docs/screenshots.
 */

const SHOTS_DIR = path.resolve('test/e2e/screenshots');
const DOCS_DIR = path.resolve('docs/screenshots');
/** The shots the README shows, as viewport shots so they stay small. */
const DOCS_SHOTS = new Set([
  'dashboard-desktop',
  'hardware-desktop',
  'fleet-desktop',
  'dashboard-phone',
  'hardware-edit-desktop',
  'machine-desktop',
  'machine-timeline-desktop',
  'software-desktop',
]);
const SLOW = { timeout: 15_000 };
const COMPANY = 'Northwind Traders';

let browser: Browser | undefined;
let company: TestCompany;
let hardwareCount = 0;
const EDITED_ASSET = 'Dell Latitude 7440';

/**
 * Saves the page and checks it does not scroll sideways. Dialogs are shot as the
 * viewport: a full-page shot stretches the viewport and leaves the page below without the backdrop.
 */
async function capture(page: Page, screen: string, viewport: ViewportName, fullPage = true) {
  // Fonts and lazily loaded chunks settle before the shot; no spinner left on screen.
  await page.evaluate(() => document.fonts.ready);
  await expect.poll(() => page.locator('.amplify-loader:visible, [aria-busy="true"]').count(), SLOW).toBe(0);
  const name = `${screen}-${viewport}`;
  await page.screenshot({ path: path.join(SHOTS_DIR, `${name}.png`), fullPage });
  if (process.env.UPDATE_DOCS_SCREENSHOTS && DOCS_SHOTS.has(name)) {
    await page.screenshot({ path: path.join(DOCS_DIR, `${name}.png`) });
  }
  await expectNoSidewaysScroll(page, `${screen} (${viewport})`, { soft: true });
}

const heading = (page: Page, name: string, level?: number) =>
  page.getByRole('heading', { name, exact: true, level });
const visible = (locator: Locator) => expect.poll(() => locator.first().isVisible(), SLOW).toBe(true);
const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });

/** Opens an address of the signed-in app and waits for its main heading. */
async function open(page: Page, address: string, title: string) {
  await page.goto(`${baseUrl()}${address}`);
  await visible(heading(page, title));
}

async function newPage(viewport: ViewportName): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser!.newContext({ viewport: VIEWPORTS[viewport] });
  return { context, page: await context.newPage() };
}

async function captureSignedOut(viewport: ViewportName) {
  const { context, page } = await newPage(viewport);
  try {
    await page.goto(baseUrl());
    await visible(heading(page, 'Sign in to your account'));
    await visible(page.getByRole('button', { name: 'Sign In', exact: true }));
    await capture(page, 'sign-in', viewport);

    await page.getByRole('button', { name: "Don't have an account? Sign up" }).click();
    await visible(heading(page, 'Create your account'));
    await visible(page.getByLabel('Company Name'));
    await capture(page, 'sign-up', viewport);
  } finally {
    await context.close();
  }
}

async function captureCompanyScreens(viewport: ViewportName) {
  const { context, page } = await newPage(viewport);
  try {
    await signInThroughForm(page, baseUrl(), company, 'Dashboard');
    await expect
      .poll(
        () =>
          page
            .getByRole('region', { name: 'Total Hardware', exact: true })
            .locator('.stat-card__value')
            .textContent(),
        SLOW,
      )
      .toBe(String(hardwareCount));
    await visible(
      page.getByRole('table', { name: 'Warranties expiring in the next 90 days' }).locator('tbody tr'),
    );
    await capture(page, 'dashboard', viewport);

    await open(page, '/assets?tab=hardware', 'Assets');
    await visible(page.getByRole('row').filter({ hasText: EDITED_ASSET }));
    await capture(page, 'hardware', viewport);

    await page.getByRole('button', { name: 'Add Hardware', exact: true }).click();
    await visible(dialog(page, 'Add Hardware').getByLabel('Asset Type'));
    await capture(page, 'hardware-add', viewport, false);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog(page, 'Add Hardware').count(), SLOW).toBe(0);

    await page
      .getByRole('button', { name: `Edit ${EDITED_ASSET}`, exact: true })
      .first()
      .click();
    const edit = dialog(page, 'Edit Hardware');
    await expect.poll(() => edit.getByLabel('Model').inputValue(), SLOW).toBe('Latitude 7440');
    // The newest Latitude is the one its agent linked by serial: the editor shows what it reports.
    await visible(edit.getByRole('heading', { name: /What the agent reports/ }));
    await visible(edit.getByText('Agent reports 32 GB; record says 16 GB'));
    await capture(page, 'hardware-edit', viewport, false);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog(page, 'Edit Hardware').count(), SLOW).toBe(0);

    await page.getByRole('button', { name: 'Import CSV' }).click();
    const importDialog = dialog(page, 'Import CSV');
    await visible(importDialog.getByRole('button', { name: 'Download template' }));
    await visible(importDialog.getByLabel('CSV file'));
    await capture(page, 'csv-import', viewport, false);
    await page.keyboard.press('Escape');

    await open(page, '/assets', 'Assets');
    const cards = page.getByRole('list', { name: 'Machines' }).getByRole('listitem');
    await expect.poll(() => cards.count(), SLOW).toBe(OTHER_MACHINES.length + 1);
    await capture(page, 'fleet', viewport);

    await cards.filter({ hasText: MACHINE.hostname }).getByRole('link', { name: MACHINE.hostname }).click();
    await visible(heading(page, MACHINE.hostname, 3));
    await expect
      .poll(
        () =>
          page
            .getByRole('region', { name: /^Storage/ })
            .getByRole('meter')
            .count(),
        SLOW,
      )
      .toBe(2);
    await visible(
      page
        .getByRole('region', { name: /^Installed software/ })
        .getByRole('row')
        .nth(1),
    );
    // One record per device: the machine is its laptop's asset, and its timeline says what changed.
    await visible(
      page.getByRole('region', { name: 'Hardware inventory' }).getByText('Monitored', { exact: true }),
    );
    await visible(page.getByRole('region', { name: 'Timeline' }).getByText(/Microsoft Teams/));
    await capture(page, 'machine', viewport);
    await page.getByRole('region', { name: 'Timeline' }).scrollIntoViewIfNeeded();
    await capture(page, 'machine-timeline', viewport, false);

    await open(page, '/assets?tab=software', 'Assets');
    await visible(
      page.getByRole('table', { name: 'Software' }).getByRole('row').filter({ hasText: 'Google Chrome' }),
    );
    await capture(page, 'software', viewport);

    await open(page, '/disposal', 'Asset Disposal');
    await visible(page.getByRole('row').filter({ hasText: 'ThinkPad X1 Carbon' }));
    await expect
      .poll(() => page.getByRole('region', { name: 'Pending Disposal', exact: true }).textContent(), SLOW)
      .toBe('Pending Disposal4');
    await capture(page, 'disposal', viewport);

    await open(page, '/settings?tab=audit', 'Settings');
    await visible(page.getByRole('table', { name: 'Audit Logs' }).locator('tbody tr'));
    await capture(page, 'audit-log', viewport);

    await open(page, '/settings', 'Settings');
    const keys = page.getByRole('region', { name: 'API Keys for Agents' });
    await visible(keys.getByRole('row').filter({ hasText: 'Head office rollout' }));
    await visible(heading(page, 'Organization Information'));
    await capture(page, 'settings', viewport);

    await open(page, '/settings?tab=security', 'Settings');
    await visible(page.getByRole('button', { name: 'Set up authenticator app' }));
    await visible(page.getByRole('switch', { name: 'Require multi-factor authentication for every member' }));
    await capture(page, 'security', viewport);

    await open(page, '/settings?tab=billing', 'Settings');
    await visible(heading(page, 'Subscription Plans'));
    await visible(page.getByTestId('plan-card'));
    await visible(page.getByTestId('subscription-plan'));
    await capture(page, 'billing', viewport);

    await open(page, '/users', 'Team Management');
    await visible(heading(page, 'Pending Invitations (1)'));
    await expect.poll(() => page.getByRole('row').filter({ hasText: '@example.test' }).count(), SLOW).toBe(3);
    await capture(page, 'users', viewport);
  } finally {
    await context.close();
  }
}

async function captureSuperAdminScreens(viewport: ViewportName) {
  const { context, page } = await newPage(viewport);
  try {
    await signInThroughForm(
      page,
      `${baseUrl()}/users?tab=organizations`,
      TEST_SUPER_ADMIN,
      'System Management',
    );
    await visible(page.getByRole('tab', { name: 'Organizations', selected: true }));
    await visible(page.getByRole('row').filter({ hasText: COMPANY }));
    await capture(page, 'organizations', viewport);
  } finally {
    await context.close();
  }
}

describe('screenshots of every main screen', () => {
  beforeAll(async () => {
    await mkdir(SHOTS_DIR, { recursive: true });
    if (process.env.UPDATE_DOCS_SCREENSHOTS) await mkdir(DOCS_DIR, { recursive: true });
    browser = await launchChromium();
    company = await signUpCompany(COMPANY);
    await syncPlans();
    hardwareCount = await seedHardware(company);
    await seedDisposals(company);
    await seedAgents(company);
    await seedTeam(company);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
  });

  for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
    it(`saves each screen at ${viewport} width (${VIEWPORTS[viewport].width}×${VIEWPORTS[viewport].height})`, async () => {
      await captureSignedOut(viewport);
      await captureCompanyScreens(viewport);
      await captureSuperAdminScreens(viewport);
    }, 120_000);
  }
});
