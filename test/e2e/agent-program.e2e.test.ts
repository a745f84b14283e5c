import { hostname } from 'node:os';
import { describe, expect, it, onTestFinished } from 'vitest';
import { API_KEY_MESSAGES, API_KEY_PATTERN } from '../../shared/api-keys';
import { agentInstallation, runAgentOnce } from '../support/agent-program';
import { baseUrl, signUpCompany } from '../support/api';
import { openAndSignIn, useChromiumPage } from '../support/browser';

const page = useChromiumPage();
const SLOW = { timeout: 20_000 };

describe('a monitoring agent from key to fleet view, in Chromium', () => {
  it('generates a key in the UI, enrols and reports this machine with the real agent, which keeps its token once the key is deleted', async () => {
    const company = await signUpCompany();
    await openAndSignIn(page(), '/settings', company);

    const keys = page().getByRole('region', { name: 'API Keys for Agents' });
    await keys.getByRole('button', { name: 'Generate API Key' }).click();
    const shownKey = keys.getByTestId('new-api-key').locator('code');
    await expect.poll(() => shownKey.textContent(), SLOW).toMatch(API_KEY_PATTERN);
    const key = (await shownKey.textContent())!;

    const installation = agentInstallation();
    onTestFinished(installation.remove);
    const first = await runAgentOnce(key, installation);
    expect(first.code, first.output).toBe(0);
    expect(first.output).toMatch(/Enrolled as device \w+; its token is kept in /);
    // Its next report goes with the token it kept: no second enrolment.
    const second = await runAgentOnce(key, installation);
    expect(second.code, second.output).toBe(0);
    expect(second.output).not.toContain('Enrolling');

    // This machine, as the agent saw it, in Assets → Agent Monitoring.
    await page().goto(`${baseUrl()}/assets`);
    const card = page()
      .getByRole('list', { name: 'Machines' })
      .getByRole('listitem')
      .filter({ hasText: hostname() });
    await expect.poll(() => card.count(), SLOW).toBe(1);
    expect(await card.getByText('Online', { exact: true }).isVisible()).toBe(true);
    await card.getByRole('link', { name: hostname() }).click();
    await expect
      .poll(() => page().getByRole('heading', { level: 3, name: hostname() }).isVisible(), SLOW)
      .toBe(true);
    const hardware = page().getByRole('region', { name: /^CPU & Memory/ });
    expect(await hardware.textContent()).toMatch(/GB/);
    expect(await hardware.textContent()).toMatch(/physical/);
    const storage = page().getByRole('region', { name: /^Storage/ });
    await expect.poll(() => storage.getByRole('meter').count(), SLOW).toBeGreaterThan(0);

    // Deleting the key in Settings stops new enrolments; an enrolled agent keeps reporting.
    await page().goto(`${baseUrl()}/settings`);
    await keys
      .getByRole('row')
      .filter({ hasText: key.slice(0, 20) })
      .getByRole('button', { name: /^Delete/ })
      .click();
    const dialog = page().getByRole('alertdialog', { name: API_KEY_MESSAGES.deleteConfirm });
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect.poll(() => dialog.count(), SLOW).toBe(0);

    const refused = await runAgentOnce(key);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('The API key is missing or not valid');
    const enrolled = await runAgentOnce(key, installation);
    expect(enrolled.code, enrolled.output).toBe(0);

    // Deleting the machine in Assets revokes its token: the agent tries to enrol again, in vain.
    await page().goto(`${baseUrl()}/assets`);
    await expect.poll(() => card.count(), SLOW).toBe(1);
    await card.getByRole('button', { name: `Delete ${hostname()}` }).click();
    await page().getByRole('alertdialog').getByRole('button', { name: 'Delete machine' }).click();
    await expect.poll(() => card.count(), SLOW).toBe(0);
    const revoked = await runAgentOnce(key, installation);
    expect(revoked.code).toBe(1);
    expect(revoked.output).toContain('Enrolling');
    expect(revoked.output).toContain('The API key is missing or not valid');
  }, 120_000);
});
