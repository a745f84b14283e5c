import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import {
  DISPOSAL_MESSAGES,
  disposalDeleteConfirm,
  type DisposalItem,
  type DisposalListResponse,
} from '../../shared/disposal';
import type { HardwareAsset } from '../../shared/hardware';
import { api, baseUrl, createHardwareAsset, signUpCompany, type TestCompany } from '../support/api';
import { british, britishLocal, localDatePlus } from '../support/dates';
import { pageLocators, signInThroughForm, signInToAssets, useChromiumPage } from '../support/browser';

const currentPage = useChromiumPage();
const page = () => currentPage();
const SLOW = { timeout: 15_000 };

const CSV_HEADER =
  '"Asset Type","Asset Name","Serial Number","Asset Tag","Disposal Reason","Disposal Date","Status","Disposal Notes","Created Date"';

async function listDisposals(company: TestCompany): Promise<DisposalItem[]> {
  const response = await api<DisposalListResponse>('/api/disposals?limit=100', {
    token: company.accessToken,
  });
  expect(response.status).toBe(200);
  return response.body.items;
}

/** Today in this machine's calendar (the browser's too), YYYY-MM-DD. */
const localToday = () => localDatePlus(0);

const locators = pageLocators(page);
const { rowText, rowCount, dialog, alertDialog } = locators;
const focusedName = () => page().evaluate(() => document.activeElement?.getAttribute('name') ?? null);
/** A stat card's label and figure, e.g. "Pending Disposal1". */
const stat = (label: string) => locators.stat(label).textContent();

/** Clicks Export to CSV and returns the downloaded file's name and text. */
async function exportCsv(): Promise<{ name: string; text: string }> {
  const [download] = await Promise.all([
    page().waitForEvent('download', SLOW),
    page().getByRole('button', { name: 'Export to CSV', exact: true }).click(),
  ]);
  return { name: download.suggestedFilename(), text: await readFile(await download.path(), 'utf8') };
}

describe('Asset Disposal in Chromium', () => {
  it('lists a hardware asset set to Disposal Pending, completes it, syncs the asset and exports CSV', async () => {
    const company = await signUpCompany();
    const asset = await createHardwareAsset(company, {
      manufacturer: 'Dell',
      model: 'Latitude 7420',
      serial_number: 'SN-DELL-7420',
      asset_tag: 'IT-7420',
    });

    // Disposal Pending on the hardware editor puts the asset on the disposal list.
    await signInToAssets(page(), company);
    await page().getByRole('button', { name: 'Edit Dell Latitude 7420', exact: true }).click();
    const edit = dialog('Edit Hardware');
    await expect.poll(() => edit.getByLabel('Model').inputValue(), SLOW).toBe('Latitude 7420');
    await edit.getByLabel('Status', { exact: true }).selectOption('Disposal Pending');
    await edit.getByLabel('Disposal Reason').selectOption('Broken/Defective');
    expect(await edit.getByText('Saving puts this asset on the disposal list.').isVisible()).toBe(true);
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => dialog('Edit Hardware').count(), SLOW).toBe(0);
    await expect.poll(() => rowText('Dell Latitude 7420'), SLOW).toContain('Disposal Pending');

    await page().getByRole('link', { name: 'Disposal', exact: true }).click();
    await expect
      .poll(() => page().getByRole('heading', { name: 'Asset Disposal', exact: true }).isVisible(), SLOW)
      .toBe(true);
    await expect.poll(() => rowCount('Dell Latitude 7420'), SLOW).toBe(1);
    const pendingRow = await rowText('Dell Latitude 7420');
    expect(pendingRow).toContain('Hardware');
    expect(pendingRow).toContain('SN-DELL-7420');
    expect(pendingRow).toContain('IT-7420');
    expect(pendingRow).toContain('Damaged');
    expect(pendingRow).toContain('Pending');
    expect(pendingRow).not.toContain(DISPOSAL_MESSAGES.noAssetLinked);
    const editLinked = page().getByRole('button', {
      name: 'Edit linked asset of Dell Latitude 7420',
      exact: true,
    });
    expect(await editLinked.isVisible()).toBe(true);
    await expect.poll(() => stat('Pending Disposal'), SLOW).toBe('Pending Disposal1');
    expect(await stat('Completed')).toBe('Completed0');
    expect(await stat('This Month')).toBe('This Month1');

    // Edit opens the linked asset's editor; Escape closes it again.
    await editLinked.click();
    await expect
      .poll(() => dialog('Edit Hardware').getByLabel('Model').inputValue(), SLOW)
      .toBe('Latitude 7420');
    await page().keyboard.press('Escape');
    await expect.poll(() => dialog('Edit Hardware').count()).toBe(0);

    // Search and the empty search result.
    await page().getByLabel('Search disposal items').fill('no-such-item');
    await expect.poll(() => page().getByText(DISPOSAL_MESSAGES.emptySearch).isVisible(), SLOW).toBe(true);
    await page().getByRole('button', { name: 'Clear search and filter' }).click();
    await expect.poll(() => rowCount('Dell Latitude 7420'), SLOW).toBe(1);

    // Complete, after the confirmation.
    await page()
      .getByRole('button', { name: 'Complete disposal of Dell Latitude 7420', exact: true })
      .click();
    const completeDialog = alertDialog(DISPOSAL_MESSAGES.completeConfirm);
    await expect.poll(() => completeDialog.isVisible()).toBe(true);
    await completeDialog.getByRole('button', { name: 'Complete', exact: true }).click();
    await expect.poll(() => page().getByRole('alertdialog').count(), SLOW).toBe(0);
    await expect.poll(() => rowText('Dell Latitude 7420'), SLOW).toContain('Completed');
    expect(
      await page()
        .getByRole('button', { name: 'Revert disposal of Dell Latitude 7420', exact: true })
        .isVisible(),
    ).toBe(true);
    await expect.poll(() => stat('Pending Disposal'), SLOW).toBe('Pending Disposal0');
    await expect.poll(() => stat('Completed'), SLOW).toBe('Completed1');
    expect(await stat('This Month')).toBe('This Month1');

    // The asset followed: Disposed.
    const synced = await api<HardwareAsset>(`/api/hardware/${asset.id}`, { token: company.accessToken });
    expect(synced.status).toBe(200);
    expect(synced.body.status).toBe('Disposed');

    // The status filter.
    await page().getByLabel('Status filter').selectOption('Pending');
    await expect.poll(() => page().getByText(DISPOSAL_MESSAGES.emptySearch).isVisible(), SLOW).toBe(true);
    await page().getByLabel('Status filter').selectOption('Completed');
    await expect.poll(() => rowCount('Dell Latitude 7420'), SLOW).toBe(1);
    await page().getByLabel('Status filter').selectOption({ label: 'All Statuses' });

    // Export to CSV: every cell quoted, dates dd/mm/yyyy, named with today's date.
    const [item] = await listDisposals(company);
    expect(item).toBeDefined();
    const exported = await exportCsv();
    expect(exported.name).toBe(`disposal-report-${localToday()}.csv`);
    expect(exported.text).toBe(
      `\uFEFF${CSV_HEADER}\r\n` +
        `"Hardware","Dell Latitude 7420","SN-DELL-7420","IT-7420","Damaged","${british(item!.disposal_date)}","Completed","-","${britishLocal(item!.created_at)}"\r\n`,
    );
    // Broken/Defective maps to Damaged; no notes, so the export's placeholder '-'.
    expect(item!.disposal_notes).toBe('');

    // Revert brings the item and its asset back to pending.
    await page().getByRole('button', { name: 'Revert disposal of Dell Latitude 7420', exact: true }).click();
    const revertDialog = alertDialog(DISPOSAL_MESSAGES.revertConfirm);
    await expect.poll(() => revertDialog.isVisible()).toBe(true);
    await revertDialog.getByRole('button', { name: 'Revert', exact: true }).click();
    await expect.poll(() => page().getByRole('alertdialog').count(), SLOW).toBe(0);
    await expect.poll(() => stat('Pending Disposal'), SLOW).toBe('Pending Disposal1');
    const reverted = await api<HardwareAsset>(`/api/hardware/${asset.id}`, { token: company.accessToken });
    expect(reverted.body.status).toBe('Disposal Pending');

    // The Assets tab shows the synced status too.
    await page().goto(`${baseUrl()}/assets?tab=hardware`);
    await expect.poll(() => rowText('Dell Latitude 7420'), SLOW).toContain('Disposal Pending');
  }, 90_000);

  it('adds an item by hand with validation, exports it safely and deletes it', async () => {
    const company = await signUpCompany();
    await signInThroughForm(page(), `${baseUrl()}/disposal`, company, 'Asset Disposal');
    await expect.poll(() => page().getByText(DISPOSAL_MESSAGES.emptyList).isVisible(), SLOW).toBe(true);
    expect(await page().getByRole('button', { name: 'Export to CSV', exact: true }).isDisabled()).toBe(true);
    await expect.poll(() => stat('Pending Disposal'), SLOW).toBe('Pending Disposal0');

    // The dialog: Escape closes it and focus goes back to the Add button.
    const addButton = page().getByRole('button', { name: 'Add Disposal Item', exact: true });
    await addButton.click();
    const add = dialog('Add Disposal Item');
    await expect.poll(() => add.isVisible()).toBe(true);
    await expect.poll(focusedName).toBe('asset_type');
    expect(await add.getByLabel('Disposal Date').inputValue()).toBe(localToday());
    await page().keyboard.press('Escape');
    await expect.poll(() => dialog('Add Disposal Item').count()).toBe(0);
    expect(await page().evaluate(() => document.activeElement?.textContent)).toBe('Add Disposal Item');

    // Submitting it empty shows the required fields' messages and focuses the first.
    await addButton.click();
    await expect.poll(focusedName).toBe('asset_type');
    await add.getByRole('button', { name: 'Add Item', exact: true }).click();
    await expect.poll(() => add.getByText(DISPOSAL_MESSAGES.assetNameRequired).isVisible()).toBe(true);
    expect(await add.getByText(DISPOSAL_MESSAGES.reasonRequired).isVisible()).toBe(true);
    expect(await focusedName()).toBe('asset_name');
    expect(await add.getByLabel('Asset Name').getAttribute('aria-invalid')).toBe('true');

    // A formula-like name; Enter submits.
    await add.getByLabel('Asset Type').selectOption('Software');
    await add.getByLabel('Disposal Reason').selectOption('Obsolete');
    await add.getByLabel('Asset Name').fill('=HYPERLINK("x")');
    await add.getByLabel('Asset Name').press('Enter');
    await expect.poll(() => dialog('Add Disposal Item').count(), SLOW).toBe(0);
    await expect.poll(() => rowCount('=HYPERLINK("x")'), SLOW).toBe(1);
    const addedRow = await rowText('=HYPERLINK("x")');
    expect(addedRow).toContain(DISPOSAL_MESSAGES.noAssetLinked);
    expect(addedRow).toContain('Software');
    expect(addedRow).toContain('Obsolete');
    expect(addedRow).toContain('Pending');
    await expect.poll(() => stat('Pending Disposal'), SLOW).toBe('Pending Disposal1');

    // The export neutralises the formula and writes '-' for the empty cells.
    const [item] = await listDisposals(company);
    expect(item?.asset_id).toBeNull();
    expect(item?.disposal_date).toBe(localToday());
    const exported = await exportCsv();
    expect(exported.name).toBe(`disposal-report-${localToday()}.csv`);
    expect(exported.text).toBe(
      `\uFEFF${CSV_HEADER}\r\n` +
        `"Software","'=HYPERLINK(""x"")","-","-","Obsolete","${british(localToday())}","Pending","-","${britishLocal(item!.created_at)}"\r\n`,
    );

    // Delete Selected, after the confirmation.
    expect(
      await page()
        .getByRole('button', { name: /^Delete Selected/ })
        .count(),
    ).toBe(0);
    await page().getByRole('checkbox', { name: 'Select =HYPERLINK("x")', exact: true }).check();
    await page().getByRole('button', { name: 'Delete Selected (1)', exact: true }).click();
    const deleteDialog = alertDialog(disposalDeleteConfirm(1));
    await expect.poll(() => deleteDialog.isVisible()).toBe(true);
    await deleteDialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect.poll(() => page().getByRole('alertdialog').count(), SLOW).toBe(0);
    await expect.poll(() => page().getByText(DISPOSAL_MESSAGES.emptyList).isVisible(), SLOW).toBe(true);
    expect(await listDisposals(company)).toEqual([]);
  }, 90_000);
  it('limits a bulk delete, and reports a missing linked asset and a failed export (mocked API)', async () => {
    const company = await signUpCompany();
    const mocked = (index: number): DisposalItem => ({
      id: `01J0000000000000000000${String(index).padStart(4, '0')}`,
      asset_id: index === 1 ? '01J000000000000000000GONE0' : null,
      asset_type: 'Other',
      asset_name: `Projector ${index}`,
      serial_number: '',
      asset_tag: '',
      disposal_reason: 'Obsolete',
      disposal_date: '2026-03-05',
      disposal_notes: '',
      organization_id: 'org',
      created_by: company.email,
      status: 'Pending',
      completed_at: null,
      completed_by: null,
      created_at: '2026-03-05T12:00:00.000Z',
      updated_at: '2026-03-05T12:00:00.000Z',
      version: 1,
    });
    const all = Array.from({ length: 30 }, (_, index) => mocked(index + 1));
    await page().route('**/api/disposals/stats?*', (route) =>
      route.fulfill({ json: { pending: 30, completed: 0, this_month: 0 } }),
    );
    await page().route('**/api/disposals?*', async (route) => {
      const url = new URL(route.request().url());
      if (url.searchParams.get('limit') === '100') {
        await route.fulfill({ status: 500, json: { error: { code: 'internal', message: 'Boom' } } });
        return;
      }
      const cursor = url.searchParams.get('cursor');
      await route.fulfill({
        json: cursor
          ? { items: all.slice(24), next_cursor: null }
          : { items: all.slice(0, 24), next_cursor: 'next' },
      });
    });
    await page().route('**/api/hardware/01J000000000000000000GONE0', (route) =>
      route.fulfill({
        status: 404,
        json: { error: { code: 'not_found', message: 'Hardware asset not found' } },
      }),
    );

    await signInThroughForm(page(), `${baseUrl()}/disposal`, company, 'Asset Disposal');
    const projectorRows = () =>
      page()
        .getByRole('row')
        .filter({ hasText: /Projector \d+/ })
        .count();
    await expect.poll(projectorRows, SLOW).toBe(24);
    await expect.poll(() => stat('Pending Disposal'), SLOW).toBe('Pending Disposal30');
    await page().getByRole('button', { name: 'Load more', exact: true }).click();
    await expect.poll(projectorRows, SLOW).toBe(30);

    // More than DISPOSAL_DELETE_MAX selected: explained, and Delete Selected is not offered.
    await page().getByRole('checkbox', { name: 'Select all loaded disposal items', exact: true }).check();
    const deleteSelected = page().getByRole('button', { name: 'Delete Selected (30)', exact: true });
    await expect.poll(() => deleteSelected.isVisible()).toBe(true);
    expect(await deleteSelected.isDisabled()).toBe(true);
    expect(await page().getByText('Select at most 24 disposal items at a time').isVisible()).toBe(true);
    await page().getByRole('checkbox', { name: 'Select Projector 30', exact: true }).uncheck();
    await page().getByRole('checkbox', { name: 'Select Projector 29', exact: true }).uncheck();
    await page().getByRole('checkbox', { name: 'Select Projector 28', exact: true }).uncheck();
    await page().getByRole('checkbox', { name: 'Select Projector 27', exact: true }).uncheck();
    await page().getByRole('checkbox', { name: 'Select Projector 26', exact: true }).uncheck();
    await page().getByRole('checkbox', { name: 'Select Projector 25', exact: true }).uncheck();
    expect(await page().getByRole('button', { name: 'Delete Selected (24)', exact: true }).isDisabled()).toBe(
      false,
    );
    expect(await page().getByText('Select at most 24 disposal items at a time').count()).toBe(0);
    await page().getByRole('button', { name: 'Clear selection', exact: true }).click();

    // Edit when the linked asset no longer exists.
    await page().getByRole('button', { name: 'Edit linked asset of Projector 1', exact: true }).click();
    await expect
      .poll(
        () => page().getByRole('alert').filter({ hasText: DISPOSAL_MESSAGES.noAssociatedAsset }).count(),
        SLOW,
      )
      .toBe(1);
    expect(await dialog('Edit Hardware').count()).toBe(0);

    // A failed export.
    await page().getByRole('button', { name: 'Export to CSV', exact: true }).click();
    const failure = page().getByRole('alert').filter({ hasText: DISPOSAL_MESSAGES.exportFailed });
    await expect.poll(() => failure.count(), SLOW).toBe(1);
    expect(await failure.textContent()).toContain('Boom');
    expect(await page().getByRole('button', { name: 'Export to CSV', exact: true }).isDisabled()).toBe(false);
  }, 90_000);
});
