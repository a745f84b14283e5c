import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach } from 'vitest';
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

/**
 * Opens an address of the app, signs in through its form, and waits for the page's heading, which
 * shows once the session has started.
 */
export async function signInThroughForm(
  page: Page,
  url: string,
  credentials: { email: string; password: string },
  heading: string,
): Promise<void> {
  await page.goto(url);
  await page.getByLabel('Email', { exact: true }).fill(credentials.email);
  await page.getByLabel('Password', { exact: true }).fill(credentials.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.getByRole('heading', { name: heading, exact: true }).waitFor({ timeout: 15_000 });
}
