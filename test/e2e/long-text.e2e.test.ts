import { describe, expect, it } from 'vitest';
import { INVITATION_MESSAGES } from '../../shared/invitations';
import {
  expectControlsInView,
  expectInViewHorizontally,
  expectNoSidewaysScroll,
  truncatedTextWithoutTitle,
  VIEWPORTS,
  type ViewportName,
} from '../support/layout';
import {
  DISPOSED_ASSET_NAME,
  LONG,
  LONG_ASSET_NAME,
  openScreen,
  SHORT_ASSET,
  SLOW,
  tableRegion,
  useLongValues,
} from '../support/long-values';

/**
 * Long text (issue 22, item 15): a 200-character model, an 80-character serial, a 255-character
 * hostname, long emails, names and an organisation name wrap, or are cut short with the full text
 * as a title; no page scrolls sideways at 1280 or 390 px, the agent cards and detail included. The
 * dashboard's warranty rows show the asset's name and its type apart.
 */

const suite = useLongValues();

describe('long text', () => {
  for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
    it(`wraps long values or titles them whole, and no page scrolls sideways at ${viewport} width`, async () => {
      // The long-named admin: the header shows the name.
      const { admin, invitedEmail } = suite.seeded();
      const page = await suite.pageAt(viewport, admin);
      const check = async (screen: string) => {
        await expectNoSidewaysScroll(page, screen);
        expect(await truncatedTextWithoutTitle(page), `${screen}: text cut short without a title`).toEqual(
          [],
        );
      };
      try {
        const warranties = page.getByRole('table', { name: /^Warranties expiring/ });
        await openScreen(page, '/', warranties.getByText(SHORT_ASSET.name));
        await check('Dashboard');

        const longRow = tableRegion(page, 'Hardware assets')
          .getByRole('row')
          .filter({ hasText: LONG.serial });
        await openScreen(page, '/assets?tab=hardware', longRow);
        await expectInViewHorizontally(longRow.getByText(LONG_ASSET_NAME, { exact: true }), 'The long model');
        await expectInViewHorizontally(longRow.getByText(LONG.serial, { exact: true }), 'The long serial');
        await expectControlsInView(longRow, 'The long row', 3);
        await check('Hardware');

        const card = page.getByRole('list', { name: 'Machines' }).getByRole('listitem');
        await openScreen(page, '/assets', card);
        const host = card.getByRole('link', { name: LONG.hostname });
        expect(await host.getAttribute('title')).toBe(LONG.hostname);
        await expectInViewHorizontally(card, 'The machine’s card');
        await check('Agent Monitoring');

        await host.click();
        const title = page.getByRole('heading', { name: LONG.hostname, level: 3 });
        const software = page.getByRole('region', { name: /^Installed software/ }).getByRole('row');
        await expect.poll(() => title.isVisible(), SLOW).toBe(true);
        await expect.poll(() => software.count(), SLOW).toBe(2);
        await expectInViewHorizontally(title, 'The machine’s hostname');
        await check('Agent detail');

        const disposal = tableRegion(page, 'Disposal items');
        await openScreen(
          page,
          '/disposal',
          disposal.getByRole('row').filter({ hasText: DISPOSED_ASSET_NAME }),
        );
        await expectControlsInView(disposal, 'Disposal', 7);
        await check('Disposal');

        await openScreen(page, '/settings', page.getByRole('table', { name: 'API Keys for Agents' }));
        await expectInViewHorizontally(
          page.getByText(LONG.organization, { exact: true }),
          'The organisation',
        );
        await check('Settings');

        const users = tableRegion(page, 'User accounts');
        await openScreen(page, '/users', users.getByRole('row').filter({ hasText: admin.email }));
        await expectInViewHorizontally(users.getByText(admin.email, { exact: true }), 'A long email');
        await expectInViewHorizontally(
          tableRegion(page, 'Pending invitations').getByText(invitedEmail, { exact: true }),
          'A long invited email',
        );
        await check('Users');
      } finally {
        await page.context().close();
      }
    }, 120_000);

    it(`wraps every notice that quotes a long value at ${viewport} width`, async () => {
      const { admin } = suite.seeded();
      const page = await suite.pageAt(viewport, admin);
      const noticeInView = async (text: string, screen: string) => {
        const notice = page.getByRole('status').getByText(text, { exact: true });
        await expect.poll(() => notice.isVisible(), SLOW).toBe(true);
        await expectInViewHorizontally(notice, `${screen}: the notice`);
        await expectNoSidewaysScroll(page, `${screen} with its notice`);
      };
      try {
        // A 200-character model with no place to break, in Add Hardware's success notice (issue 34, item 4).
        const model = `Ultra${'X'.repeat(195)}`;
        await openScreen(page, '/assets?tab=hardware', tableRegion(page, 'Hardware assets'));
        await page.getByRole('button', { name: 'Add Hardware', exact: true }).click();
        const add = page.getByRole('dialog', { name: 'Add Hardware' });
        await add.getByLabel('Asset Type').selectOption('Laptop');
        await add.getByLabel('Manufacturer').fill('Lenovo');
        await add.getByLabel('Model').fill(model);
        await add.getByRole('button', { name: 'Save' }).click();
        await noticeInView(`Added Lenovo ${model}`, 'Hardware');

        // A long address in the Users tab's "Invitation sent to …".
        const email = `notice.${'w'.repeat(70)}@${'northwind-consolidated'.repeat(3)}.example`;
        await openScreen(page, '/users', tableRegion(page, 'User accounts'));
        await page.getByRole('button', { name: 'Invite User', exact: true }).click();
        const invite = page.getByRole('dialog', { name: 'Invite User' });
        await invite.getByLabel('Email', { exact: true }).fill(email);
        await invite.getByRole('button', { name: 'Send Invitation', exact: true }).click();
        await noticeInView(INVITATION_MESSAGES.sent(email), 'Users');
      } finally {
        await page.context().close();
      }
    }, 90_000);

    it(`separates a warranty row's asset name from its type at ${viewport} width`, async () => {
      const page = await suite.pageAt(viewport, suite.seeded().company);
      try {
        const row = page
          .getByRole('table', { name: /^Warranties expiring/ })
          .getByRole('row')
          .filter({ hasText: SHORT_ASSET.name });
        await openScreen(page, '/', row);
        const name = row.getByText(SHORT_ASSET.name, { exact: true });
        const nameBox = await name.boundingBox();
        const typeBox = await row.getByText(SHORT_ASSET.type, { exact: true }).boundingBox();
        // The type is on a line of its own under the name, and read out as a word of its own.
        expect(typeBox!.y).toBeGreaterThanOrEqual(nameBox!.y + nameBox!.height - 1);
        expect(await name.locator('..').textContent()).toBe(`${SHORT_ASSET.name} ${SHORT_ASSET.type}`);
      } finally {
        await page.context().close();
      }
    }, 60_000);
  }
});
