import { describe, expect, it } from 'vitest';
import type { MeResponse } from '../../shared/api';
import { AGENT_AUTO_UPDATE_MESSAGES } from '../../shared/organization-settings';
import { addMember, api, signUpCompany } from '../support/api';
import { openAndSignIn, useChromiumPage } from '../support/browser';

const page = useChromiumPage();
const SLOW = { timeout: 15_000 };

const section = () => page().getByRole('region', { name: 'Monitoring Agent' });
const autoUpdate = () => section().getByRole('switch', { name: AGENT_AUTO_UPDATE_MESSAGES.label });

describe('Settings → Monitoring Agent → Automatic agent updates, in Chromium', () => {
  it('turns automatic updates off and on from the keyboard, saying saving and saved', async () => {
    const company = await signUpCompany();
    await openAndSignIn(page(), '/settings', company);
    await expect.poll(() => autoUpdate().isVisible(), SLOW).toBe(true);
    expect(await autoUpdate().isChecked()).toBe(true);
    expect(await section().getByText(AGENT_AUTO_UPDATE_MESSAGES.description).isVisible()).toBe(true);

    // The request waits until the test lets it through, so that "saving" can be seen.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page().route('**/api/organization', async (route) => {
      await held;
      await route.continue();
    });
    await autoUpdate().focus();
    await page().keyboard.press('Space');
    await expect
      .poll(() => section().getByText(AGENT_AUTO_UPDATE_MESSAGES.saving).isVisible(), SLOW)
      .toBe(true);
    expect(await autoUpdate().isDisabled()).toBe(true);
    release();
    await expect.poll(() => section().getByText(AGENT_AUTO_UPDATE_MESSAGES.off).isVisible(), SLOW).toBe(true);
    await page().unroute('**/api/organization');
    expect(await autoUpdate().isChecked()).toBe(false);
    const me = await api<MeResponse>('/api/me', { token: company.accessToken });
    expect(me.body.organization.agent_auto_update).toBe(false);

    // After a reload it is still off; on again.
    await page().reload();
    await expect.poll(() => autoUpdate().isVisible(), SLOW).toBe(true);
    expect(await autoUpdate().isChecked()).toBe(false);
    await autoUpdate().focus();
    await page().keyboard.press('Space');
    await expect.poll(() => section().getByText(AGENT_AUTO_UPDATE_MESSAGES.on).isVisible(), SLOW).toBe(true);
    expect(
      (await api<MeResponse>('/api/me', { token: company.accessToken })).body.organization.agent_auto_update,
    ).toBe(true);
  }, 60_000);

  it("shows the API's refusal when the admin was made a user meanwhile, and members see no switch", async () => {
    const company = await signUpCompany();
    const admin = await addMember(company, 'admin');
    await openAndSignIn(page(), '/settings', { email: admin.email, password: 'secret-pass-3' });
    await expect.poll(() => autoUpdate().isVisible(), SLOW).toBe(true);
    const demoted = await api(`/api/users/${admin.id}`, {
      method: 'PATCH',
      token: company.accessToken,
      body: { role: 'user' },
    });
    expect(demoted.status).toBe(200);
    // A click lands on the switch's label, as a person's does.
    await section().getByText(AGENT_AUTO_UPDATE_MESSAGES.label, { exact: true }).click();
    const refusal = section().getByRole('alert');
    await expect.poll(() => refusal.isVisible(), SLOW).toBe(true);
    expect(await refusal.textContent()).toMatch(/admin|permission|not allowed/i);
    expect(
      (await api<MeResponse>('/api/me', { token: company.accessToken })).body.organization.agent_auto_update,
    ).toBe(true);

    await page().reload();
    await expect.poll(() => section().isVisible(), SLOW).toBe(true);
    expect(await autoUpdate().count()).toBe(0);
  }, 60_000);
});
