import { readFile } from 'node:fs/promises';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { HardwareListResponse } from '../../shared/hardware';
import { signUpCompany } from '../support/api';
import { signInToAssets, useChromiumPage } from '../support/browser';
import { localDatePlus } from '../support/dates';
import { listAssets } from '../support/hardware';
import { importCsv } from '../support/import';
import { shownAssetNames, showingLine } from '../support/hardware-list';

const currentPage = useChromiumPage();
const page = () => currentPage();
const SLOW = { timeout: 15_000 };

/**
 * Assets → Manual Hardware's list: the total shown, Load more within a search and status filter, short
 * search pages, and the CSV export of what they match.
 */
describe('Assets → Manual Hardware in Chromium', () => {
  it('shows 24 rows of the total, Load more reaches every asset within the search and filter, and short search pages are filled', async () => {
    const company = await signUpCompany();
    const lines = ['asset_type,manufacturer,model,status'];
    for (let index = 1; index <= 30; index++) lines.push(`Phone,Apple,iPhone ${index},Active`);
    for (let index = 1; index <= 26; index++) lines.push(`Laptop,Dell,Latitude ${index},In Storage`);
    await importCsv(company, lines.join('\n'));

    await signInToAssets(page(), company);
    const names = () => shownAssetNames(page());
    const shown = () => showingLine(page());
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
  }, 60_000);

  it('exports every asset the search and status filter match to hardware-{date}.csv, page by page', async () => {
    const company = await signUpCompany();
    const lines = ['asset_type,manufacturer,model,status,purchase_date,assigned_to'];
    for (let index = 1; index <= 130; index++) {
      lines.push(`Laptop,Dell,Latitude ${index},In Repair,,Person ${index}`);
    }
    for (let index = 1; index <= 5; index++) lines.push(`Laptop,Dell,Latitude Spare ${index},Active,,`);
    for (let index = 1; index <= 5; index++) lines.push(`Phone,Apple,iPhone ${index},In Repair,,`);
    lines.push('Laptop,Dell,"=HYPERLINK(""http://x"") Latitude",In Repair,2024-02-29,');
    const imported = await importCsv(company, lines.join('\n'));
    expect(imported.success).toBe(141);

    await signInToAssets(page(), company);
    await page().getByLabel('Status filter').selectOption('In Repair');
    await page().getByLabel('Search hardware').fill('latitude');
    await expect.poll(() => showingLine(page()), SLOW).toBe('Showing 24 of 131 hardware assets');

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
    expect(file.suggestedFilename()).toBe(`hardware-${localDatePlus(0)}.csv`);
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
});
