import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { DashboardResponse } from '../../shared/api';
import {
  HARDWARE_MESSAGES,
  HARDWARE_FIELDS,
  isoDate,
  type HardwareAsset,
  type HardwareListResponse,
} from '../../shared/hardware';
import { IMPORT_MESSAGES, importTemplateCsv } from '../../shared/hardware-import';
import {
  api,
  baseUrl,
  createHardwareAsset,
  signUpCompany,
  signUpUnlimitedCompany,
  type TestCompany,
} from '../support/api';
import { signInThroughForm, useChromiumPage } from '../support/browser';

/** What an edit sends: the editable fields only (the API refuses the read-only ones by name). */
function editableFields(asset: HardwareAsset): Partial<Record<(typeof HARDWARE_FIELDS)[number], unknown>> {
  return Object.fromEntries(HARDWARE_FIELDS.map((field) => [field, asset[field]]));
}

const currentPage = useChromiumPage();
const page = () => currentPage();
const SLOW = { timeout: 15_000 };

function signIn(company: TestCompany, address = '/assets?tab=hardware') {
  return signInThroughForm(page(), `${baseUrl()}${address}`, company, 'Assets');
}

async function listAssets(company: TestCompany): Promise<HardwareAsset[]> {
  const response = await api<HardwareListResponse>('/api/hardware?limit=100', { token: company.accessToken });
  expect(response.status).toBe(200);
  return response.body.items;
}

const row = (name: string) => page().getByRole('row').filter({ hasText: name });
const rowText = (name: string) => row(name).textContent();
const rowCount = (name: string) => row(name).count();
const dialog = (name: string) => page().getByRole('dialog', { name });
const focusedName = () => page().evaluate(() => document.activeElement?.getAttribute('name') ?? null);

describe('Assets → Manual Hardware in Chromium', () => {
  it('adds, edits, filters, searches, bulk-changes the status of and deletes hardware', async () => {
    const company = await signUpCompany();
    await createHardwareAsset(company, {
      manufacturer: 'HP',
      model: 'EliteBook 840',
      serial_number: 'SN-HP-840',
      status: 'In Storage',
      assigned_to: 'Bob Brown',
    });
    await createHardwareAsset(company, {
      manufacturer: 'Lenovo',
      model: 'ThinkPad T14',
      serial_number: 'SN-LEN-T14',
    });

    // Agent Monitoring is the default tab; Manual Hardware is kept in the address across a reload.
    await signIn(company, '/assets');
    expect(await page().getByRole('tab', { name: 'Agent Monitoring' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    await page().getByRole('tab', { name: 'Manual Hardware' }).click();
    await expect.poll(() => new URL(page().url()).search).toBe('?tab=hardware');
    await page().reload();
    await expect
      .poll(() => page().getByRole('tab', { name: 'Manual Hardware' }).getAttribute('aria-selected'), SLOW)
      .toBe('true');
    await expect.poll(() => rowCount('HP EliteBook 840'), SLOW).toBe(1);

    // The Add dialog: Escape closes it and focus goes back to the button that opened it.
    const addButton = page().getByRole('button', { name: 'Add Hardware', exact: true });
    await addButton.click();
    await expect.poll(() => dialog('Add Hardware').isVisible()).toBe(true);
    expect(await focusedName()).toBe('asset_type');
    await page().keyboard.press('Escape');
    await expect.poll(() => dialog('Add Hardware').count()).toBe(0);
    expect(await page().evaluate(() => document.activeElement?.textContent)).toBe('Add Hardware');

    // Focus stays in the dialog: Shift+Tab from the first field reaches Close, then wraps round to Save.
    await addButton.click();
    const add = dialog('Add Hardware');
    await expect.poll(focusedName).toBe('asset_type');
    await page().keyboard.press('Shift+Tab');
    expect(await page().evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Close');
    await page().keyboard.press('Shift+Tab');
    expect(await page().evaluate(() => document.activeElement?.textContent)).toBe('Save');
    await page().keyboard.press('Tab');
    expect(await page().evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Close');

    // Saving without an asset type marks that field, says it is required (SPEC 5) and focuses it.
    await add.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => add.getByText('Asset type is required', { exact: true }).isVisible()).toBe(true);
    expect(await add.getByText('must be one of').count()).toBe(0);
    expect(await focusedName()).toBe('asset_type');
    expect(await add.getByLabel('Asset Type').getAttribute('aria-invalid')).toBe('true');

    // A serial number another asset has is refused by the server and shown at the field.
    await add.getByLabel('Asset Type').selectOption('Laptop');
    await add.getByLabel('Manufacturer').fill('Dell');
    await add.getByLabel('Model').fill('Latitude 5440');
    await add.getByLabel('Serial Number').fill('SN-HP-840');
    await add.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => add.getByText(HARDWARE_MESSAGES.saveFailed).isVisible(), SLOW).toBe(true);
    expect(await focusedName()).toBe('serial_number');
    expect(await add.getByLabel('Serial Number').getAttribute('aria-invalid')).toBe('true');

    await add.getByLabel('Serial Number').fill('SN-DELL-5440');
    await add.getByLabel('Asset Tag').fill('IT-0001');
    await add.getByLabel('Warranty Expiry').fill('2028-01-15');
    await add.getByLabel('Assigned To').fill('Jane Smith');
    await add.getByLabel('Location').fill('London office');
    await add.getByLabel('RAM (GB)').fill('16');
    await add.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => dialog('Add Hardware').count(), SLOW).toBe(0);
    await expect.poll(() => page().getByText('Added Dell Latitude 5440').isVisible()).toBe(true);
    await expect.poll(() => rowText('Dell Latitude 5440'), SLOW).toContain('Jane Smith');
    expect(await rowText('Dell Latitude 5440')).toContain('15 Jan 2028');
    expect(await rowText('Dell Latitude 5440')).toContain('Active');

    // Edit: a disposal status reveals the disposal fields, fills today's date and needs a reason.
    await page().getByRole('button', { name: 'Edit Dell Latitude 5440' }).click();
    const edit = dialog('Edit Hardware');
    await expect.poll(() => edit.getByLabel('Model').inputValue(), SLOW).toBe('Latitude 5440');
    expect(await edit.getByLabel('RAM (GB)').inputValue()).toBe('16');
    expect(await edit.getByLabel('Disposal Reason').count()).toBe(0);
    await edit.getByLabel('Location').fill('Manchester office');
    await edit.getByLabel('Status', { exact: true }).selectOption('Disposal Pending');
    expect(await edit.getByLabel('Disposal Date').inputValue()).toBe(isoDate(new Date()));
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => edit.getByText(HARDWARE_MESSAGES.disposalReasonRequired).isVisible()).toBe(true);
    expect(await focusedName()).toBe('disposal_reason');
    await edit.getByLabel('Disposal Reason').selectOption('End of Life');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => dialog('Edit Hardware').count(), SLOW).toBe(0);
    await expect.poll(() => rowText('Dell Latitude 5440'), SLOW).toContain('Manchester office');
    expect(await rowText('Dell Latitude 5440')).toContain('Disposal Pending');

    // Filter by status.
    await page().getByLabel('Status filter').selectOption('Disposal Pending');
    await expect.poll(() => rowCount('HP EliteBook 840'), SLOW).toBe(0);
    expect(await rowCount('Dell Latitude 5440')).toBe(1);
    expect(await rowCount('Lenovo ThinkPad T14')).toBe(0);
    await page().getByLabel('Status filter').selectOption({ label: 'All Statuses' });
    await expect.poll(() => rowCount('HP EliteBook 840'), SLOW).toBe(1);

    // Search (case-insensitive, over model, person, location...), and the empty result.
    await page().getByLabel('Search hardware').fill('elitebook');
    await expect.poll(() => rowCount('Lenovo ThinkPad T14'), SLOW).toBe(0);
    expect(await rowCount('HP EliteBook 840')).toBe(1);
    expect(await rowCount('Dell Latitude 5440')).toBe(0);
    await page().getByLabel('Search hardware').fill('jane smith');
    await expect.poll(() => rowCount('HP EliteBook 840'), SLOW).toBe(0);
    expect(await rowCount('Dell Latitude 5440')).toBe(1);
    await page().getByLabel('Search hardware').fill('no-such-asset');
    await expect.poll(() => page().getByText('No hardware matches your search').isVisible(), SLOW).toBe(true);
    await page().getByRole('button', { name: 'Clear search and filter' }).click();
    await expect.poll(() => rowCount('Lenovo ThinkPad T14'), SLOW).toBe(1);

    // Bulk status change of two rows, after its question; Cancel changes nothing.
    await page().getByRole('checkbox', { name: 'Select HP EliteBook 840' }).check();
    await page().getByRole('checkbox', { name: 'Select Lenovo ThinkPad T14' }).check();
    await expect.poll(() => page().getByText('2 selected').isVisible()).toBe(true);
    await page().getByLabel('New status').selectOption('In Repair');
    const bulkQuestion = page().getByRole('alertdialog', {
      name: 'Change the status of 2 assets to In Repair?',
    });
    await page().getByRole('button', { name: 'Change Status' }).click();
    await expect.poll(() => bulkQuestion.isVisible()).toBe(true);
    await bulkQuestion.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => page().getByRole('alertdialog').count()).toBe(0);
    expect(await page().getByText('2 selected').isVisible()).toBe(true);
    expect(
      Object.fromEntries((await listAssets(company)).map((asset) => [asset.model, asset.status])),
    ).toEqual({
      'EliteBook 840': 'In Storage',
      'ThinkPad T14': 'Active',
      'Latitude 5440': 'Disposal Pending',
    });
    expect(await rowText('HP EliteBook 840')).toContain('In Storage');
    await page().getByRole('button', { name: 'Change Status' }).click();
    await bulkQuestion.getByRole('button', { name: 'Change Status' }).click();
    await expect
      .poll(() => page().getByText('Updated status of 2 hardware assets').isVisible(), SLOW)
      .toBe(true);
    expect(await page().getByText('2 selected').count()).toBe(0);
    await expect.poll(() => rowText('HP EliteBook 840'), SLOW).toContain('In Repair');
    expect(await rowText('Lenovo ThinkPad T14')).toContain('In Repair');
    expect(await rowText('Dell Latitude 5440')).toContain('Disposal Pending');
    const statuses = Object.fromEntries(
      (await listAssets(company)).map((asset) => [asset.model, asset.status]),
    );
    expect(statuses).toEqual({
      'EliteBook 840': 'In Repair',
      'ThinkPad T14': 'In Repair',
      'Latitude 5440': 'Disposal Pending',
    });

    // Delete, after the confirmation; Cancel keeps the asset.
    const question = HARDWARE_MESSAGES.deleteConfirm;
    await page().getByRole('button', { name: 'Delete Lenovo ThinkPad T14' }).click();
    await expect.poll(() => page().getByRole('alertdialog', { name: question }).isVisible()).toBe(true);
    await page().getByRole('alertdialog', { name: question }).getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => page().getByRole('alertdialog').count()).toBe(0);
    expect(await rowCount('Lenovo ThinkPad T14')).toBe(1);

    await page().getByRole('button', { name: 'Delete Lenovo ThinkPad T14' }).click();
    await page().getByRole('alertdialog', { name: question }).getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => page().getByRole('alertdialog').count(), SLOW).toBe(0);
    await expect.poll(() => rowCount('Lenovo ThinkPad T14'), SLOW).toBe(0);
    expect((await listAssets(company)).map((asset) => asset.model).sort()).toEqual([
      'EliteBook 840',
      'Latitude 5440',
    ]);
  }, 90_000);

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

    await signIn(company);
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

    await signIn(company);
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

  it('shows 24 rows of the total, Load more reaches every asset within the search and filter, and short search pages are filled', async () => {
    const company = await signUpCompany();
    const lines = ['asset_type,manufacturer,model,status'];
    for (let index = 1; index <= 30; index++) lines.push(`Phone,Apple,iPhone ${index},Active`);
    for (let index = 1; index <= 26; index++) lines.push(`Laptop,Dell,Latitude ${index},In Storage`);
    const imported = await api('/api/hardware/import', {
      method: 'POST',
      token: company.accessToken,
      rawBody: lines.join('\n'),
      headers: { 'content-type': 'text/csv' },
    });
    expect(imported.status).toBe(200);

    await signIn(company);
    const names = async () =>
      (await page().locator('.hardware-table__name').allTextContents()).map((name) => name.trim());
    const shown = () =>
      page()
        .getByText(/^Showing /)
        .textContent();
    const loadMore = page().getByRole('button', { name: 'Load more' });
    await expect.poll(async () => (await names()).length, SLOW).toBe(24);
    expect(await shown()).toBe('Showing 24 of 56 hardware assets');
    await loadMore.click();
    await expect.poll(shown, SLOW).toBe('Showing 48 of 56 hardware assets');
    await loadMore.click();
    await expect.poll(shown, SLOW).toBe('Showing 56 of 56 hardware assets');
    expect(await loadMore.count()).toBe(0);
    const everyAsset = [
      ...Array.from({ length: 26 }, (_, index) => `Dell Latitude ${26 - index}`),
      ...Array.from({ length: 30 }, (_, index) => `Apple iPhone ${30 - index}`),
    ];
    expect(await names()).toEqual(everyAsset);

    // Select all takes the loaded rows.
    await page().getByRole('checkbox', { name: 'Select all loaded hardware assets' }).check();
    await expect.poll(() => page().getByText('56 selected').isVisible()).toBe(true);
    await page().getByRole('button', { name: 'Clear selection' }).click();

    // The status filter counts its own assets, and Load more keeps to it.
    await page().getByLabel('Status filter').selectOption('In Storage');
    await expect.poll(shown, SLOW).toBe('Showing 24 of 26 hardware assets');
    await loadMore.click();
    await expect.poll(shown, SLOW).toBe('Showing 26 of 26 hardware assets');
    expect(await names()).toEqual(everyAsset.slice(0, 26));
    expect(await page().locator('tbody tr').filter({ hasText: 'Active' }).count()).toBe(0);

    // A search in an inventory its read covers whole: every match counted.
    await page().getByLabel('Status filter').selectOption({ label: 'All Statuses' });
    await page().getByLabel('Search hardware').fill('iphone 1');
    await expect.poll(shown, SLOW).toBe('Showing 11 of 11 hardware assets');
    expect(await names()).toEqual([
      ...Array.from({ length: 10 }, (_, index) => `Apple iPhone ${19 - index}`),
      'Apple iPhone 1',
    ]);
    expect(await loadMore.count()).toBe(0);

    // A search in a big inventory: the server answers with short pages (even empty ones) and a cursor.
    const template = (await listAssets(company))[0]!;
    const searchPages: Record<string, HardwareListResponse> = {
      start: { items: [], next_cursor: 'c1', total: 0, total_exact: false },
      c1: { items: [], next_cursor: 'c2', total: 0, total_exact: false },
      c2: {
        items: [1, 2, 3].map((index) => ({
          ...template,
          id: `01J00000000000000000000${index}AB`,
          manufacturer: 'Nokia',
          model: `Needle ${index}`,
        })),
        next_cursor: null,
        total: 3,
        total_exact: false,
      },
    };
    const searchCursors: string[] = [];
    await page().route('**/api/hardware?*', async (route) => {
      const url = new URL(route.request().url());
      if (url.searchParams.get('q') !== 'needle') return route.fallback();
      const cursor = url.searchParams.get('cursor') ?? 'start';
      searchCursors.push(cursor);
      await route.fulfill({ json: searchPages[cursor] });
    });
    await page().getByLabel('Search hardware').fill('needle');
    await expect
      .poll(
        () =>
          page()
            .getByRole('row')
            .filter({ hasText: /Nokia Needle \d/ })
            .count(),
        SLOW,
      )
      .toBe(3);
    expect(searchCursors).toEqual(['start', 'c1', 'c2']);
    expect(await page().getByText('No hardware matches your search').count()).toBe(0);
    expect(await page().getByRole('button', { name: 'Load more' }).count()).toBe(0);
  });

  it('exports every asset the search and status filter match to hardware-{date}.csv, page by page', async () => {
    const company = await signUpCompany();
    const lines = ['asset_type,manufacturer,model,status,purchase_date,assigned_to'];
    for (let index = 1; index <= 130; index++) {
      lines.push(`Laptop,Dell,Latitude ${index},In Repair,,Person ${index}`);
    }
    for (let index = 1; index <= 5; index++) lines.push(`Laptop,Dell,Latitude Spare ${index},Active,,`);
    for (let index = 1; index <= 5; index++) lines.push(`Phone,Apple,iPhone ${index},In Repair,,`);
    lines.push('Laptop,Dell,"=HYPERLINK(""http://x"") Latitude",In Repair,2024-02-29,');
    const imported = await api<{ success: number }>('/api/hardware/import', {
      method: 'POST',
      token: company.accessToken,
      rawBody: lines.join('\n'),
      headers: { 'content-type': 'text/csv' },
    });
    expect(imported.body.success).toBe(141);

    await signIn(company);
    await page().getByLabel('Status filter').selectOption('In Repair');
    await page().getByLabel('Search hardware').fill('latitude');
    await expect
      .poll(
        () =>
          page()
            .getByText(/^Showing /)
            .textContent(),
        SLOW,
      )
      .toBe('Showing 24 of 131 hardware assets');

    // The export's second page waits until the test has seen the progress on the button.
    let releaseSecondPage = () => {};
    const secondPageHeld = new Promise<void>((resolve) => (releaseSecondPage = resolve));
    const exportPages: URLSearchParams[] = [];
    await page().route('**/api/hardware?*', async (route) => {
      const query = new URL(route.request().url()).searchParams;
      if (query.get('limit') !== '100') return route.fallback();
      exportPages.push(query);
      if (query.has('cursor')) await secondPageHeld;
      await route.fallback();
    });
    const download = page().waitForEvent('download');
    const exportButton = page().getByRole('button', { name: /^Export CSV|^Exporting/ });
    await exportButton.click();
    await expect.poll(() => exportButton.textContent(), SLOW).toBe('Exporting… 100 of 131');
    expect(await exportButton.isDisabled()).toBe(true);
    releaseSecondPage();

    const file = await download;
    const today = new Date();
    const pad = (value: number) => String(value).padStart(2, '0');
    expect(file.suggestedFilename()).toBe(
      `hardware-${today.getFullYear()}-${pad(today.getMonth() + 1)}-${pad(today.getDate())}.csv`,
    );
    await expect
      .poll(() => page().getByText(`Exported 131 hardware assets to ${file.suggestedFilename()}`).isVisible())
      .toBe(true);
    expect(await exportButton.isDisabled()).toBe(false);
    expect(exportPages.map((query) => [query.get('q'), query.get('status'), query.has('cursor')])).toEqual([
      ['latitude', 'In Repair', false],
      ['latitude', 'In Repair', true],
    ]);

    const text = await readFile(await file.path(), 'utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const csvLines = text.slice(1).split('\r\n');
    expect(csvLines.pop()).toBe('');
    // Every cell quoted.
    for (const line of csvLines) expect(line).toMatch(/^"(?:[^"]|"")*"(?:,"(?:[^"]|"")*")*$/);
    const [header, ...rows] = Papa.parse<string[]>(text.slice(1), { skipEmptyLines: true }).data;
    expect(header).toEqual([
      'Asset Type',
      'Manufacturer',
      'Model',
      'Serial Number',
      'Asset Tag',
      'Status',
      'Assigned To',
      'Location',
      'Purchase Date',
      'Warranty Expiry',
      'CPU',
      'RAM (GB)',
      'Storage (GB)',
      'Operating System',
      'Disposal Reason',
      'Disposal Date',
      'Notes',
      'Created Date',
    ]);
    expect(rows).toHaveLength(131);
    const column = (name: string) => rows.map((row) => row[header!.indexOf(name)]);
    expect(new Set(column('Status'))).toEqual(new Set(['In Repair']));
    expect(column('Model').sort()).toEqual(
      [
        `'=HYPERLINK("http://x") Latitude`,
        ...Array.from({ length: 130 }, (_, index) => `Latitude ${index + 1}`),
      ].sort(),
    );
    const formulaRow = rows.find((row) => row[2]!.startsWith("'="))!;
    expect(formulaRow[header!.indexOf('Purchase Date')]).toBe('29/02/2024');
    expect(formulaRow[header!.indexOf('Assigned To')]).toBe('-');
    expect(formulaRow[header!.indexOf('Serial Number')]).toBe('-');
    expect(column('Created Date')[0]).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
  });

  it('tells the user when someone else changed the asset, and Reload brings in their version', async () => {
    const company = await signUpCompany();
    const asset = await createHardwareAsset(company, {
      manufacturer: 'Microsoft',
      model: 'Surface Pro 9',
      asset_type: 'Tablet',
      location: 'Leeds office',
    });

    await signIn(company);
    await page().getByRole('button', { name: 'Edit Microsoft Surface Pro 9' }).click();
    const edit = dialog('Edit Hardware');
    await expect.poll(() => edit.getByLabel('Location').inputValue(), SLOW).toBe('Leeds office');
    await edit.getByLabel('Location').fill('My edit');

    // Meanwhile someone else saves the asset.
    const current = await api<HardwareAsset>(`/api/hardware/${asset.id}`, { token: company.accessToken });
    const changed = await api<HardwareAsset>(`/api/hardware/${asset.id}`, {
      method: 'PUT',
      token: company.accessToken,
      body: {
        ...editableFields(current.body),
        location: 'Bristol office',
        assigned_to: 'Sam Jones',
        version: current.body.version,
      },
    });
    expect(changed.status).toBe(200);

    await edit.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => edit.getByText(HARDWARE_MESSAGES.staleVersion).isVisible(), SLOW).toBe(true);
    expect(await edit.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    // Nothing was overwritten.
    const afterConflict = await api<HardwareAsset>(`/api/hardware/${asset.id}`, {
      token: company.accessToken,
    });
    expect(afterConflict.body.location).toBe('Bristol office');

    await edit.getByRole('button', { name: 'Reload' }).click();
    await expect.poll(() => edit.getByLabel('Location').inputValue(), SLOW).toBe('Bristol office');
    expect(await edit.getByLabel('Assigned To').inputValue()).toBe('Sam Jones');
    expect(await edit.getByText(HARDWARE_MESSAGES.staleVersion).count()).toBe(0);

    // Editing on top of their version now saves.
    await edit.getByLabel('Location').fill('Cardiff office');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => dialog('Edit Hardware').count(), SLOW).toBe(0);
    const saved = await api<HardwareAsset>(`/api/hardware/${asset.id}`, { token: company.accessToken });
    expect(saved.body).toMatchObject({ location: 'Cardiff office', assigned_to: 'Sam Jones' });
    expect(saved.body.version).toBeGreaterThan(changed.body.version);
  });
});
