import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DashboardResponse } from '../../shared/api';
import { IMPORT_MESSAGES, importTemplateCsv } from '../../shared/hardware-import';
import { api, signUpCompany, signUpUnlimitedCompany } from '../support/api';
import { pageLocators, signInToAssets, useChromiumPage } from '../support/browser';
import { listAssets } from '../support/hardware';

const currentPage = useChromiumPage();
const page = () => currentPage();
const SLOW = { timeout: 15_000 };
const { rowText, rowCount, dialog } = pageLocators(page);

/**
 * Assets → Manual Hardware → Import CSV: the template, files refused as a whole, failed rows by their
 * number, and large files sent in parts with a progress bar.
 */
describe('Assets → Manual Hardware in Chromium', () => {
  it('imports a CSV file and shows the counts and the failed row with its number', async () => {
    const company = await signUpCompany();
    const folder = await mkdtemp(path.join(tmpdir(), 'hardware-import-'));
    const csvFile = path.join(folder, 'inventory.csv');
    await writeFile(
      csvFile,
      [
        'Type,Manufacturer,Model,Serial,Tag,Assigned To,RAM',
        'Laptop,Apple,MacBook Pro 14,SN-MBP-1,IT-100,Ann Admin,16 GB',
        'Spaceship,Acme,Rocket 1,SN-ROCKET,IT-101,,',
        'Monitor,Dell,"U2723QE, 27""",SN-U27,IT-102,,',
      ].join('\r\n'),
    );
    const textFile = path.join(folder, 'inventory.txt');
    await writeFile(textFile, 'not a csv');
    const noModelFile = path.join(folder, 'no-model.csv');
    await writeFile(noModelFile, 'asset_type,manufacturer\nLaptop,Dell\n');

    await signInToAssets(page(), company);
    await expect.poll(() => page().getByText('No hardware assets yet').isVisible(), SLOW).toBe(true);
    await page().getByRole('button', { name: 'Import CSV' }).click();
    const importDialog = dialog('Import CSV');
    await expect.poll(() => importDialog.isVisible()).toBe(true);

    const [download] = await Promise.all([
      page().waitForEvent('download'),
      importDialog.getByRole('button', { name: 'Download template' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('hardware-import-template.csv');
    expect(await readFile(await download.path(), 'utf8')).toBe(importTemplateCsv());

    await importDialog.getByLabel('CSV file').setInputFiles(textFile);
    await expect.poll(() => importDialog.getByText(IMPORT_MESSAGES.notCsv).isVisible()).toBe(true);
    expect(await importDialog.getByRole('button', { name: 'Import', exact: true }).isDisabled()).toBe(true);

    // A file the server refuses as a whole: its message, at the file field, and nothing imported.
    await importDialog.getByLabel('CSV file').setInputFiles(noModelFile);
    await importDialog.getByRole('button', { name: 'Import', exact: true }).click();
    await expect
      .poll(() => importDialog.getByText('Missing required column: model.').isVisible(), SLOW)
      .toBe(true);
    expect(await listAssets(company)).toEqual([]);

    await importDialog.getByLabel('CSV file').setInputFiles(csvFile);
    await importDialog.getByRole('button', { name: 'Import', exact: true }).click();
    await expect
      .poll(() => importDialog.getByRole('heading', { name: 'Import finished' }).isVisible(), SLOW)
      .toBe(true);
    const counts = await importDialog.locator('.import-counts').textContent();
    expect(counts).toBe('Imported successfully2Failed1');
    const errorRows = importDialog.getByRole('region', { name: 'Rows that failed' }).getByRole('row');
    expect(await errorRows.count()).toBe(2);
    const cells = await errorRows.nth(1).getByRole('cell').allTextContents();
    expect(cells[0]).toBe('3');
    expect(cells[1]).toMatch(/asset type/i);

    await importDialog.getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => dialog('Import CSV').count()).toBe(0);
    await expect.poll(() => rowCount('Apple MacBook Pro 14'), SLOW).toBe(1);
    expect(await rowText('Dell U2723QE, 27"')).toContain('SN-U27');
    expect(await rowText('Apple MacBook Pro 14')).toContain('Ann Admin');
    const imported = await listAssets(company);
    expect(imported.map((asset) => asset.serial_number).sort()).toEqual(['SN-MBP-1', 'SN-U27']);
    expect(imported.find((asset) => asset.serial_number === 'SN-MBP-1')?.ram_gb).toBe(16);
  });

  it('imports a large file in parts, numbering rows across parts, with a progress bar', async () => {
    const company = await signUpUnlimitedCompany();
    const folder = await mkdtemp(path.join(tmpdir(), 'hardware-import-'));
    const csvFile = path.join(folder, 'large.csv');
    const lines = ['asset_type,manufacturer,model,serial_number'];
    // 1,100 data rows: two parts (1,000 + 100). Row 1,052 (in the second part) names no model.
    for (let index = 0; index < 1100; index++) {
      lines.push(index === 1050 ? 'Laptop,Dell,,' : `Laptop,Dell,Latitude ${index},BULK-${index}`);
    }
    await writeFile(csvFile, lines.join('\n'));

    await signInToAssets(page(), company);
    await page().getByRole('button', { name: 'Import CSV' }).click();
    const importDialog = dialog('Import CSV');
    await importDialog.getByLabel('CSV file').setInputFiles(csvFile);
    await importDialog.getByRole('button', { name: 'Import', exact: true }).click();
    const progress = importDialog.getByRole('progressbar', { name: /Imported \d+ of 1,100 rows/ });
    await expect.poll(() => progress.isVisible()).toBe(true);
    expect(await progress.getAttribute('max')).toBe('1100');
    // Closing is not offered while parts are being sent.
    expect(await importDialog.getByRole('button', { name: 'Cancel' }).isDisabled()).toBe(true);

    await expect
      .poll(() => importDialog.getByRole('heading', { name: 'Import finished' }).isVisible(), {
        timeout: 90_000,
      })
      .toBe(true);
    const errorRows = importDialog.getByRole('region', { name: 'Rows that failed' }).getByRole('row');
    expect(await errorRows.count()).toBe(2);
    expect((await errorRows.nth(1).getByRole('cell').allTextContents())[0]).toBe('1052');
    const dashboard = await api<DashboardResponse>('/api/dashboard', { token: company.accessToken });
    expect(dashboard.body.total_hardware).toBe(1099);
    expect(await importDialog.locator('.import-counts').textContent()).toBe(
      'Imported successfully1,099Failed1',
    );
  }, 120_000);
});
