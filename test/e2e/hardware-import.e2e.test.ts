import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { DashboardResponse } from '../../shared/api';
import { PLAN_LIMIT_MESSAGES, TRIAL_ASSET_LIMIT } from '../../shared/billing';
import { IMPORT_MESSAGES, importTemplateCsv } from '../../shared/hardware-import';
import { api, signUpCompany, signUpUnlimitedCompany } from '../support/api';
import { pageLocators, signInToAssets, useChromiumPage } from '../support/browser';
import { listAssets } from '../support/hardware';
import {
  expectInViewHorizontally,
  expectNoSidewaysScroll,
  VIEWPORTS,
  type ViewportName,
} from '../support/layout';

const currentPage = useChromiumPage();
const page = () => currentPage();
const SLOW = { timeout: 15_000 };
const { dialog } = pageLocators(page);

async function csvFile(name: string, lines: string[]): Promise<string> {
  const folder = await mkdtemp(path.join(tmpdir(), 'hardware-import-'));
  const file = path.join(folder, name);
  await writeFile(file, lines.join('\r\n'));
  return file;
}

async function openImport() {
  await page().getByRole('button', { name: 'Import CSV' }).click();
  const importDialog = dialog('Import CSV');
  await expect.poll(() => importDialog.isVisible()).toBe(true);
  return importDialog;
}

const totalHardware = async (token: string) =>
  (await api<DashboardResponse>('/api/dashboard', { token })).body.total_hardware;

/**
 * Assets → Manual Hardware → Import CSV (issue 34): the template, files refused as a whole (at the
 * plan's limit, with nothing imported), and a file uploaded once and imported by its job, followed
 * with a progress bar that goes on when the dialog is closed, then its counts, ignored columns and
 * failed rows as a CSV download.
 */
describe('Assets → Manual Hardware → Import CSV in Chromium', () => {
  it('offers the template and refuses a file that is no CSV or lacks a required column, at the file', async () => {
    const company = await signUpCompany();
    const textFile = await csvFile('inventory.txt', ['not a csv']);
    const noModelFile = await csvFile('no-model.csv', ['asset_type,manufacturer', 'Laptop,Dell']);

    await signInToAssets(page(), company);
    await expect.poll(() => page().getByText('No hardware assets yet').isVisible(), SLOW).toBe(true);
    const importDialog = await openImport();
    const [download] = await Promise.all([
      page().waitForEvent('download'),
      importDialog.getByRole('button', { name: 'Download template' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('hardware-import-template.csv');
    expect(await readFile(await download.path(), 'utf8')).toBe(importTemplateCsv());

    await importDialog.getByLabel('CSV file').setInputFiles(textFile);
    await expect.poll(() => importDialog.getByText(IMPORT_MESSAGES.notCsv).isVisible()).toBe(true);
    expect(await importDialog.getByRole('button', { name: 'Import', exact: true }).isDisabled()).toBe(true);

    await importDialog.getByLabel('CSV file').setInputFiles(noModelFile);
    await importDialog.getByRole('button', { name: 'Import', exact: true }).click();
    await expect
      .poll(() => importDialog.getByText('Missing required column: model.').isVisible(), SLOW)
      .toBe(true);
    expect(await listAssets(company)).toEqual([]);
  });

  for (const screen of Object.keys(VIEWPORTS) as ViewportName[]) {
    describe(`at ${VIEWPORTS[screen].width} px`, () => {
      it('refuses a 2,000-row file in a trial organisation whole: the limit’s message, nothing imported, no count', async () => {
        await page().setViewportSize(VIEWPORTS[screen]);
        const company = await signUpCompany('Trial Import Ltd');
        // Issue 34's file: 533 bad rows first, so that its first 1,000 rows alone (467 good) would fit
        // the trial's 500; its 1,467 good rows together do not.
        const rows = Array.from({ length: 2000 }, (_, index) =>
          index < 533 ? `Laptop,Dell,,TRIAL-${index}` : `Laptop,Dell,Latitude ${index},TRIAL-${index}`,
        );
        const file = await csvFile('fleet.csv', ['Asset Type,Manufacturer,Model,Serial Number', ...rows]);

        await signInToAssets(page(), company);
        const importDialog = await openImport();
        await importDialog.getByLabel('CSV file').setInputFiles(file);
        await importDialog.getByRole('button', { name: 'Import', exact: true }).click();
        const message = PLAN_LIMIT_MESSAGES.importTooMany(null, TRIAL_ASSET_LIMIT, 0, 1467);
        await expect.poll(() => importDialog.getByText(message).isVisible(), SLOW).toBe(true);
        expect(message).toContain('Nothing was imported');
        expect(
          await importDialog.getByRole('heading', { name: 'The file was not imported' }).isVisible(),
        ).toBe(true);
        expect(await importDialog.getByText('Imported successfully').count()).toBe(0);
        expect(await importDialog.getByRole('progressbar').count()).toBe(0);
        await expectNoSidewaysScroll(page(), `the refused import at ${screen}`);
        expect(await totalHardware(company.accessToken)).toBe(0);
      });

      it('imports a file uploaded once, with progress that goes on when the dialog is closed, then its counts, ignored columns and failed rows', async () => {
        await page().setViewportSize(VIEWPORTS[screen]);
        const company = await signUpUnlimitedCompany('Job Import Ltd');
        const lines = ['Asset Type,Manufacturer,Model,Serial Number,Purchase Date,Cost Centre,PO Number'];
        // 1,501 rows: a job of several steps. Row 1,002 names no model; row 1,502 repeats row 2's serial.
        for (let index = 0; index < 1500; index++) {
          lines.push(
            index === 1000
              ? 'Laptop,Dell,,,15/01/2025,CC-1,PO-1'
              : `Laptop,Dell,Latitude ${index},JOB-${index},15/01/2025,CC-${index},`,
          );
        }
        lines.push('Tablet,Apple,"iPad, 11""",JOB-0,,,');
        const file = await csvFile('Warehouse.csv', lines);

        await signInToAssets(page(), company);
        let importDialog = await openImport();
        await importDialog.getByLabel('CSV file').setInputFiles(file);
        await importDialog.getByRole('button', { name: 'Import', exact: true }).click();
        const progress = importDialog.getByRole('progressbar', { name: /of 1,501 rows/ });
        await expect.poll(() => progress.isVisible(), SLOW).toBe(true);
        expect(await progress.getAttribute('max')).toBe('1501');
        expect(
          await importDialog
            .getByText('The import continues if you close this window.', { exact: false })
            .isVisible(),
        ).toBe(true);
        await expectNoSidewaysScroll(page(), `the import's progress at ${screen}`);

        // Closed while it runs: the job goes on, and the list shows its rows when it ends.
        // The footer's Close (the corner's × is named Close too).
        const close = importDialog.locator('button', { hasText: /^Close$/ });
        await expectInViewHorizontally(close, 'Close');
        await close.click();
        await expect.poll(() => dialog('Import CSV').count()).toBe(0);
        // Newest first: the file's last rows lead the list (a table at 1280 px, cards on a phone).
        const lastImported = page().locator('.data-table__name', { hasText: 'Dell Latitude 1499' });
        await expect.poll(() => lastImported.count(), { timeout: 90_000 }).toBe(1);
        expect(await page().getByText('JOB-1499', { exact: true }).first().isVisible()).toBe(true);

        // Opened again: the import's result, until Done.
        importDialog = await openImport();
        await expect
          .poll(() => importDialog.getByRole('heading', { name: 'Import finished' }).isVisible(), SLOW)
          .toBe(true);
        expect(await importDialog.locator('.import-counts').textContent()).toBe(
          'Imported successfully1,499Failed2',
        );
        expect(await importDialog.getByText('Ignored columns: Cost Centre, PO Number').isVisible()).toBe(
          true,
        );
        const errorRows = importDialog.getByRole('region', { name: 'Rows that failed' }).getByRole('row');
        expect(await errorRows.count()).toBe(3);
        expect(await errorRows.nth(1).getByRole('cell').allTextContents()).toEqual([
          '1002',
          'manufacturer and model are required',
        ]);
        expect((await errorRows.nth(2).getByRole('cell').allTextContents())[0]).toBe('1502');
        await expectNoSidewaysScroll(page(), `the import's result at ${screen}`);

        const downloadButton = importDialog.getByRole('button', { name: 'Download failed rows (CSV)' });
        await expectInViewHorizontally(downloadButton, 'Download failed rows (CSV)');
        const [download] = await Promise.all([page().waitForEvent('download'), downloadButton.click()]);
        expect(download.suggestedFilename()).toBe('Warehouse-failed-rows.csv');
        const text = await readFile(await download.path(), 'utf8');
        expect(Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data).toEqual([
          [...lines[0]!.split(','), 'error'],
          ['Laptop', 'Dell', '', '', '15/01/2025', 'CC-1', 'PO-1', 'manufacturer and model are required'],
          [
            'Tablet',
            'Apple',
            'iPad, 11"',
            'JOB-0',
            '',
            '',
            '',
            'The serial number JOB-0 also appears in row 2',
          ],
        ]);

        await importDialog.getByRole('button', { name: 'Done' }).click();
        await expect.poll(() => dialog('Import CSV').count()).toBe(0);
        importDialog = await openImport();
        // Done closed the result: the dialog offers a new file.
        expect(await importDialog.getByLabel('CSV file').isVisible()).toBe(true);
        expect(await totalHardware(company.accessToken)).toBe(1499);
        const imported = await listAssets(company);
        expect(imported.find((asset) => asset.serial_number === 'JOB-1499')?.purchase_date).toBe(
          '2025-01-15',
        );
      }, 150_000);
    });
  }
});
