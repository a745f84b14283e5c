import { describe, expect, it } from 'vitest';
import type { AgentReportInput } from '../../shared/agent-data';
import { INVENTORY_MESSAGES } from '../../shared/inventory';
import { api, baseUrl, createHardwareAsset, signUpCompany, type TestCompany } from '../support/api';
import { createKey, machine, sendReport } from '../support/agents';
import { openAndSignIn, pageLocators, signInToAssets, useChromiumPage } from '../support/browser';
import { expectNoSidewaysScroll, VIEWPORTS, type ViewportName } from '../support/layout';

/**
 * One record per device (issue 27) in Chromium, on a laptop's and a phone's screen: the "Monitored"
 * badge, the agent's facts and Accept in the hardware editor, the machine page's Add to inventory /
 * Link to an asset / Unlink, the dashboard's counts and the Settings switch that adds new machines.
 */
const currentPage = useChromiumPage();
const page = () => currentPage();
const SLOW = { timeout: 15_000 };
const { row, rowText, dialog, alertDialog } = pageLocators(page);

async function report(key: string, body: AgentReportInput) {
  const response = await sendReport(key, body);
  expect(response.status, JSON.stringify(response.body)).toBe(202);
}

const inventory = () => page().getByRole('region', { name: 'Hardware inventory' });
const inventoryButton = (name: string) => inventory().getByRole('button', { name, exact: true });
/** What has the keyboard's focus, by its accessible name or text. */
const focused = () =>
  page().evaluate(
    () => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent ?? null,
  );

/** A machine's page, in the page's session, or signing in on the way when it has none. */
async function openMachine(company: TestCompany, machineId: string, hostname: string, signIn: boolean) {
  const address = `/assets?machine=${encodeURIComponent(machineId)}`;
  if (signIn) await openAndSignIn(page(), address, company);
  else await page().goto(`${baseUrl()}${address}`);
  await expect
    .poll(() => page().getByRole('heading', { level: 3, name: hostname }).isVisible(), SLOW)
    .toBe(true);
}

/** Manual Hardware, in the page's session. */
async function openHardwareList() {
  await page().goto(`${baseUrl()}/assets?tab=hardware`);
  await page().getByRole('heading', { name: 'Assets', exact: true }).waitFor(SLOW);
}

for (const screen of Object.keys(VIEWPORTS) as ViewportName[]) {
  describe(`one record per device in Chromium (${screen}, ${VIEWPORTS[screen].width} px)`, () => {
    const fits = (what: string) => expectNoSidewaysScroll(page(), `${what} (${screen})`);

    it("shows the asset a machine reports the serial of as Monitored, with the agent's facts and Accept", async () => {
      await page().setViewportSize(VIEWPORTS[screen]);
      const company = await signUpCompany();
      const { key } = await createKey(company);

      // A person enters the laptop, with 16 GB of RAM, before its agent is installed.
      await signInToAssets(page(), company);
      await page().getByRole('button', { name: 'Add Hardware', exact: true }).click();
      const add = dialog('Add Hardware');
      await add.getByLabel('Asset Type').selectOption('Laptop');
      await add.getByLabel('Manufacturer').fill('HP');
      await add.getByLabel('Model', { exact: true }).fill('EliteBook 840 G10');
      await add.getByLabel('Serial Number').fill('5CG 1234XYZ');
      await add.getByLabel('RAM (GB)', { exact: true }).fill('16');
      await add.getByRole('button', { name: 'Save' }).click();
      await expect.poll(() => dialog('Add Hardware').count(), SLOW).toBe(0);
      await expect.poll(() => rowText('HP EliteBook 840 G10'), SLOW).toContain('5CG 1234XYZ');
      expect(await rowText('HP EliteBook 840 G10')).not.toContain(INVENTORY_MESSAGES.monitored);

      // Its agent reports the serial in lower case with spaces, and 32 GB.
      await report(
        key,
        machine({ machine_id: 'LAPTOP-1', service_tag: '  5cg   1234xyz ', memory_total_gb: 32 }),
      );
      await page().reload();
      await expect.poll(() => rowText('HP EliteBook 840 G10'), SLOW).toContain(INVENTORY_MESSAGES.monitored);
      await fits('the hardware list');

      // The editor: the agent's live facts beside the record, and where they differ.
      await page().getByRole('button', { name: 'Edit HP EliteBook 840 G10' }).click();
      const edit = dialog('Edit Hardware');
      const facts = edit.getByRole('region', { name: 'What the agent reports' });
      await expect.poll(() => facts.isVisible(), SLOW).toBe(true);
      const shown = (await facts.textContent()) ?? '';
      for (const fact of [
        'FINANCE-PC-01',
        'ACME\\jane',
        'Windows 11 Pro 23H2',
        'Intel Core i7-1365U',
        '32 GB',
      ])
        expect(shown).toContain(fact);
      expect(shown).toContain('C: 475 GB (38% used)');
      // Last seen reads as the machine page says it ("26 Nov 2026, 09:42"), not in the browser's locale.
      expect(await facts.locator('time').textContent()).toMatch(/^\d{1,2} \w{3,4} \d{4}, \d{2}:\d{2}$/);
      const differences = facts.getByRole('list', { name: 'Where the record differs' }).getByRole('listitem');
      await expect.poll(() => differences.count(), SLOW).toBe(1);
      expect(await differences.first().textContent()).toContain('Agent reports 32 GB; record says 16 GB');
      // What the person left empty was filled from the agent; what they entered was not overwritten.
      expect(await edit.getByLabel('CPU', { exact: true }).inputValue()).toBe('Intel Core i7-1365U');
      expect(await edit.getByLabel('RAM (GB)', { exact: true }).inputValue()).toBe('16');
      await fits('the hardware editor');

      // Accept, with the keyboard: the record takes 32 GB, and the focus stays in the card.
      await facts.getByRole('button', { name: `${INVENTORY_MESSAGES.accept} RAM` }).focus();
      await page().keyboard.press('Enter');
      await expect.poll(() => edit.getByLabel('RAM (GB)', { exact: true }).inputValue(), SLOW).toBe('32');
      await expect.poll(() => differences.count(), SLOW).toBe(0);
      await expect.poll(focused, SLOW).toBe('What the agent reports');

      // A reload proves it was saved.
      await page().reload();
      await expect.poll(() => row('HP EliteBook 840 G10').count(), SLOW).toBe(1);
      await page().getByRole('button', { name: 'Edit HP EliteBook 840 G10' }).click();
      await expect
        .poll(() => dialog('Edit Hardware').getByLabel('RAM (GB)', { exact: true }).inputValue(), SLOW)
        .toBe('32');
      expect(await dialog('Edit Hardware').getByText('record says').count()).toBe(0);
    }, 90_000);

    it('adds a machine to the inventory, links another to an asset it finds, and unlinks it', async () => {
      await page().setViewportSize(VIEWPORTS[screen]);
      const company = await signUpCompany();
      const { key } = await createKey(company);
      await createHardwareAsset(company, {
        manufacturer: 'Dell',
        model: 'Latitude 5440',
        serial_number: 'SN-D1',
      });
      await createHardwareAsset(company, {
        manufacturer: 'Lenovo',
        model: 'ThinkPad T14',
        serial_number: 'SN-L1',
      });
      await report(
        key,
        machine({
          machine_id: 'M-ADD',
          hostname: 'RECEPTION-PC',
          service_tag: 'NEW-1',
          model: 'ProDesk 400',
        }),
      );
      await report(key, machine({ machine_id: 'M-LINK', hostname: 'WAREHOUSE-LT', service_tag: 'NEW-2' }));

      // A machine no asset matches: Add to inventory makes one from its facts, linked.
      await openMachine(company, 'M-ADD', 'RECEPTION-PC', true);
      await expect
        .poll(() => inventoryButton(INVENTORY_MESSAGES.addToInventory).isVisible(), SLOW)
        .toBe(true);
      expect(await inventory().getByText(INVENTORY_MESSAGES.notInInventory).isVisible()).toBe(true);
      await fits('a machine not in the inventory');
      await inventoryButton(INVENTORY_MESSAGES.addToInventory).click();
      await expect
        .poll(() => inventory().getByText(INVENTORY_MESSAGES.monitored).isVisible(), SLOW)
        .toBe(true);
      expect(await inventoryButton(INVENTORY_MESSAGES.addToInventory).count()).toBe(0);
      // The pressed button is gone: the keyboard's place is the new state's first button.
      await expect.poll(focused, SLOW).toBe('Open the hardware record');
      await openHardwareList();
      await expect.poll(() => rowText('HP ProDesk 400'), SLOW).toContain(INVENTORY_MESSAGES.monitored);
      expect(await rowText('HP ProDesk 400')).toContain('NEW-1');

      // Another: Link to an asset, found by searching, with the keyboard.
      await openMachine(company, 'M-LINK', 'WAREHOUSE-LT', false);
      await inventoryButton(INVENTORY_MESSAGES.linkToAsset).click();
      const picker = dialog(INVENTORY_MESSAGES.linkToAsset);
      const choices = picker.getByRole('list', { name: 'Hardware assets' }).getByRole('listitem');
      await expect.poll(() => choices.count(), SLOW).toBe(3);
      // The asset already linked is shown as such and cannot be picked.
      expect(await picker.getByRole('button', { name: 'Link to HP ProDesk 400' }).isDisabled()).toBe(true);
      await fits('the asset picker');
      await picker.getByLabel('Search hardware').fill('lenovo');
      await expect
        .poll(() => choices.allTextContents(), SLOW)
        .toEqual([expect.stringContaining('ThinkPad T14')]);
      await picker.getByLabel('Search hardware').press('Tab');
      while ((await focused()) !== 'Link to Lenovo ThinkPad T14') await page().keyboard.press('Tab');
      await page().keyboard.press('Enter');
      await expect.poll(() => picker.count(), SLOW).toBe(0);
      await expect
        .poll(() => inventory().getByText(INVENTORY_MESSAGES.monitored).isVisible(), SLOW)
        .toBe(true);
      await expect.poll(focused, SLOW).toBe('Open the hardware record');
      // It names the asset it is.
      await expect
        .poll(() => inventory().textContent(), SLOW)
        .toContain('This machine is Lenovo ThinkPad T14 SN-L1');
      await fits('a linked machine');

      // Open the hardware record: the Lenovo's editor, with the agent's facts.
      await inventoryButton('Open the hardware record').click();
      await expect
        .poll(() => dialog('Edit Hardware').getByLabel('Model', { exact: true }).inputValue(), SLOW)
        .toBe('ThinkPad T14');
      expect(await dialog('Edit Hardware').getByText('WAREHOUSE-LT').isVisible()).toBe(true);
      await dialog('Edit Hardware').getByRole('button', { name: 'Cancel' }).click();

      // Unlink asks first; Cancel keeps the link, Unlink ends it.
      await inventoryButton(INVENTORY_MESSAGES.unlink).click();
      const confirm = alertDialog(INVENTORY_MESSAGES.unlinkConfirm);
      await expect.poll(() => confirm.isVisible(), SLOW).toBe(true);
      await fits('the unlink question');
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await expect.poll(() => confirm.count()).toBe(0);
      expect(await inventory().getByText(INVENTORY_MESSAGES.monitored).isVisible()).toBe(true);
      await inventoryButton(INVENTORY_MESSAGES.unlink).click();
      await confirm.getByRole('button', { name: INVENTORY_MESSAGES.unlink }).click();
      await expect
        .poll(() => inventoryButton(INVENTORY_MESSAGES.addToInventory).isVisible(), SLOW)
        .toBe(true);
      await expect.poll(focused, SLOW).toBe(INVENTORY_MESSAGES.addToInventory);
      await openHardwareList();
      await expect
        .poll(() => rowText('Lenovo ThinkPad T14'), SLOW)
        .not.toContain(INVENTORY_MESSAGES.monitored);
      expect(await rowText('HP ProDesk 400')).toContain(INVENTORY_MESSAGES.monitored);
    }, 90_000);

    it('names a linked asset without a make or model by what is known of it', async () => {
      await page().setViewportSize(VIEWPORTS[screen]);
      const company = await signUpCompany();
      const { key } = await createKey(company);
      await createHardwareAsset(company, { asset_type: 'Desktop', serial_number: 'SN-NOMAKE-1' });
      // Its agent knows no make or model either (a virtual machine's firmware, an older agent).
      await report(
        key,
        machine({
          machine_id: 'BARE-1',
          hostname: 'BARE-1',
          service_tag: 'SN-NOMAKE-1',
          manufacturer: null,
          model: null,
        }),
      );
      await openMachine(company, 'BARE-1', 'BARE-1', true);
      await expect
        .poll(() => inventory().textContent(), SLOW)
        .toContain('This machine is an asset of type Desktop, no make or model SN-NOMAKE-1');
      expect(await inventory().textContent()).not.toContain('This machine is Desktop');
      await fits('a machine linked to an asset without a make or model');
    });

    it('counts monitored assets on the dashboard, and adds new machines once Settings says so', async () => {
      await page().setViewportSize(VIEWPORTS[screen]);
      const company = await signUpCompany();
      const { key } = await createKey(company);
      await createHardwareAsset(company, {
        manufacturer: 'Dell',
        model: 'Latitude 5440',
        serial_number: 'SN-D1',
      });
      await createHardwareAsset(company, {
        manufacturer: 'Lenovo',
        model: 'ThinkPad T14',
        serial_number: 'SN-L1',
      });
      await createHardwareAsset(company, {
        manufacturer: 'Apple',
        model: 'MacBook Air',
        serial_number: 'SN-A1',
      });
      await report(key, machine({ machine_id: 'M-1', service_tag: 'sn-d1' }));
      await report(key, machine({ machine_id: 'M-2', hostname: 'LAB-1', service_tag: 'LAB-SERIAL-1' }));
      await report(key, machine({ machine_id: 'M-3', hostname: 'LAB-2', service_tag: 'LAB-SERIAL-2' }));

      await openAndSignIn(page(), '/', company);
      const chart = page().getByRole('list', { name: 'Monitored assets', exact: true }).getByRole('listitem');
      await expect
        .poll(async () => (await chart.allTextContents()).map((text) => text.trim()), SLOW)
        .toEqual(['Assets monitored: 1', 'Assets not monitored: 2', 'Machines not in the inventory: 2']);
      await fits('the dashboard');
      const toMachines = page().getByRole('link', { name: 'Add or link the machines not in the inventory' });
      await toMachines.click();
      await expect
        .poll(() => page().getByRole('tab', { name: 'Agent Monitoring' }).getAttribute('aria-selected'), SLOW)
        .toBe('true');

      // Settings: the switch, off by default, turned on with the keyboard.
      await page().goto(`${baseUrl()}/settings`);
      const toggle = page().getByRole('switch', { name: INVENTORY_MESSAGES.autoAddLabel });
      await expect.poll(() => toggle.isVisible(), SLOW).toBe(true);
      expect(await toggle.isChecked()).toBe(false);
      expect(await page().getByText(INVENTORY_MESSAGES.autoAddDescription).isVisible()).toBe(true);
      await fits('Settings');
      await toggle.focus();
      await page().keyboard.press('Space');
      await expect
        .poll(() => page().getByText('New machines will be added to the inventory.').isVisible(), SLOW)
        .toBe(true);
      await page().reload();
      await expect.poll(() => toggle.isChecked(), SLOW).toBe(true);

      // A new machine's first report now makes it an asset, monitored.
      await report(
        key,
        machine({ machine_id: 'M-4', hostname: 'NEW-DESK', service_tag: 'SN-NEW', model: 'Z2 G9' }),
      );
      await openHardwareList();
      await expect.poll(() => rowText('HP Z2 G9'), SLOW).toContain(INVENTORY_MESSAGES.monitored);
      expect(await rowText('HP Z2 G9')).toContain('SN-NEW');
      await fits('the hardware list');
    }, 90_000);

    it('says why a link is refused when the asset was linked to another machine meanwhile', async () => {
      await page().setViewportSize(VIEWPORTS[screen]);
      const company = await signUpCompany();
      const { key } = await createKey(company);
      const lenovo = await createHardwareAsset(company, {
        manufacturer: 'Lenovo',
        model: 'ThinkPad T14',
        serial_number: 'SN-L1',
      });
      await report(key, machine({ machine_id: 'M-LATE', hostname: 'LATE-PC', service_tag: 'NEW-3' }));
      await report(key, machine({ machine_id: 'M-FIRST', hostname: 'FIRST-PC', service_tag: 'NEW-4' }));

      await openMachine(company, 'M-LATE', 'LATE-PC', true);
      await inventoryButton(INVENTORY_MESSAGES.linkToAsset).click();
      const picker = dialog(INVENTORY_MESSAGES.linkToAsset);
      const pick = picker.getByRole('button', { name: 'Link to Lenovo ThinkPad T14' });
      await expect.poll(() => pick.isEnabled(), SLOW).toBe(true);
      // Someone else links the Lenovo to another machine while the picker is open.
      const other = await api('/api/agents/M-FIRST/link', {
        method: 'POST',
        token: company.accessToken,
        body: { hardware_asset_id: lenovo.id },
      });
      expect(other.status, JSON.stringify(other.body)).toBe(200);

      await pick.click();
      await expect
        .poll(() => picker.getByRole('alert').textContent(), SLOW)
        .toContain(INVENTORY_MESSAGES.alreadyLinked);
      await fits('a refused link');
      // Closing the picker clears the refusal; the machine is still not in the inventory.
      await picker.getByRole('button', { name: 'Close' }).click();
      await expect.poll(() => picker.count()).toBe(0);
      expect(await inventory().getByRole('alert').count()).toBe(0);
      expect(await inventoryButton(INVENTORY_MESSAGES.addToInventory).isVisible()).toBe(true);

      // An asset with the machine's serial number, unlinked by a person: Add to inventory is refused
      // (it would be a second record of the device), and the page says what to do instead.
      await createHardwareAsset(company, { manufacturer: 'HP', model: 'EliteBook', serial_number: 'NEW-3' });
      const unlinked = await api('/api/agents/M-LATE/unlink', { method: 'POST', token: company.accessToken });
      expect(unlinked.status, JSON.stringify(unlinked.body)).toBe(200);
      await inventoryButton(INVENTORY_MESSAGES.addToInventory).click();
      await expect
        .poll(() => inventory().getByRole('alert').textContent(), SLOW)
        .toContain(`use “${INVENTORY_MESSAGES.linkToAsset}”`);
      expect(await inventoryButton(INVENTORY_MESSAGES.addToInventory).isEnabled()).toBe(true);
      await fits('a refused addition');
    }, 60_000);
  });
}
