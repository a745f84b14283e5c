import { describe, expect, it } from 'vitest';
import { signUpCompany } from '../support/api';
import { signInToAssets, useChromiumPage } from '../support/browser';
import { optionTexts, seedAssets, shownAssetNames, showingLine } from '../support/hardware-list';
import {
  expectControlsInView,
  expectNoSidewaysScroll,
  VIEWPORTS,
  type ViewportName,
} from '../support/layout';

/**
 * The hardware list an IT admin works in (issue 34, item 10) in Chromium, on a laptop's and a phone's
 * screen: ordered by a column's header (or Sort by on a phone, where the rows are cards), kept in the
 * address across a reload, filtered by type and location, and two assets moved to another location
 * by the bulk bar after its question.
 */
const currentPage = useChromiumPage();
const page = () => currentPage();
const SLOW = { timeout: 15_000 };

const names = () => shownAssetNames(page());
const shown = () => showingLine(page());
const header = (name: string) => page().getByRole('columnheader', { name });
const params = () => new URL(page().url()).searchParams;

const ASSETS = [
  {
    asset_type: 'Laptop',
    manufacturer: 'Dell',
    model: 'Latitude 5440',
    asset_tag: 'IT-2',
    location: 'Paris',
  },
  {
    asset_type: 'Laptop',
    manufacturer: 'HP',
    model: 'EliteBook 840',
    asset_tag: 'IT-10',
    location: 'london office',
  },
  { asset_type: 'Phone', manufacturer: 'Apple', model: 'iPhone 15', asset_tag: 'IT-1' },
  {
    asset_type: 'Laptop',
    manufacturer: 'Lenovo',
    model: 'ThinkPad T14',
    asset_tag: 'IT-3',
    location: 'London Office',
  },
  {
    asset_type: 'Tablet',
    manufacturer: 'Samsung',
    model: 'Galaxy Tab',
    asset_tag: 'IT-20',
    location: 'Paris',
  },
];

for (const screen of Object.keys(VIEWPORTS) as ViewportName[]) {
  describe(`the hardware list's order, filters and bulk location change (${screen}, ${VIEWPORTS[screen].width} px)`, () => {
    it('sorts by a column on the server, keeps it in the address, filters by type and location, and moves assets in bulk', async () => {
      await page().setViewportSize(VIEWPORTS[screen]);
      const company = await signUpCompany();
      await seedAssets(company, ASSETS);
      await signInToAssets(page(), company);
      await expect
        .poll(names, SLOW)
        .toEqual([
          'Samsung Galaxy Tab',
          'Lenovo ThinkPad T14',
          'Apple iPhone 15',
          'HP EliteBook 840',
          'Dell Latitude 5440',
        ]);

      const byTag = [
        'Apple iPhone 15',
        'Dell Latitude 5440',
        'Lenovo ThinkPad T14',
        'HP EliteBook 840',
        'Samsung Galaxy Tab',
      ];
      if (screen === 'desktop') {
        // A header's button: click for A to Z (numbers by value), Enter again for Z to A.
        await header('Asset Tag').getByRole('button').click();
        await expect.poll(names, SLOW).toEqual(byTag);
        expect(await header('Asset Tag').getAttribute('aria-sort')).toBe('ascending');
        expect(await header('Location').getAttribute('aria-sort')).toBeNull();
        await header('Asset Tag').getByRole('button').focus();
        await page().keyboard.press('Enter');
        await expect.poll(names, SLOW).toEqual([...byTag].reverse());
        expect(await header('Asset Tag').getAttribute('aria-sort')).toBe('descending');
        expect(await page().getByLabel('Sort by').inputValue()).toBe('asset_tag:desc');
      } else {
        // Cards show no headers, and have no sort buttons to tab to: Sort by offers the same orders.
        expect(await header('Asset Tag').getByRole('button').count()).toBe(0);
        await page().getByLabel('Sort by').selectOption({ label: 'Asset Tag (A–Z)' });
        await expect.poll(names, SLOW).toEqual(byTag);
        await page().getByLabel('Sort by').selectOption({ label: 'Asset Tag (Z–A)' });
        await expect.poll(names, SLOW).toEqual([...byTag].reverse());
      }
      expect(params().get('sort')).toBe('asset_tag');
      expect(params().get('order')).toBe('desc');

      // A reload (or the link shared) shows the same order.
      await page().reload();
      await expect.poll(names, SLOW).toEqual([...byTag].reverse());
      expect(await page().getByLabel('Sort by').inputValue()).toBe('asset_tag:desc');

      // Filters: the type, then a location in either spelling, with its count.
      await page().getByLabel('Type filter').selectOption('Laptop');
      await expect
        .poll(names, SLOW)
        .toEqual(['HP EliteBook 840', 'Lenovo ThinkPad T14', 'Dell Latitude 5440']);
      expect(await shown()).toBe('Showing 3 of 3 hardware assets');
      const location = page().getByLabel('Location filter');
      await expect
        .poll(() => optionTexts(location), SLOW)
        .toEqual(['All Locations', 'London Office (2)', 'Paris (2)']);
      await location.selectOption('London Office');
      await expect.poll(names, SLOW).toEqual(['HP EliteBook 840', 'Lenovo ThinkPad T14']);
      expect(await shown()).toBe('Showing 2 of 2 hardware assets');
      expect(params().get('location')).toBe('London Office');
      expect(params().get('type')).toBe('Laptop');
      await expectNoSidewaysScroll(page(), `the filtered list (${screen})`);
      await page().getByLabel('Type filter').selectOption({ label: 'All Types' });
      await location.selectOption({ label: 'All Locations' });
      await expect.poll(names, SLOW).toEqual([...byTag].reverse());

      // Bulk: two assets to a new location, after the question; the list and the locations follow.
      await page().getByRole('checkbox', { name: 'Select Dell Latitude 5440' }).check();
      await page().getByRole('checkbox', { name: 'Select Samsung Galaxy Tab' }).check();
      const bar = page().getByRole('region', { name: 'Change the selected hardware' });
      await expect.poll(() => bar.getByText('2 selected').isVisible(), SLOW).toBe(true);
      await bar.getByLabel('Change').selectOption('location');
      await bar.getByLabel('New location').fill('Berlin');
      await expectControlsInView(bar, `the bulk bar (${screen})`, 3);
      await bar.getByRole('button', { name: 'Change Location' }).click();
      const question = page().getByRole('alertdialog', {
        name: 'Change the location of 2 hardware assets to Berlin?',
      });
      await expect.poll(() => question.isVisible(), SLOW).toBe(true);
      expect(await question.textContent()).toContain('Samsung Galaxy Tab and Dell Latitude 5440');
      await question.getByRole('button', { name: 'Change Location' }).click();
      await expect
        .poll(() => page().getByText('Moved 2 hardware assets to Berlin').isVisible(), SLOW)
        .toBe(true);
      expect(await page().getByText('2 selected').count()).toBe(0);
      await expect
        .poll(() => optionTexts(location), SLOW)
        .toEqual(['All Locations', 'Berlin (2)', 'London Office (2)']);
      await location.selectOption('Berlin');
      await expect.poll(names, SLOW).toEqual(['Samsung Galaxy Tab', 'Dell Latitude 5440']);
      await expectNoSidewaysScroll(page(), `the hardware list (${screen})`);
    }, 90_000);
  });
}
