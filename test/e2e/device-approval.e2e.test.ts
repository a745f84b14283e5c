import { describe, expect, it } from 'vitest';
import type { AgentEnrollmentResponse } from '../../shared/agent-data';
import { API_KEY_DISPLAY_CHARS, API_KEY_MESSAGES, API_KEY_PATTERN } from '../../shared/api-keys';
import { DEVICE_APPROVAL_TEXTS } from '../../shared/device-approvals';
import { api, signUpCompany, type TestCompany } from '../support/api';
import { createKey, deviceHeaders, machine } from '../support/agents';
import { openAndSignIn, pageLocators, signInToAssets, useChromiumPage } from '../support/browser';
import {
  expectControlsInView,
  expectNoSidewaysScroll,
  VIEWPORTS,
  type ViewportName,
} from '../support/layout';

/**
 * Device identity bound to proof (issue 35) in Chromium, on a laptop's and a phone's screen: Agent
 * Monitoring's devices held for approval with Approve / Reject behind confirmations, and Settings'
 * key rotation and the delete dialog that says what happens to the key's devices.
 */
const currentPage = useChromiumPage();
const page = () => currentPage();
const SLOW = { timeout: 15_000 };
const { alertDialog } = pageLocators(page);

function enrol(key: string, machineId: string, hostname: string) {
  return api<AgentEnrollmentResponse>('/api/agent/enroll', {
    method: 'POST',
    headers: { 'x-api-key': key },
    body: { machine_id: machineId, hostname, os_type: 'Windows' },
  });
}

const reportStatus = async (token: string, machineId: string, hostname: string) =>
  (
    await api('/api/agent/report', {
      method: 'POST',
      headers: deviceHeaders(token),
      body: machine({ machine_id: machineId, hostname }),
    })
  ).status;

const approvals = () => page().getByRole('region', { name: /^Devices waiting for approval/ });
const pendingCard = (hostname: string) =>
  approvals().getByTestId('pending-device').filter({ hasText: hostname });

async function enrolledMachine(company: TestCompany) {
  const { key } = await createKey(company);
  const real = await enrol(key, 'PC-0001', 'FINANCE-PC-01');
  expect(real.status).toBe(201);
  expect(await reportStatus(real.body.device_token, 'PC-0001', 'FINANCE-PC-01')).toBe(202);
  return { key, realToken: real.body.device_token };
}

for (const screen of Object.keys(VIEWPORTS) as ViewportName[]) {
  describe(`device approvals and key rotation in Chromium (${screen}, ${VIEWPORTS[screen].width} px)`, () => {
    const fits = (what: string) => expectNoSidewaysScroll(page(), `${what} (${screen})`);

    it('lists devices held for approval; Reject and Approve each ask first', async () => {
      await page().setViewportSize(VIEWPORTS[screen]);
      const company = await signUpCompany();
      const { key, realToken } = await enrolledMachine(company);

      // Nothing waits: no section at all, the fleet as usual.
      await signInToAssets(page(), company, '/assets');
      await expect.poll(() => page().getByText('FINANCE-PC-01').first().isVisible(), SLOW).toBe(true);
      expect(await approvals().count()).toBe(0);

      const intruder = await enrol(key, 'PC-0001', 'INTRUDER');
      const replacement = await enrol(key, 'PC-0001', 'FINANCE-PC-01-NEW');
      expect([intruder.status, replacement.status]).toEqual([202, 202]);
      await page().reload();
      await expect.poll(() => approvals().isVisible(), SLOW).toBe(true);
      expect(await approvals().getByTestId('pending-device').count()).toBe(2);
      expect(await pendingCard('INTRUDER').textContent()).toContain(
        DEVICE_APPROVAL_TEXTS.anotherDevice('PC-0001', 'FINANCE-PC-01'),
      );
      await fits('Agent Monitoring with devices waiting for approval');
      await expectControlsInView(approvals(), 'the devices waiting for approval', 4);

      // Reject from the keyboard: Cancel is focused first and keeps it.
      await pendingCard('INTRUDER').getByRole('button', { name: 'Reject INTRUDER' }).focus();
      await page().keyboard.press('Enter');
      const reject = alertDialog(DEVICE_APPROVAL_TEXTS.rejectConfirm('INTRUDER'));
      await expect.poll(() => reject.isVisible()).toBe(true);
      await fits('the reject confirmation');
      await page().keyboard.press('Enter');
      await expect.poll(() => reject.count()).toBe(0);
      expect(await pendingCard('INTRUDER').count()).toBe(1);
      await pendingCard('INTRUDER').getByRole('button', { name: 'Reject INTRUDER' }).click();
      await reject.getByRole('button', { name: 'Reject', exact: true }).click();
      await expect.poll(() => pendingCard('INTRUDER').count(), SLOW).toBe(0);
      await expect
        .poll(() => page().getByText(DEVICE_APPROVAL_TEXTS.rejected('INTRUDER')).isVisible(), SLOW)
        .toBe(true);
      expect(await reportStatus(intruder.body.device_token, 'PC-0001', 'INTRUDER')).toBe(401);
      expect(await reportStatus(realToken, 'PC-0001', 'FINANCE-PC-01')).toBe(202);

      await pendingCard('FINANCE-PC-01-NEW')
        .getByRole('button', { name: 'Approve FINANCE-PC-01-NEW' })
        .click();
      const approve = alertDialog(DEVICE_APPROVAL_TEXTS.approveConfirm('FINANCE-PC-01-NEW', 'FINANCE-PC-01'));
      await expect.poll(() => approve.isVisible()).toBe(true);
      await approve.getByRole('button', { name: 'Approve', exact: true }).click();
      await expect.poll(() => approvals().count(), SLOW).toBe(0);
      expect(await reportStatus(replacement.body.device_token, 'PC-0001', 'FINANCE-PC-01-NEW')).toBe(202);
      expect(await reportStatus(realToken, 'PC-0001', 'FINANCE-PC-01')).toBe(401);
      await fits('Agent Monitoring after the approval');
    });

    it('rotates a key (shown once, the old one stops enrolling) and says what a delete does to its devices', async () => {
      await page().setViewportSize(VIEWPORTS[screen]);
      const company = await signUpCompany();
      const { key, realToken } = await enrolledMachine(company);
      await openAndSignIn(page(), '/settings', company);
      const section = page().getByRole('region', { name: 'API Keys for Agents' });
      await expect.poll(() => section.isVisible(), SLOW).toBe(true);
      const shown = `${key.slice(0, API_KEY_DISPLAY_CHARS)}…`;
      const rotateButton = section.getByRole('button', { name: new RegExp(`^Rotate .*${shown}`) });
      await expect.poll(() => rotateButton.isVisible(), SLOW).toBe(true);
      await expectControlsInView(section.getByRole('row').filter({ hasText: shown }), 'the key row', 2);
      await fits('Settings with a key');

      await rotateButton.click();
      const rotate = alertDialog(API_KEY_MESSAGES.rotateConfirm);
      await expect.poll(() => rotate.isVisible()).toBe(true);
      await fits('the rotate confirmation');
      await rotate.getByRole('button', { name: 'Rotate', exact: true }).click();
      const newKey = () => section.getByTestId('new-api-key').locator('code').textContent();
      await expect.poll(newKey, SLOW).toMatch(API_KEY_PATTERN);
      const rotated = (await newKey())!;
      expect(rotated).not.toBe(key);
      expect((await enrol(key, 'PC-0002', 'NEW-PC')).status).toBe(401);
      expect((await enrol(rotated, 'PC-0002', 'NEW-PC')).status).toBe(201);
      expect(await reportStatus(realToken, 'PC-0001', 'FINANCE-PC-01')).toBe(202);
      await fits('Settings with the rotated key shown');

      // Delete says what happens to the two devices the key enrolled, before and after the choice.
      await section
        .getByRole('button', { name: new RegExp(`^Delete .*${rotated.slice(0, API_KEY_DISPLAY_CHARS)}`) })
        .click();
      const remove = alertDialog(API_KEY_MESSAGES.deleteConfirm);
      const consequence = remove.getByTestId('api-key-devices');
      await expect.poll(() => consequence.textContent(), SLOW).toBe(API_KEY_MESSAGES.devicesKeepReporting);
      // From the keyboard, as a person tabbing through the dialog would.
      await remove.getByLabel(API_KEY_MESSAGES.revokeChoice).focus();
      await page().keyboard.press('Space');
      expect(await consequence.textContent()).toBe(API_KEY_MESSAGES.devicesStop(2));
      await fits('the delete confirmation');
      await remove.getByRole('button', { name: 'Delete and revoke' }).click();
      await expect.poll(() => remove.count(), SLOW).toBe(0);
      expect(await reportStatus(realToken, 'PC-0001', 'FINANCE-PC-01')).toBe(401);
    }, 90_000);
  });
}
