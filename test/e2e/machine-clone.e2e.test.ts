import { describe, expect, it } from 'vitest';
import { CLONE_MESSAGES, CLONE_REVERSALS } from '../../shared/machine-clones';
import { api, signUpUnlimitedCompany } from '../support/api';
import { createKey, deviceHeaders, deviceTokenFor, machine } from '../support/agents';
import { openAndSignIn, useChromiumPage } from '../support/browser';
import { expectNoSidewaysScroll, VIEWPORTS, type ViewportName } from '../support/layout';

/**
 * A possible clone (issue 35, item 3) in Chromium, on a laptop's and a phone's screen: two
 * computers report with one device token, their boots alternating; the fleet card carries the mark,
 * and the machine's page says what was seen and what to do.
 */
const currentPage = useChromiumPage();
const page = () => currentPage();
const SLOW = { timeout: 15_000 };
const BOOTS = ['2026-11-30T07:58:12.000Z', '2026-11-30T09:41:03.000Z'];

async function clonedMachine(machineId: string) {
  const company = await signUpUnlimitedCompany();
  const { key } = await createKey(company);
  const token = await deviceTokenFor(key, machine({ machine_id: machineId, last_boot: BOOTS[0] }));
  for (let index = 0; index <= 2 * CLONE_REVERSALS; index++) {
    const sent = await api('/api/agent/report', {
      method: 'POST',
      headers: deviceHeaders(token),
      body: machine({ machine_id: machineId, last_boot: BOOTS[index % 2] }),
    });
    expect(sent.status).toBe(202);
  }
  return company;
}

for (const screen of Object.keys(VIEWPORTS) as ViewportName[]) {
  describe(`a possible clone in Chromium (${screen}, ${VIEWPORTS[screen].width} px)`, () => {
    it('marks the fleet card, and the machine page says what was seen and what to do', async () => {
      await page().setViewportSize(VIEWPORTS[screen]);
      const machineId = `CLONE-${screen.toUpperCase()}`;
      const company = await clonedMachine(machineId);

      await openAndSignIn(page(), '/assets', company);
      const card = page().locator(`.agent-card[data-machine-id="${machineId}"]`);
      await card.waitFor(SLOW);
      await card.getByText(CLONE_MESSAGES.mark, { exact: true }).waitFor(SLOW);
      await expectNoSidewaysScroll(page(), `the fleet with a possible clone (${screen})`);

      await card.getByRole('link').first().click();
      const region = page().getByRole('region', { name: CLONE_MESSAGES.mark });
      await region.waitFor(SLOW);
      const text = await region.textContent();
      expect(text).toContain(`${CLONE_MESSAGES.explanation} ${CLONE_REVERSALS} times since`);
      expect(text).toContain(CLONE_MESSAGES.advice);
      await expectNoSidewaysScroll(page(), `the possible clone's page (${screen})`);
    });
  });
}
