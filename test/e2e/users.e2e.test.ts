import type { Browser, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { MeResponse } from '../../shared/api';
import { AUTH_MESSAGES } from '../../shared/auth';
import { shortId } from '../../shared/constants';
import { INVITATION_MESSAGES } from '../../shared/invitations';
import { ORGANIZATION_MESSAGES, USER_MESSAGES } from '../../shared/users';
import {
  api,
  baseUrl,
  inviteLinkSentTo,
  inviteTokenSentTo,
  sendInvitation,
  signUpCompany,
  uniqueEmail,
  type TestCompany,
} from '../support/api';
import { openAndSignIn, pageLocators, signInThroughForm, useChromiumPage } from '../support/browser';
import { TEST_SUPER_ADMIN } from '../support/global-setup';

const currentPage = useChromiumPage();
const page = () => currentPage();
const SLOW = { timeout: 15_000 };

/** Invites an address through the API and signs it up with the emailed token. */
async function joinByInvitation(
  company: TestCompany,
  email: string,
  role: 'user' | 'admin',
  password: string,
): Promise<void> {
  await sendInvitation(company, email, role);
  const token = await inviteTokenSentTo(email);
  const signup = await api('/api/auth/signup', {
    method: 'POST',
    body: { email, password, full_name: 'Pat Plain', invite_token: token },
  });
  expect(signup.status).toBe(201);
}

const { row, dialog, alertDialog, heading, stat, isVisible } = pageLocators(page);
const roleSelect = (email: string) => page().getByLabel(`Role of ${email}`, { exact: true });

/** How an input looks and what is read with it: its shading, border, description and a lock beside it. */
function lookOf(input: Locator) {
  return input.evaluate((element) => {
    const style = getComputedStyle(element);
    const described = (element.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ');
    const group = element.closest('.amplify-field-group');
    const lock = group?.querySelector('.locked-field__icon svg');
    return {
      background: style.backgroundColor,
      borderStyle: style.borderTopStyle,
      description: described,
      hasLock: lock instanceof SVGElement && lock.getBoundingClientRect().width > 0,
    };
  });
}

/**
 * Team Management: inviting a colleague who joins and changing their role, Access Denied, and the super
 * admin's users and organizations. Cancelled, expired and unusable invitations: invitations.e2e.test.ts.
 */
describe('Team Management in Chromium', () => {
  it('invites a colleague as Admin, who joins through the emailed link, and changes their role', async () => {
    const companyName = `Users E2E ${Date.now()}`;
    const company = await signUpCompany(companyName);
    const colleague = uniqueEmail('colleague');

    await signInThroughForm(page(), `${baseUrl()}/users`, company, 'Team Management');
    await expect.poll(() => stat('Total Users').textContent(), SLOW).toBe('Total Users1');
    expect(await stat('Admins').textContent()).toBe('Admins1');
    expect(await stat('Users').textContent()).toBe('Users0');
    expect(await stat('Super Admins').count()).toBe(0);
    expect(await stat('Pending Invites').count()).toBe(0);
    // The admin's own row: no Organization column, their role locked, no Delete.
    expect(await page().getByRole('columnheader', { name: 'Organization' }).count()).toBe(0);
    expect(await roleSelect(company.email).isDisabled()).toBe(true);
    expect(
      await row(company.email)
        .getByRole('button', { name: /^Delete/ })
        .count(),
    ).toBe(0);

    // Invite User: the role offers User and Admin only, User first.
    await page().getByRole('button', { name: 'Invite User', exact: true }).click();
    const invite = dialog('Invite User');
    const roleField = invite.getByLabel('Role', { exact: true });
    expect(await roleField.inputValue()).toBe('user');
    expect(await roleField.locator('option').allTextContents()).toEqual(['User', 'Admin']);
    await invite.getByLabel('Email', { exact: true }).fill('not-an-email');
    await invite.getByRole('button', { name: 'Send Invitation', exact: true }).click();
    expect(await dialog('Invite User').isVisible()).toBe(true);
    await invite.getByLabel('Email', { exact: true }).fill(colleague);
    await roleField.selectOption({ label: 'Admin' });
    await invite.getByRole('button', { name: 'Send Invitation', exact: true }).click();

    await expect.poll(() => isVisible(INVITATION_MESSAGES.sent(colleague)), SLOW).toBe(true);
    expect(await dialog('Invite User').count()).toBe(0);
    await expect.poll(() => heading('Pending Invitations (1)').isVisible(), SLOW).toBe(true);
    const invitationRow = await row(colleague).textContent();
    expect(invitationRow).toContain('Admin');
    expect(invitationRow).toContain(company.email);
    await expect.poll(() => stat('Pending Invites').textContent(), SLOW).toBe('Pending Invites1');

    // The colleague opens the emailed link in a browser of their own.
    const link = await inviteLinkSentTo(colleague);
    const browser: Browser = page().context().browser()!;
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    try {
      const other: Page = await context.newPage();
      await other.goto(link);
      const email = other.getByLabel('Email', { exact: true });
      await expect.poll(() => email.inputValue(), SLOW).toBe(colleague);
      expect(await other.getByLabel('Company Name').inputValue()).toBe(companyName);
      // Both look locked, not merely refuse typing: shaded, dashed, a lock, and the reason read with them.
      const editable = await lookOf(other.getByLabel('Full Name'));
      for (const locked of [email, other.getByLabel('Company Name')]) {
        expect(await locked.getAttribute('readonly')).not.toBeNull();
        expect(await locked.isDisabled()).toBe(false);
        const look = await lookOf(locked);
        expect(look.background).not.toBe(editable.background);
        expect(look.borderStyle).toBe('dashed');
        expect(look.description).toContain('Set by your invitation');
        expect(look.hasLock).toBe(true);
      }
      await email.click();
      await other.keyboard.type('x');
      expect(await email.inputValue()).toBe(colleague);
      expect(await other.getByText(`You have been invited to join ${companyName}`).isVisible()).toBe(true);
      await other.getByLabel('Password', { exact: true }).fill('colleague-pass-1');
      await other.getByLabel('Full Name').fill('Colin Colleague');
      await other.getByRole('button', { name: 'Sign Up', exact: true }).click();
      await expect
        .poll(() => other.getByTestId('auth-message').textContent(), SLOW)
        .toBe(AUTH_MESSAGES.accountCreatedByInvitation);
      await signInThroughForm(
        other,
        `${baseUrl()}/users`,
        { email: colleague, password: 'colleague-pass-1' },
        'Team Management',
      );
    } finally {
      await context.close();
    }

    // Back in the admin's page: the colleague is a user, Admin, and no invitation is pending.
    await page().reload();
    await expect.poll(() => row(colleague).count(), SLOW).toBe(1);
    expect(await roleSelect(colleague).inputValue()).toBe('admin');
    expect(await row(colleague).textContent()).toContain('Colin Colleague');
    expect(await heading('Pending Invitations (1)').count()).toBe(0);
    expect(await stat('Pending Invites').count()).toBe(0);
    expect(await stat('Total Users').textContent()).toBe('Total Users2');
    expect(await stat('Admins').textContent()).toBe('Admins2');

    // Cancel in the confirmation puts the dropdown back.
    await roleSelect(colleague).selectOption({ label: 'User' });
    const confirm = alertDialog(USER_MESSAGES.roleConfirm('user'));
    await expect.poll(() => confirm.isVisible(), SLOW).toBe(true);
    await confirm.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect.poll(() => alertDialog(USER_MESSAGES.roleConfirm('user')).count()).toBe(0);
    expect(await roleSelect(colleague).inputValue()).toBe('admin');

    // Confirmed, the role changes.
    await roleSelect(colleague).selectOption({ label: 'User' });
    await alertDialog('Change user role to User?').getByRole('button', { name: 'Change Role' }).click();
    await expect.poll(() => alertDialog(USER_MESSAGES.roleConfirm('user')).count(), SLOW).toBe(0);
    await expect.poll(() => stat('Users').textContent(), SLOW).toBe('Users1');
    expect(await roleSelect(colleague).inputValue()).toBe('user');
    expect(await stat('Admins').textContent()).toBe('Admins1');

    // Password reset, after a confirmation.
    await page()
      .getByRole('button', { name: `Send password reset to ${colleague}`, exact: true })
      .click();
    await alertDialog(USER_MESSAGES.resetConfirm(colleague)).getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => isVisible(USER_MESSAGES.resetSent(colleague)), SLOW).toBe(true);
  });

  it('shows Access Denied to a plain user', async () => {
    const company = await signUpCompany();
    const email = uniqueEmail('plain');
    await joinByInvitation(company, email, 'user', 'plain-pass-1');

    await openAndSignIn(page(), '/users', { email, password: 'plain-pass-1' });
    await expect.poll(() => isVisible(USER_MESSAGES.accessDenied), SLOW).toBe(true);
    expect(await page().getByRole('button', { name: 'Invite User' }).count()).toBe(0);
  });

  it('gives the super admin System Management with Users and Organizations tabs', async () => {
    const company = await signUpCompany(`Seen By Root ${Date.now()}`);
    const member = uniqueEmail('member');
    await joinByInvitation(company, member, 'user', 'member-pass-1');
    await signInThroughForm(page(), `${baseUrl()}/users`, TEST_SUPER_ADMIN, 'System Management');
    expect(await page().getByRole('tab', { name: 'Users' }).isVisible()).toBe(true);
    expect(await page().getByRole('tab', { name: 'Organizations' }).isVisible()).toBe(true);
    await expect.poll(() => row(company.email).count(), SLOW).toBe(1);
    expect(await page().getByRole('columnheader', { name: 'Organization' }).isVisible()).toBe(true);
    expect(await stat('Super Admins').isVisible()).toBe(true);
    expect(await row(company.email).textContent()).toContain('Seen By Root');
    // Super Admin is offered to a super admin; their own row is locked and has no Delete.
    expect(await roleSelect(company.email).locator('option').allTextContents()).toEqual([
      'User',
      'Admin',
      'Super Admin',
    ]);
    expect(await roleSelect(TEST_SUPER_ADMIN.email).isDisabled()).toBe(true);
    expect(
      await page()
        .getByRole('button', { name: `Delete ${TEST_SUPER_ADMIN.email}` })
        .count(),
    ).toBe(0);

    // Delete, after a destructive confirmation.
    await page()
      .getByRole('button', { name: `Delete ${company.email}`, exact: true })
      .click();
    await alertDialog(USER_MESSAGES.deleteConfirm(company.email))
      .getByRole('button', { name: 'Delete', exact: true })
      .click();
    // The last admin of an organisation stays: the server's reason shows in the dialog.
    const refusal = alertDialog(USER_MESSAGES.deleteConfirm(company.email)).getByRole('alert');
    await expect.poll(() => refusal.textContent(), SLOW).toContain(USER_MESSAGES.deleteFailed);
    expect(await refusal.textContent()).toContain(USER_MESSAGES.lastAdmin);
    await alertDialog(USER_MESSAGES.deleteConfirm(company.email))
      .getByRole('button', { name: 'Cancel', exact: true })
      .click();

    await page()
      .getByRole('button', { name: `Delete ${member}`, exact: true })
      .click();
    await alertDialog(USER_MESSAGES.deleteConfirm(member))
      .getByRole('button', { name: 'Delete', exact: true })
      .click();
    await expect.poll(() => row(member).count(), SLOW).toBe(0);
    expect(await row(company.email).count()).toBe(1);

    await page().getByRole('tab', { name: 'Organizations' }).click();
    await expect.poll(() => page().url(), SLOW).toContain('tab=organizations');
  });

  it('lets the super admin delete an organization, after a warning, shutting its people out', async () => {
    const name = `Doomed ${Date.now()}`;
    const doomed = await signUpCompany(name);
    const me = await api<MeResponse>('/api/me', { token: doomed.accessToken });
    const organizationId = me.body.organization.id;
    await signInThroughForm(
      page(),
      `${baseUrl()}/users?tab=organizations`,
      TEST_SUPER_ADMIN,
      'System Management',
    );
    expect(await page().getByRole('tab', { name: 'Organizations', selected: true }).isVisible()).toBe(true);
    await expect.poll(() => row(name).count(), SLOW).toBe(1);
    for (const column of ['Organization', 'Users', 'Created']) {
      expect(await page().getByRole('columnheader', { name: column, exact: true }).isVisible()).toBe(true);
    }
    // Name, shortened id and a user count of 1 (the admin who signed up).
    expect(await row(name).getByRole('rowheader').textContent()).toContain(shortId(organizationId));
    const cells = row(name).getByRole('cell');
    expect(await cells.first().textContent()).toBe('1');
    // The super admin's own organisation cannot be deleted.
    const own = row('(yours)');
    expect(await own.count()).toBe(1);
    expect(await own.getByRole('button', { name: /^Delete/ }).isDisabled()).toBe(true);

    await row(name)
      .getByRole('button', { name: `Delete the organization ${name}`, exact: true })
      .click();
    const confirm = alertDialog(ORGANIZATION_MESSAGES.deleteConfirm(name));
    await expect.poll(() => confirm.isVisible(), SLOW).toBe(true);
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect.poll(() => isVisible(ORGANIZATION_MESSAGES.deleted(name)), SLOW).toBe(true);
    expect(await alertDialog(ORGANIZATION_MESSAGES.deleteConfirm(name)).count()).toBe(0);
    await expect.poll(() => row(name).count(), SLOW).toBe(0);

    // Its admin is shut out.
    expect((await api('/api/me', { token: doomed.accessToken })).status).toBe(403);
  });
});
