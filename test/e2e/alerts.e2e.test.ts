import { describe, expect, it } from 'vitest';
import { ALERT_MESSAGES } from '../../shared/alerts';
import { addMember, createHardwareAsset, signUpCompany } from '../support/api';
import { digestsSentTo } from '../support/alerts';
import { openAndSignIn, useChromiumPage } from '../support/browser';
import { dateIn } from '../support/dates';
import {
  expectControlsInView,
  expectInViewHorizontally,
  expectNoSidewaysScroll,
  VIEWPORTS,
} from '../support/layout';

const currentPage = useChromiumPage(VIEWPORTS.phone);
const page = () => currentPage();
const SLOW = { timeout: 15_000 };

const section = () => page().getByRole('region', { name: ALERT_MESSAGES.title, exact: true });
const status = (text: string) => section().getByRole('status').filter({ hasText: text });

/** Settings → General → Alerts in Chromium at a phone's 390 px, worked from the keyboard. */
describe('Settings → Alerts', () => {
  it('lets an admin opt in and send the digest now, which lands in the outbox', async () => {
    const company = await signUpCompany('Alerted Co');
    await createHardwareAsset(company, {
      manufacturer: 'Lenovo',
      model: 'ThinkPad X1',
      warranty_expiry: dateIn(20),
    });
    await openAndSignIn(page(), '/settings', company);
    await expect.poll(() => section().isVisible(), SLOW).toBe(true);
    const digestSwitch = section().getByRole('switch', { name: ALERT_MESSAGES.digestLabel });
    await expect.poll(() => digestSwitch.isChecked(), SLOW).toBe(false);
    await expectNoSidewaysScroll(page(), 'Settings with the Alerts card');
    await expectControlsInView(section(), 'the Alerts card', 2);
    await expectInViewHorizontally(section().getByLabel(ALERT_MESSAGES.hoursLabel), 'the hours field');
    // From the keyboard: the switch with Space, the hours typed, Enter saves.
    await digestSwitch.focus();
    await page().keyboard.press('Space');
    expect(await digestSwitch.isChecked()).toBe(true);
    const hours = section().getByLabel(ALERT_MESSAGES.hoursLabel);
    await hours.fill('0');
    await hours.press('Enter');
    await expect
      .poll(() =>
        section()
          .getByText(/between 1 and 720/)
          .isVisible(),
      )
      .toBe(true);
    await hours.fill('12');
    await hours.press('Enter');
    await expect.poll(() => status(ALERT_MESSAGES.saved).isVisible(), SLOW).toBe(true);

    await section().getByRole('button', { name: ALERT_MESSAGES.sendNow }).click();
    await expect.poll(() => status(ALERT_MESSAGES.sent([company.email])).isVisible(), SLOW).toBe(true);
    const [digest] = await digestsSentTo(company.email);
    expect(digest?.subject).toBe('IT Asset Auditor: 1 warranty ending');
    expect(digest?.body).toContain('Lenovo ThinkPad X1');

    // Saved: a fresh load shows the settings as they were left.
    await page().reload();
    await expect
      .poll(() => section().getByRole('switch', { name: ALERT_MESSAGES.digestLabel }).isChecked(), SLOW)
      .toBe(true);
    expect(await section().getByLabel(ALERT_MESSAGES.hoursLabel).inputValue()).toBe('12');
  });

  it('says so when nobody opted in', async () => {
    const company = await signUpCompany('Quiet Alerts Co');
    await openAndSignIn(page(), '/settings', company);
    await expect.poll(() => section().isVisible(), SLOW).toBe(true);
    await section().getByRole('button', { name: ALERT_MESSAGES.sendNow }).click();
    await expect.poll(() => status(ALERT_MESSAGES.nobodyOptedIn).isVisible(), SLOW).toBe(true);

    // Opting in makes that answer untrue: it goes as the settings are saved (issue 34, item 6).
    await section().getByText(ALERT_MESSAGES.digestLabel, { exact: true }).click();
    await section().getByRole('button', { name: ALERT_MESSAGES.save, exact: true }).click();
    await expect.poll(() => status(ALERT_MESSAGES.saved).isVisible(), SLOW).toBe(true);
    expect(await section().getByText(ALERT_MESSAGES.nobodyOptedIn).count()).toBe(0);
  });

  it('shows users no Alerts card', async () => {
    const company = await signUpCompany('Users Alerts Co');
    const member = await addMember(company, 'user');
    await openAndSignIn(page(), '/settings', { email: member.email, password: 'secret-pass-3' });
    await page().getByRole('heading', { name: 'Organization Information' }).waitFor(SLOW);
    expect(await section().count()).toBe(0);
  });
});
