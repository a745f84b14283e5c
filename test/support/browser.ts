import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { generateSync } from 'otplib';
import { baseUrl, totpSecretOf } from './api';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';

/** Debian's Chromium, headless, with the flags this machine's closed network needs. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] });
}

/**
 * Registers the suite's hooks: one Chromium for the file, a fresh context (no session) per test.
 * Returns a getter for the current test's page.
 */
export function useChromiumPage(viewport = { width: 1280, height: 800 }): () => Page {
  let browser: Browser | undefined;
  let page: Page | undefined;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });
  beforeEach(async () => {
    page = await (await browser!.newContext({ viewport })).newPage();
  });
  return () => page!;
}

export interface Credentials {
  email: string;
  password: string;
}

/**
 * Fills the sign-in form the page shows and presses Sign In, without waiting for what follows; for
 * a person with MFA (totpSecretOf), then enters the authenticator's code at the step that asks it.
 */
export async function fillSignInForm(page: Page, credentials: Credentials): Promise<void> {
  await page.getByLabel('Email', { exact: true }).fill(credentials.email);
  await page.getByLabel('Password', { exact: true }).fill(credentials.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  const secret = totpSecretOf(credentials.email);
  if (secret) await enterTotpCode(page, generateSync({ secret }));
}

/** The sign-in's MFA step: the code, then Verify. */
export async function enterTotpCode(page: Page, code: string): Promise<void> {
  const field = page.getByLabel('Authentication code', { exact: true });
  await field.waitFor({ timeout: 15_000 });
  await field.fill(code);
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
}

/** Opens an address of the app (a path such as /settings) and signs in through its form. */
export async function openAndSignIn(page: Page, address: string, credentials: Credentials): Promise<void> {
  await page.goto(`${baseUrl()}${address}`);
  await fillSignInForm(page, credentials);
}

/**
 * Opens an address of the app, signs in through its form, and waits for the page's heading, which
 * shows once the session has started.
 */
export async function signInThroughForm(
  page: Page,
  url: string,
  credentials: Credentials,
  heading: string,
): Promise<void> {
  await page.goto(url);
  await fillSignInForm(page, credentials);
  await page.getByRole('heading', { name: heading, exact: true }).waitFor({ timeout: 15_000 });
}

/** Signs a company's admin in on the Assets page: its Manual Hardware tab unless another address is given. */
export function signInToAssets(
  page: Page,
  credentials: Credentials,
  address = '/assets?tab=hardware',
): Promise<void> {
  return signInThroughForm(page, `${baseUrl()}${address}`, credentials, 'Assets');
}

/**
 * What the current test's page shows, found as a user reads it: a table row by its text (with that
 * row's text and how many rows match), a dialog or alert dialog by its name, a heading, a stat card by
 * its label (read with its figure, e.g. "Total Users2"), and whether a text is visible.
 */
export function pageLocators(page: () => Page) {
  const row = (text: string) => page().getByRole('row').filter({ hasText: text });
  return {
    row,
    rowText: (text: string) => row(text).textContent(),
    rowCount: (text: string) => row(text).count(),
    dialog: (name: string) => page().getByRole('dialog', { name }),
    alertDialog: (name: string) => page().getByRole('alertdialog', { name }),
    heading: (name: string) => page().getByRole('heading', { name, exact: true }),
    stat: (label: string) => page().getByRole('region', { name: label, exact: true }),
    isVisible: (text: string) => page().getByText(text, { exact: true }).isVisible(),
  };
}
