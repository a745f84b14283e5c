import { describe, expect, it } from 'vitest';
import { baseUrl, signUpCompany } from '../support/api';
import { openAndSignIn, useChromiumPage } from '../support/browser';

/**
 * The app runs under the Content Security Policy CloudFront sends, which the local gateway sends
 * too: signing in and going through the main screens breaks none of it, and a script injected into
 * the page is refused (the policy is in force, not only sent).
 */
const currentPage = useChromiumPage();
const TIMEOUT = { timeout: 15_000 };

interface Violation {
  directive: string;
  blocked: string;
}

/** Records every violation the page reports, from before its first script runs. */
async function recordViolations() {
  await currentPage().addInitScript(() => {
    const seen: { directive: string; blocked: string }[] = [];
    Object.assign(window, { cspViolations: seen });
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push({ directive: event.effectiveDirective, blocked: event.blockedURI });
    });
  });
  return () =>
    currentPage().evaluate(() => (window as unknown as { cspViolations: Violation[] }).cspViolations);
}

describe('the Content Security Policy, in Chromium', () => {
  it('lets the app sign in and show its main screens, and refuses an injected script', async () => {
    const company = await signUpCompany('Policy Abiding Ltd');
    const violations = await recordViolations();
    await openAndSignIn(currentPage(), '/', company);
    await expect.poll(() => currentPage().getByText('Total Hardware').isVisible(), TIMEOUT).toBe(true);
    for (const [path, heading] of [
      ['/assets?tab=hardware', 'Assets'],
      ['/disposal', 'Asset Disposal'],
      ['/users', 'Users'],
      ['/settings', 'Settings'],
    ] as const) {
      await currentPage().goto(`${baseUrl()}${path}`);
      await currentPage().getByRole('heading', { name: heading, exact: true }).waitFor(TIMEOUT);
      expect(await violations(), path).toEqual([]);
    }

    const ran = await currentPage().evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.injectedScriptRan = true;';
      document.head.append(script);
      return 'injectedScriptRan' in window;
    });
    expect(ran).toBe(false);
    await expect.poll(violations).toEqual([{ directive: 'script-src-elem', blocked: 'inline' }]);
  });
});
