import { describe, expect, it } from 'vitest';
import { INVENTORY_MESSAGES } from '../../shared/inventory';
import { createHardwareAsset, signUpCompany } from '../support/api';
import { createKey, machine, reportAccepted as report } from '../support/agents';
import { openAndSignIn, useChromiumPage } from '../support/browser';
import {
  expectNoSidewaysScroll,
  truncatedTextWithoutTitle,
  VIEWPORTS,
  type ViewportName,
} from '../support/layout';

/**
 * Agent Monitoring's "Not in inventory" (issue 34, item 11) in Chromium at 1280 and 390 px: the
 * dashboard's link opens the grid filtered to the machines not in the inventory, the filter lives in
 * the address, and each card says whether its machine is in the inventory, as which asset.
 */
const currentPage = useChromiumPage();
const page = () => currentPage();
const SLOW = { timeout: 15_000 };

const cards = () => page().getByRole('list', { name: 'Machines' }).getByRole('listitem');
const hostnames = async () =>
  (await cards().locator('[data-machine-link]').allTextContents()).map((name) => name.trim()).sort();
const card = (hostname: string) => cards().filter({ hasText: hostname });
const inventoryFilter = () => page().getByLabel('Inventory', { exact: true });

for (const screen of Object.keys(VIEWPORTS) as ViewportName[]) {
  describe(`Agent Monitoring's inventory filter and cards (${screen}, ${VIEWPORTS[screen].width} px)`, () => {
    it('opens from the dashboard on the machines not in the inventory, and each card says whether it is in it', async () => {
      await page().setViewportSize(VIEWPORTS[screen]);
      const company = await signUpCompany();
      const { key } = await createKey(company);
      await createHardwareAsset(company, {
        manufacturer: 'Dell',
        model: 'Latitude 5440',
        serial_number: 'SN-D1',
      });
      // The first machine reports the asset's serial: it is linked to it (issue 27); the others are not.
      await report(key, machine({ machine_id: 'M-1', hostname: 'FINANCE-PC-01', service_tag: 'sn-d1' }));
      await report(key, machine({ machine_id: 'M-2', hostname: 'LAB-1', service_tag: 'LAB-SERIAL-1' }));
      await report(key, machine({ machine_id: 'M-3', hostname: 'LAB-2', service_tag: 'LAB-SERIAL-2' }));

      await openAndSignIn(page(), '/', company);
      await page().getByRole('link', { name: 'Add or link the machines not in the inventory' }).click();
      await expect
        .poll(() => page().getByRole('tab', { name: 'Agent Monitoring' }).getAttribute('aria-selected'), SLOW)
        .toBe('true');
      await expect.poll(hostnames, SLOW).toEqual(['LAB-1', 'LAB-2']);
      expect(await inventoryFilter().inputValue()).toBe('not_linked');
      expect(new URL(page().url()).searchParams.get('inventory')).toBe('not_linked');
      expect(await page().getByText('Showing 2 of 2 machines').isVisible()).toBe(true);
      for (const hostname of ['LAB-1', 'LAB-2']) {
        expect(
          await card(hostname).getByText(INVENTORY_MESSAGES.notInInventory, { exact: true }).isVisible(),
        ).toBe(true);
      }
      await expectNoSidewaysScroll(page(), `the machines not in the inventory (${screen})`);

      // In the inventory: the linked machine, with its asset's name.
      await inventoryFilter().selectOption({ label: INVENTORY_MESSAGES.inInventory });
      await expect.poll(hostnames, SLOW).toEqual(['FINANCE-PC-01']);
      const linked = card('FINANCE-PC-01');
      expect(await linked.getByText(INVENTORY_MESSAGES.inInventory, { exact: true }).isVisible()).toBe(true);
      expect(await linked.getByText('Dell Latitude 5440', { exact: true }).isVisible()).toBe(true);

      // Every machine, each saying which it is; a reload keeps the filter the address names.
      await inventoryFilter().selectOption({ label: 'All machines' });
      await expect.poll(hostnames, SLOW).toEqual(['FINANCE-PC-01', 'LAB-1', 'LAB-2']);
      expect(await card('LAB-2').textContent()).toContain(INVENTORY_MESSAGES.notInInventory);
      expect(await card('FINANCE-PC-01').textContent()).toContain('Dell Latitude 5440');
      expect(new URL(page().url()).searchParams.get('inventory')).toBeNull();
      await expectNoSidewaysScroll(page(), `the fleet (${screen})`);
      expect(await truncatedTextWithoutTitle(page())).toEqual([]);
      await inventoryFilter().selectOption('not_linked');
      await expect.poll(hostnames, SLOW).toEqual(['LAB-1', 'LAB-2']);
      await page().reload();
      await expect.poll(hostnames, SLOW).toEqual(['LAB-1', 'LAB-2']);
      expect(await inventoryFilter().inputValue()).toBe('not_linked');
    }, 90_000);
  });
}
