import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { HardwareAsset, HardwareListResponse } from '../../shared/hardware';
import { api, signUpCompany, type TestCompany } from '../support/api';
import { importCsv } from '../support/import';
import { localDatePlus } from '../support/dates';
import { openAndSignIn, useChromiumPage } from '../support/browser';
import { createOk, editableFields } from '../support/hardware';

const currentPage = useChromiumPage();
const TIMEOUT = { timeout: 15_000 };

async function signInInBrowser(company: TestCompany) {
  await openAndSignIn(currentPage(), '/', company);
  await expect.poll(() => currentPage().getByText('Total Hardware').isVisible(), TIMEOUT).toBe(true);
}

function britishDate(isoDate: string): string {
  return new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${isoDate}T00:00:00Z`),
  );
}

/** The figure on a dashboard stat card. */
function statValue(label: string): Promise<string | null> {
  return currentPage()
    .getByRole('region', { name: label, exact: true })
    .locator('.stat-card__value')
    .textContent();
}

/** The rows of a dashboard bar chart, as "Label: count". */
async function chartRows(name: string): Promise<string[]> {
  const items = currentPage().getByRole('list', { name, exact: true }).getByRole('listitem');
  return (await items.allTextContents()).map((text) => text.trim());
}

function auditTable(): Locator {
  return currentPage().getByRole('table', { name: 'Audit Logs' });
}

describe('dashboard and audit logs in Chromium', () => {
  it('moves the counts, charts and expiring warranties as hardware changes, and records each change', async () => {
    const company = await signUpCompany('Dashboard Ltd');
    await signInInBrowser(company);

    // A new organisation: zeros and empty states.
    await expect.poll(() => statValue('Total Hardware'), TIMEOUT).toBe('0');
    expect(await currentPage().getByText('No hardware yet').count()).toBe(2);
    expect(await currentPage().getByText('No warranties expire in the next 90 days').isVisible()).toBe(true);

    const warrantyExpiry = localDatePlus(20);
    const laptop = await createOk(company, {
      asset_type: 'Laptop',
      manufacturer: 'Dell',
      model: 'Latitude 5440',
      serial_number: 'SN-DASH-1',
      asset_tag: 'TAG-0001',
      assigned_to: 'Alice Example',
      status: 'Active',
      warranty_expiry: warrantyExpiry,
      ram_gb: 16,
    });
    const desktop = await createOk(company, {
      asset_type: 'Desktop',
      manufacturer: 'HP',
      model: 'EliteDesk 800',
      serial_number: 'SN-DASH-2',
      status: 'Active',
    });

    await currentPage().reload();
    await expect.poll(() => statValue('Total Hardware'), TIMEOUT).toBe('2');
    expect(await statValue('Active Hardware')).toBe('2');
    expect(await chartRows('Assets by status')).toEqual([
      'Active: 2',
      'Retired: 0',
      'In Repair: 0',
      'In Storage: 0',
      'Disposal Pending: 0',
      'Disposed: 0',
    ]);
    expect((await chartRows('Assets by type')).sort()).toEqual(['Desktop: 1', 'Laptop: 1']);

    const warranties = currentPage().getByRole('table', { name: 'Warranties expiring in the next 90 days' });
    const warrantyRows = warranties.locator('tbody').getByRole('row');
    expect(await warrantyRows.count()).toBe(1);
    const warrantyRow = warrantyRows.first();
    expect(await warrantyRow.getByText('Dell Latitude 5440').isVisible()).toBe(true);
    expect(await warrantyRow.getByText('SN-DASH-1 · TAG-0001').isVisible()).toBe(true);
    expect(await warrantyRow.getByText('Alice Example').isVisible()).toBe(true);
    expect(await warrantyRow.locator('time').getAttribute('datetime')).toBe(warrantyExpiry);
    expect(await warrantyRow.locator('time').textContent()).toBe(britishDate(warrantyExpiry));
    expect(await warrantyRow.getByText('in 20 days').isVisible()).toBe(true);

    // Retire the desktop: the total stays, the active count and the chart move.
    const retired = await api<HardwareAsset>(`/api/hardware/${desktop.id}`, {
      method: 'PUT',
      token: company.accessToken,
      body: { ...editableFields(desktop), status: 'Retired', version: desktop.version },
    });
    expect(retired.status, JSON.stringify(retired.body)).toBe(200);

    await currentPage().reload();
    await expect.poll(() => statValue('Active Hardware'), TIMEOUT).toBe('1');
    expect(await statValue('Total Hardware')).toBe('2');
    expect((await chartRows('Assets by status')).slice(0, 2)).toEqual(['Active: 1', 'Retired: 1']);

    const deleted = await api(`/api/hardware/${laptop.id}`, { method: 'DELETE', token: company.accessToken });
    expect(deleted.status).toBe(204);

    await currentPage().reload();
    await expect.poll(() => statValue('Total Hardware'), TIMEOUT).toBe('1');
    expect(await statValue('Active Hardware')).toBe('0');
    expect(await currentPage().getByText('No warranties expire in the next 90 days').isVisible()).toBe(true);

    // Settings → Audit Logs: newest first, each with its action, who and a readable diff.
    await currentPage()
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Settings' })
      .click();
    await currentPage().getByRole('tab', { name: 'Audit Logs' }).click();
    expect(new URL(currentPage().url()).search).toBe('?tab=audit');
    // The tab's content shows once React has rendered the navigation (a transition): wait for it.
    await currentPage().getByText('The latest 100 changes in your organization').waitFor(TIMEOUT);

    const rows = auditTable().locator('tbody').getByRole('row');
    await expect.poll(() => rows.count(), TIMEOUT).toBe(4);
    const actions = await rows.locator('.amplify-badge').allTextContents();
    expect(actions).toEqual(['Deleted', 'Updated', 'Created', 'Created']);
    for (const text of await rows.getByRole('cell').filter({ hasText: '@' }).allTextContents()) {
      expect(text).toBe(company.email);
    }
    expect(await rows.locator('time').first().getAttribute('datetime')).toMatch(/^\d{4}-\d{2}-\d{2}T/);

    const update = rows.nth(1);
    expect(await update.getByText('HP EliteDesk 800 (SN-DASH-2)').isVisible()).toBe(true);
    expect(await update.getByText('Hardware asset', { exact: true }).isVisible()).toBe(true);
    expect(await update.getByText('Status: Active → Retired').isVisible()).toBe(true);
    expect(await update.locator('del').textContent()).toBe('Active');
    expect(await update.locator('ins').textContent()).toBe('Retired');

    const deletion = rows.nth(0);
    expect(await deletion.getByText('Dell Latitude 5440 (SN-DASH-1)').isVisible()).toBe(true);
    expect(await deletion.getByText('− Model: Latitude 5440').isVisible()).toBe(true);

    const creation = rows.nth(3);
    expect(await creation.getByText('+ Asset type: Laptop').isVisible()).toBe(true);
    // Nine fields were set: the first six show, the rest fold behind "Show 3 more".
    expect(await creation.getByText('+ RAM (GB): 16').isVisible()).toBe(false);
    await creation.getByText('Show 3 more').click();
    expect(await creation.getByText('+ RAM (GB): 16').isVisible()).toBe(true);
    expect(await creation.getByText(`+ Warranty expiry: ${britishDate(warrantyExpiry)}`).isVisible()).toBe(
      true,
    );
    expect(await auditTable().textContent()).not.toContain('{');

    // Shown again after a change elsewhere: the list loads afresh.
    await createOk(company, {
      asset_type: 'Phone',
      manufacturer: 'Apple',
      model: 'iPhone 15',
      status: 'Active',
    });
    await currentPage().getByRole('tab', { name: 'General Settings' }).click();
    await currentPage().getByRole('tab', { name: 'Audit Logs' }).click();
    await expect.poll(() => rows.count(), TIMEOUT).toBe(5);
    expect(await rows.first().getByText('Apple iPhone 15').isVisible()).toBe(true);
  });

  it('shows the latest 100 audit entries, then loads the older ones', async () => {
    const company = await signUpCompany('Audit Trail Ltd');
    // One entry for an import of 24 assets, 24 for each of four bulk changes (96), then four more.
    const rows = Array.from({ length: 24 }, (_, index) => `Laptop,Dell,Model ${index}`);
    const imported = await importCsv(company, `asset_type,manufacturer,model\n${rows.join('\n')}`);
    expect(imported.success).toBe(24);
    const list = await api<HardwareListResponse>('/api/hardware?limit=24', { token: company.accessToken });
    const ids = list.body.items.map((asset) => asset.id);
    for (const status of ['Retired', 'In Storage', 'In Repair', 'Active']) {
      const bulk = await api('/api/hardware/bulk-status', {
        method: 'POST',
        token: company.accessToken,
        body: { ids, status },
      });
      expect(bulk.status).toBe(200);
    }
    for (let index = 0; index < 4; index++) {
      await createOk(company, { asset_type: 'Phone', model: `Phone ${index}`, status: 'Active' });
    }

    await openAndSignIn(currentPage(), '/settings?tab=audit', company);
    const entries = auditTable().locator('tbody').getByRole('row');
    await expect.poll(() => entries.count(), TIMEOUT).toBe(100);
    expect(await currentPage().getByText('Showing the latest 100 entries').isVisible()).toBe(true);
    expect(await entries.first().textContent()).toContain('Phone 3');

    await currentPage().getByRole('button', { name: 'Load older entries' }).click();
    await expect.poll(() => entries.count(), TIMEOUT).toBe(101);
    expect(await entries.last().textContent()).toContain('Imported 24 hardware assets from CSV');
    expect(await currentPage().getByText('Showing all 101 entries').isVisible()).toBe(true);
    expect(await currentPage().getByRole('button', { name: 'Load older entries' }).count()).toBe(0);
  });

  it('lists the ten soonest warranties and says there are more', async () => {
    const company = await signUpCompany('Warranty Ltd');
    for (let index = 0; index < 11; index += 1) {
      await createOk(company, {
        asset_type: 'Monitor',
        manufacturer: 'Dell',
        model: `U27 #${index + 1}`,
        status: 'In Storage',
        warranty_expiry: localDatePlus(index + 1),
      });
    }
    await signInInBrowser(company);

    const warranties = currentPage().getByRole('table', { name: 'Warranties expiring in the next 90 days' });
    const rows = warranties.locator('tbody').getByRole('row');
    await expect.poll(() => rows.count(), TIMEOUT).toBe(10);
    expect(await rows.first().getByText('in 1 day', { exact: true }).isVisible()).toBe(true);
    expect(await rows.last().getByText('in 10 days').isVisible()).toBe(true);
    expect(await currentPage().getByText('Showing the 10 soonest').isVisible()).toBe(true);
    expect(await chartRows('Assets by type')).toEqual(['Monitor: 11']);
    expect(await statValue('Active Hardware')).toBe('0');
    expect(await statValue('Total Hardware')).toBe('11');
  });
});
