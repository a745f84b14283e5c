import { describe, expect, it } from 'vitest';
import { DUPLICATE_MESSAGES } from '../../shared/machine-duplicates';
import { INVENTORY_MESSAGES } from '../../shared/inventory';
import { baseUrl } from '../support/api';
import { openAndSignIn, pageLocators, useChromiumPage } from '../support/browser';
import { REAL, ROGUE, assetDetail, serialTakeoverAttempt } from '../support/duplicates';
import {
  expectControlsInView,
  expectNoSidewaysScroll,
  VIEWPORTS,
  type ViewportName,
} from '../support/layout';

/**
 * Possible duplicates (issue 35, item 3) in Chromium, on a laptop's and a phone's screen: after a
 * serial takeover attempt, the fleet's mark and filter, both machines' pages, the hardware editor
 * without Accept, and an admin's decision with its confirmation, by keyboard.
 */
const currentPage = useChromiumPage();
const page = () => currentPage();
const SLOW = { timeout: 15_000 };
const { alertDialog, dialog } = pageLocators(page);

const duplicateRegion = () => page().getByRole('region', { name: DUPLICATE_MESSAGES.mark });

async function openMachine(hostname: string, machineId: string) {
  await page().goto(`${baseUrl()}/assets?machine=${encodeURIComponent(machineId)}`);
  await expect
    .poll(() => page().getByRole('heading', { level: 3, name: hostname }).isVisible(), SLOW)
    .toBe(true);
}

for (const screen of Object.keys(VIEWPORTS) as ViewportName[]) {
  describe(`possible duplicates in Chromium (${screen}, ${VIEWPORTS[screen].width} px)`, () => {
    const fits = (what: string) => expectNoSidewaysScroll(page(), `${what} (${screen})`);

    it('marks both machines, withholds Accept, and lets an admin decide', async () => {
      await page().setViewportSize(VIEWPORTS[screen]);
      const { company, asset } = await serialTakeoverAttempt();

      // The fleet, filtered to the possible duplicates: both cards carry the mark.
      await openAndSignIn(page(), '/assets?inventory=possible_duplicate', company);
      const cards = page().locator('.agent-card');
      await expect.poll(() => cards.count(), SLOW).toBe(2);
      for (const machineId of [REAL.machine_id, ROGUE.machine_id]) {
        const card = page().locator(`.agent-card[data-machine-id="${machineId}"]`);
        expect(await card.getByText(DUPLICATE_MESSAGES.mark, { exact: true }).isVisible()).toBe(true);
      }
      expect(await page().getByLabel('Inventory').inputValue()).toBe('possible_duplicate');
      await fits('the fleet filtered to possible duplicates');

      // The real machine's page: still linked, naming the newcomer, no choice to make there.
      await openMachine(REAL.hostname, REAL.machine_id);
      await duplicateRegion().waitFor(SLOW);
      expect(await duplicateRegion().textContent()).toContain(ROGUE.hostname);
      expect(await duplicateRegion().getByRole('button').count()).toBe(0);
      expect(await page().getByText(INVENTORY_MESSAGES.monitored, { exact: true }).isVisible()).toBe(true);
      await fits('the linked machine');

      // Its hardware record: the notice, the real machine's facts, and no Accept.
      await page().getByRole('button', { name: 'Open the hardware record' }).click();
      const editor = dialog('Edit Hardware');
      await editor.getByText(DUPLICATE_MESSAGES.editorNotice).waitFor(SLOW);
      // The difference is shown (the real machine's 16 GB against the record's 8), not offered.
      await editor.getByText('Agent reports 16 GB; record says 8 GB').waitFor(SLOW);
      expect(await editor.getByRole('button', { name: /^Accept/ }).count()).toBe(0);
      expect(await editor.getByText(ROGUE.hostname).count()).toBe(0);
      await fits('the editor of a disputed asset');
      await page().keyboard.press('Escape');
      await expect.poll(() => editor.count(), SLOW).toBe(0);

      // The newcomer's page: the way to the other machine, and the admin's four choices.
      await duplicateRegion()
        .getByRole('link', { name: `Open ${ROGUE.hostname}` })
        .click();
      await expect
        .poll(() => page().getByRole('heading', { level: 3, name: ROGUE.hostname }).isVisible(), SLOW)
        .toBe(true);
      const choices = duplicateRegion().getByRole('group', { name: 'Decide the possible duplicate' });
      await choices.waitFor(SLOW);
      await expectControlsInView(choices, `the decision (${screen})`, 4);
      // Linking or adding by hand is not offered meanwhile.
      const inventory = page().getByRole('region', { name: 'Hardware inventory' });
      expect(await inventory.getByRole('button', { name: INVENTORY_MESSAGES.addToInventory }).count()).toBe(
        0,
      );
      await fits('the newcomer');

      // By keyboard: the laptop keeps the link, the phone lets the newcomer replace it.
      const choice = screen === 'desktop' ? DUPLICATE_MESSAGES.keep : DUPLICATE_MESSAGES.replace;
      const question =
        screen === 'desktop' ? DUPLICATE_MESSAGES.keepConfirm : DUPLICATE_MESSAGES.replaceConfirm;
      await choices.getByRole('button', { name: choice }).focus();
      await page().keyboard.press('Enter');
      const confirm = alertDialog(question);
      await confirm.waitFor(SLOW);
      await fits('the confirmation');
      // Cancel is focused first; the confirming button is the next one.
      await page().keyboard.press('Tab');
      await page().keyboard.press('Enter');
      await expect.poll(() => confirm.count(), SLOW).toBe(0);
      await expect.poll(() => duplicateRegion().count(), SLOW).toBe(0);

      const expected = screen === 'desktop' ? REAL.machine_id : ROGUE.machine_id;
      expect((await assetDetail(company, asset.id)).machine_id).toBe(expected);
      if (screen === 'phone') {
        await expect
          .poll(() => page().getByText(INVENTORY_MESSAGES.monitored, { exact: true }).isVisible(), SLOW)
          .toBe(true);
      }
    });
  });
}
