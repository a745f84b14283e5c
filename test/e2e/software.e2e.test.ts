import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { localIsoDate } from '../../web/src/components/csv-report';
import { organizationIdOf, signUpCompany } from '../support/api';
import { signInToAssets, useChromiumPage } from '../support/browser';
import { seedChangeSet, seedInstallations, seedMachine } from '../support/software';

/**
 * Assets → Software and a machine's Timeline in Chromium (issue 27), at 1280 px and at a phone's
 * 390 px, over the items the report path keeps (seeded through its item modules).
 */
const currentPage = useChromiumPage();
const page = () => currentPage();
const SLOW = { timeout: 15_000 };
const DAY = 86_400_000;

async function companyWithSoftware() {
  const company = await signUpCompany();
  const organizationId = await organizationIdOf(company);
  const now = Date.now();
  const ago = (days: number) => new Date(now - days * DAY).toISOString();
  for (const index of [1, 2, 3]) {
    await seedMachine(organizationId, {
      machine_id: `E2E-M${index}`,
      hostname: `SALES-PC-0${index}`,
      last_seen: ago(0),
    });
  }
  await seedInstallations(organizationId, 'Google Chrome', [
    { machine_id: 'E2E-M1', versions: ['120.0.1'], since: ago(9) },
    { machine_id: 'E2E-M2', versions: ['120.0.1'], since: ago(8) },
    { machine_id: 'E2E-M3', versions: ['119.0.5'], since: ago(7) },
  ]);
  await seedInstallations(organizationId, '=cmd|calc', [
    { machine_id: 'E2E-M1', versions: ['1'], since: ago(3) },
  ]);
  await seedInstallations(organizationId, 'Zoom Workplace', [
    { machine_id: 'E2E-M2', versions: ['5.17'], since: ago(2) },
  ]);
  await seedChangeSet(organizationId, 'E2E-M1', ago(9), [
    { kind: 'software_installed', detail: { subject: 'Google Chrome', from: null, to: '120.0.1' } },
  ]);
  await seedChangeSet(organizationId, 'E2E-M1', ago(5), [
    { kind: 'hardware_changed', detail: { subject: 'memory', from: '16 GB', to: '32 GB' } },
    { kind: 'user_changed', detail: { subject: 'user', from: 'ACME\\jane', to: 'ACME\\john' } },
  ]);
  return company;
}

const programRows = () => page().getByRole('table', { name: 'Software' }).locator('tbody tr');
const timelineEvents = () => page().getByRole('region', { name: 'Timeline' }).getByRole('listitem');
const noSideScroll = () => page().evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe('the software inventory and the machine timeline in Chromium', () => {
  it('lists, searches and exports programs, shows a program’s machines by version, and a machine’s timeline filtered (1280 px)', async () => {
    const company = await companyWithSoftware();
    await signInToAssets(page(), company, '/assets?tab=software');
    await expect.poll(() => programRows().count(), SLOW).toBe(3);
    expect(await programRows().first().textContent()).toContain('=cmd|calc');
    expect(await page().getByTestId('software-shown').textContent()).toBe('Showing 3 of 3 programs');
    const chrome = programRows().filter({ hasText: 'Google Chrome' });
    expect(await chrome.getByRole('cell').nth(0).textContent()).toBe('3');
    expect(await chrome.getByRole('list', { name: 'Versions of Google Chrome' }).textContent()).toBe(
      '120.0.12119.0.51',
    );

    const download = page().waitForEvent('download', SLOW);
    await page().getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`software-${localIsoDate(new Date())}.csv`);
    const csv = (await readFile(await file.path(), 'utf8')).split('\r\n');
    expect(csv.slice(0, 3)).toEqual([
      '\uFEFF"Program","Machines","Versions"',
      '"\'=cmd|calc","1","1 (1)"',
      '"Google Chrome","3","120.0.1 (2); 119.0.5 (1)"',
    ]);
    await expect
      .poll(() =>
        page()
          .getByText(/^Exported 3 programs to software-/)
          .isVisible(),
      )
      .toBe(true);

    await page().getByLabel('Search software').fill('zoom');
    await expect
      .poll(() => programRows().allTextContents(), SLOW)
      .toEqual([expect.stringContaining('Zoom Workplace')]);
    await page().getByLabel('Search software').fill('nothing-like-it');
    await expect
      .poll(() => page().getByRole('heading', { name: 'No programs match your search' }).isVisible(), SLOW)
      .toBe(true);
    await page().getByRole('button', { name: 'Clear search' }).click();
    await expect.poll(() => programRows().count(), SLOW).toBe(3);

    // By keyboard: the program's name is a button.
    await page().getByRole('button', { name: 'Google Chrome' }).focus();
    await page().keyboard.press('Enter');
    await expect
      .poll(() => page().getByRole('heading', { name: 'Google Chrome', level: 3 }).isVisible(), SLOW)
      .toBe(true);
    const machineRows = () =>
      page().getByRole('table', { name: 'Machines with Google Chrome' }).locator('tbody tr');
    await expect.poll(() => machineRows().count(), SLOW).toBe(3);
    expect(await page().getByTestId('software-machines-shown').textContent()).toBe('Showing 3 of 3 machines');
    await page().getByRole('combobox', { name: 'Version' }).selectOption('119.0.5');
    await expect
      .poll(() => machineRows().allTextContents(), SLOW)
      .toEqual([expect.stringContaining('SALES-PC-03')]);

    const machinesCsv = page().waitForEvent('download', SLOW);
    await page().getByRole('button', { name: 'Export CSV' }).click();
    const machinesFile = await machinesCsv;
    expect(machinesFile.suggestedFilename()).toBe(`software-google-chrome-${localIsoDate(new Date())}.csv`);
    const machinesText = await readFile(await machinesFile.path(), 'utf8');
    expect(machinesText.split('\r\n')[1]).toMatch(
      /^"SALES-PC-03","E2E-M3","119\.0\.5","\d\d\/\d\d\/\d{4}","\d\d\/\d\d\/\d{4}"$/,
    );

    await page().getByRole('combobox', { name: 'Version' }).selectOption('*');
    await expect.poll(() => machineRows().count(), SLOW).toBe(3);
    await page().getByRole('link', { name: 'SALES-PC-01' }).click();
    await expect.poll(() => timelineEvents().count(), SLOW).toBe(3);
    expect(await timelineEvents().allTextContents()).toEqual([
      expect.stringContaining('Memory 16 GB → 32 GB'),
      expect.stringContaining('User ACME\\jane → ACME\\john'),
      expect.stringContaining('Installed Google Chrome 120.0.1'),
    ]);
    await page()
      .getByRole('group', { name: 'Show events' })
      .getByRole('button', { name: 'Software' })
      .click();
    await expect
      .poll(() => timelineEvents().allTextContents(), SLOW)
      .toEqual([expect.stringContaining('Installed Google Chrome 120.0.1')]);
    expect(await page().getByRole('button', { name: 'Software', pressed: true }).count()).toBe(1);
    await page().getByRole('button', { name: 'OS', exact: true }).click();
    await expect.poll(() => page().getByText('No changes of this kind.').isVisible(), SLOW).toBe(true);
  }, 90_000);

  it('fits a phone: the programs, a program’s machines and the timeline at 390 px', async () => {
    const company = await companyWithSoftware();
    await page().setViewportSize({ width: 390, height: 844 });
    await signInToAssets(page(), company, '/assets?tab=software');
    await expect.poll(() => programRows().count(), SLOW).toBe(3);
    expect(await noSideScroll()).toBe(true);
    await page().getByRole('button', { name: 'Zoom Workplace' }).click();
    await expect.poll(() => page().getByRole('link', { name: 'SALES-PC-02' }).isVisible(), SLOW).toBe(true);
    expect(await noSideScroll()).toBe(true);
    await page().getByRole('button', { name: '← Back to Software' }).click();
    await expect.poll(() => programRows().count(), SLOW).toBe(3);

    await page().goto(`${new URL(page().url()).origin}/assets?machine=E2E-M1`);
    await expect.poll(() => timelineEvents().count(), SLOW).toBe(3);
    await page().getByRole('button', { name: 'Hardware' }).click();
    await expect
      .poll(() => timelineEvents().allTextContents(), SLOW)
      .toEqual([expect.stringContaining('Memory 16 GB → 32 GB')]);
    expect(await noSideScroll()).toBe(true);
  });
});
