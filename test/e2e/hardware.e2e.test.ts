import { describe, expect, it } from 'vitest';
import { HARDWARE_MESSAGES, isoDate, type HardwareAsset } from '../../shared/hardware';
import { api, createHardwareAsset, signUpCompany } from '../support/api';
import { pageLocators, signInToAssets, useChromiumPage } from '../support/browser';
import { editableFields, listAssets } from '../support/hardware';

const currentPage = useChromiumPage();
const page = () => currentPage();
const SLOW = { timeout: 15_000 };
const { rowText, rowCount, dialog } = pageLocators(page);
const focusedName = () => page().evaluate(() => document.activeElement?.getAttribute('name') ?? null);

/**
 * Assets → Manual Hardware: adding, editing, filtering, searching, bulk status changes, deleting, and an
 * edit that meets someone else's. The list and its export: hardware-list.e2e.test.ts; imports:
 * hardware-import.e2e.test.ts.
 */
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
    await signInToAssets(page(), company, '/assets');
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
      name: 'Change the status of 2 hardware assets to In Repair?',
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
      .poll(() => page().getByText('Changed the status of 2 hardware assets to In Repair').isVisible(), SLOW)
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

  it('tells the user when someone else changed the asset, and Reload brings in their version', async () => {
    const company = await signUpCompany();
    const asset = await createHardwareAsset(company, {
      manufacturer: 'Microsoft',
      model: 'Surface Pro 9',
      asset_type: 'Tablet',
      location: 'Leeds office',
    });

    await signInToAssets(page(), company);
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
