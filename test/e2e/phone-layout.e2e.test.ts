import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { API_KEY_MESSAGES } from '../../shared/api-keys';
import { DISPOSAL_MESSAGES } from '../../shared/disposal';
import { HARDWARE_MESSAGES } from '../../shared/hardware';
import { INVITATION_MESSAGES } from '../../shared/invitations';
import { ORGANIZATION_MESSAGES, USER_MESSAGES } from '../../shared/users';
import { TEST_SUPER_ADMIN } from '../support/global-setup';
import { expectControlsInView, expectNoSidewaysScroll, truncatedTextWithoutTitle } from '../support/layout';
import {
  DISPOSED_ASSET_NAME,
  LONG,
  openScreen,
  SHORT_ASSET,
  SLOW,
  tableRegion,
  useLongValues,
} from '../support/long-values';

/**
 * Phones (issue 22, item 14): at 390×844 every row action of every table (Edit, Delete, Complete,
 * Revert, the role dropdown, Send password reset, Delete user, Delete organization, Delete API
 * key, Cancel invitation) lies within the window's width, with long values in the rows, and works:
 * a click opens its dialog. Rows become labelled cards (web/src/components/data-table.css).
 */

const suite = useLongValues();

/** A click on the action (or its use, for a dropdown) opens its dialog; Escape closes it again. */
async function expectOpensDialog(page: Page, act: () => Promise<unknown>, name: string) {
  await act();
  const dialog = page
    .getByRole('dialog', { name, exact: true })
    .or(page.getByRole('alertdialog', { name, exact: true }));
  await expect.poll(() => dialog.isVisible(), SLOW).toBe(true);
  await expectNoSidewaysScroll(page, `The dialog "${name}"`);
  await page.keyboard.press('Escape');
  await expect.poll(() => page.locator('dialog[open]').count(), SLOW).toBe(0);
}

const button = (scope: Locator, name: string | RegExp) => scope.getByRole('button', { name }).first();

describe('row actions on a phone', () => {
  it('keeps every row action of every table in view at 390×844, and each opens its dialog', async () => {
    const page = await suite.pageAt('phone', suite.seeded().company);
    const { email } = suite.seeded().admin;
    try {
      const hardware = tableRegion(page, 'Hardware assets');
      await openScreen(
        page,
        '/assets?tab=hardware',
        hardware.getByRole('row').filter({ hasText: SHORT_ASSET.name }),
      );
      // Edit and Delete on 4 rows, 4 row checkboxes and select-all.
      await expectControlsInView(hardware, 'Hardware', 13);
      await expectNoSidewaysScroll(page, 'Hardware');
      await expectOpensDialog(
        page,
        () => button(hardware, `Edit ${SHORT_ASSET.name}`).click(),
        'Edit Hardware',
      );
      await expectOpensDialog(
        page,
        () => button(hardware, `Delete ${SHORT_ASSET.name}`).click(),
        HARDWARE_MESSAGES.deleteConfirm,
      );

      const disposal = tableRegion(page, 'Disposal items');
      await openScreen(page, '/disposal', disposal.getByRole('row').filter({ hasText: DISPOSED_ASSET_NAME }));
      // Complete, Revert, two linked assets' Edit, 2 checkboxes and select-all.
      await expectControlsInView(disposal, 'Disposal', 7);
      await expectNoSidewaysScroll(page, 'Disposal');
      await expectOpensDialog(
        page,
        () => button(disposal, /^Complete disposal of /).click(),
        DISPOSAL_MESSAGES.completeConfirm,
      );
      await expectOpensDialog(
        page,
        () => button(disposal, /^Revert disposal of /).click(),
        DISPOSAL_MESSAGES.revertConfirm,
      );
      await expectOpensDialog(
        page,
        () => button(disposal, `Edit linked asset of ${DISPOSED_ASSET_NAME}`).click(),
        'Edit Hardware',
      );

      const users = tableRegion(page, 'User accounts');
      await openScreen(page, '/users', users.getByRole('row').filter({ hasText: email }));
      // Each row's role dropdown and Send password reset.
      await expectControlsInView(users, 'Users', 4);
      const invitations = tableRegion(page, 'Pending invitations');
      await expectControlsInView(invitations, 'Pending invitations', 1);
      await expectNoSidewaysScroll(page, 'Users');
      await expectOpensDialog(
        page,
        () => users.getByRole('combobox', { name: `Role of ${email}` }).selectOption('user'),
        USER_MESSAGES.roleConfirm('user'),
      );
      await expectOpensDialog(
        page,
        () => button(users, `Send password reset to ${email}`).click(),
        USER_MESSAGES.resetConfirm(email),
      );
      await expectOpensDialog(
        page,
        () => button(invitations, /cancel/i).click(),
        INVITATION_MESSAGES.cancelConfirm,
      );

      const keys = page.getByRole('table', { name: 'API Keys for Agents' });
      await openScreen(page, '/settings', keys.getByRole('row').filter({ hasText: LONG.apiKeyName }));
      await expectControlsInView(keys, 'API keys', 1);
      await expectNoSidewaysScroll(page, 'Settings');
      await expectOpensDialog(
        page,
        () => button(keys, `Delete ${LONG.apiKeyName}`).click(),
        API_KEY_MESSAGES.deleteConfirm,
      );
    } finally {
      await page.context().close();
    }
  }, 120_000);

  it('keeps the super_admin’s Delete organization and Delete user in view at 390×844', async () => {
    const page = await suite.pageAt('phone', TEST_SUPER_ADMIN);
    const { email } = suite.seeded().admin;
    try {
      const organization = tableRegion(page, 'Organizations')
        .getByRole('row')
        .filter({ hasText: LONG.organization });
      await openScreen(page, '/users?tab=organizations', organization);
      await expectControlsInView(organization, 'Organizations', 1);
      await expectNoSidewaysScroll(page, 'Organizations');
      await expectOpensDialog(
        page,
        () => button(organization, /^Delete the organization /).click(),
        ORGANIZATION_MESSAGES.deleteConfirm(LONG.organization),
      );

      const member = tableRegion(page, 'User accounts').getByRole('row').filter({ hasText: email });
      await openScreen(page, '/users', member);
      // Its role dropdown, Send password reset and Delete.
      await expectControlsInView(member, 'Users (super_admin)', 3);
      await expectNoSidewaysScroll(page, 'Users (super_admin)');
      await expectOpensDialog(
        page,
        () => button(member, `Delete ${email}`).click(),
        USER_MESSAGES.deleteConfirm(email),
      );
    } finally {
      await page.context().close();
    }
  }, 60_000);

  it('keeps the header and the row actions clear on a tablet (900 px), where a wide table scrolls', async () => {
    const page = await suite.pageAt({ width: 900, height: 1000 }, suite.seeded().admin);
    try {
      const lastTab = await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link')
        .last()
        .boundingBox();
      const account = await page.getByText(LONG.fullName, { exact: true }).boundingBox();
      const overlap =
        lastTab!.x < account!.x + account!.width &&
        account!.x < lastTab!.x + lastTab!.width &&
        lastTab!.y < account!.y + account!.height &&
        account!.y < lastTab!.y + lastTab!.height;
      expect(overlap, 'the account name runs over the tabs').toBe(false);
      expect(await truncatedTextWithoutTitle(page)).toEqual([]);

      const hardware = tableRegion(page, 'Hardware assets');
      await openScreen(
        page,
        '/assets?tab=hardware',
        hardware.getByRole('row').filter({ hasText: LONG.serial }),
      );
      await expectControlsInView(hardware, 'Hardware at 900 px', 13);
      await expectNoSidewaysScroll(page, 'Hardware at 900 px');
    } finally {
      await page.context().close();
    }
  }, 60_000);
});
