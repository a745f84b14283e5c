import type { Browser, Locator, Page } from 'playwright-core';
import { ulid } from 'ulid';
import { afterAll, beforeAll, expect } from 'vitest';
import type { AgentReportInput } from '../../shared/agent-data';
import type { CreatedApiKey } from '../../shared/api-keys';
import { api, baseUrl, createHardwareAsset, inviteTokenSentTo, signUpCompany, type TestCompany } from './api';
import { sendReport } from './agents';
import { dateIn } from './dates';
import { launchChromium, signInThroughForm } from './browser';
import { TEST_SUPER_ADMIN } from './global-setup';
import { VIEWPORTS, type ViewportName } from './layout';

/**
 * A company whose lists hold long values (issue 22, items 14 and 15), with a row of each kind of
 * action, for the e2e suites phone-layout and long-text.
 */

export const SLOW = { timeout: 15_000 };

export const LONG = {
  organization: `Northwind ${'Consolidated International Holdings '.repeat(4)}Limited`.slice(0, 200),
  /** 200 characters, with a run no line can break. */
  model: `UltraBook ${'X'.repeat(60)} Special Edition with Extended Warranty, Docking Station and Accessories`
    .padEnd(200, 'Z')
    .slice(0, 200),
  serial: `SN${'7'.repeat(78)}`,
  hostname: `WORKSTATION-${'E'.repeat(243)}`,
  fullName: 'Maximiliana Alexandrina Konstantinopoulou-Vanderbilt-Featherstonehaugh of Northwind',
  apiKeyName: `Head office rollout for the northern region ${'D'.repeat(55)}`,
} as const;
/** The hardware row of the long model: Dell's. */
export const LONG_ASSET_NAME = `Dell ${LONG.model}`;
/** A short row beside the long ones, with a warranty ending soon. */
export const SHORT_ASSET = { name: 'HP EliteDesk 800', type: 'Desktop' } as const;
/** The Completed disposal item (Revert). */
export const DISPOSED_ASSET_NAME = 'Lenovo ThinkPad T14';

export interface LongValuesCompany {
  company: TestCompany;
  /** An admin with a long email and a long full name. */
  admin: { email: string; password: string };
  /** A long address with a pending invitation. */
  invitedEmail: string;
}

/** An address of some 120 characters, unique to this run. */
function longEmail(mailbox: string): string {
  return `${mailbox}@${ulid().toLowerCase()}.${'long-subdomain-of-the-company.'.repeat(2)}test`;
}

/** Invites an address as an admin and signs it up through the emailed link. */
async function joinAsAdmin(company: TestCompany, email: string, password: string) {
  const invited = await api('/api/invitations', {
    method: 'POST',
    token: company.accessToken,
    body: { email, role: 'admin' },
  });
  expect(invited.status, JSON.stringify(invited.body)).toBe(201);
  const joined = await api('/api/auth/signup', {
    method: 'POST',
    body: { email, password, full_name: LONG.fullName, invite_token: await inviteTokenSentTo(email) },
  });
  expect(joined.status, JSON.stringify(joined.body)).toBe(201);
}

/** A machine with a 255-character hostname and long values in each part of its report. */
const LONG_MACHINE: AgentReportInput = {
  machine_id: 'MACHINE-GUID-LONG-HOST',
  hostname: LONG.hostname,
  os_type: 'Windows',
  os_version: `Windows 11 Pro 23H2 ${'F'.repeat(80)}`,
  service_tag: 'H'.repeat(90),
  logged_in_user: `NORTHWIND\\${'g'.repeat(80)}`,
  shared_folders: [{ name: 'S'.repeat(90), path: `D:\\${'P'.repeat(150)}` }],
  printers: [{ name: 'Q'.repeat(100), driver: 'R'.repeat(100), network: true, shared: false }],
  installed_software: [{ name: `Suite ${'W'.repeat(150)}`, version: `1.${'0'.repeat(60)}` }],
  storage_info: [
    {
      device: `C:${'V'.repeat(60)}`,
      mountpoint: `C:\\${'U'.repeat(80)}`,
      used_gb: 10,
      total_gb: 100,
      percent: 10,
    },
  ],
};

/** Seeds the company through the API, as its people and its agent would. */
async function seedLongValues(): Promise<LongValuesCompany> {
  const company = await signUpCompany(LONG.organization);
  const admin = { email: longEmail('maximiliana.alexandrina.konstantinopoulou'), password: 'secret-pass-3' };
  await createHardwareAsset(company, {
    manufacturer: 'Dell',
    model: LONG.model,
    serial_number: LONG.serial,
    asset_tag: `TAG-${'B'.repeat(60)}`,
    assigned_to: admin.email,
    location: 'Building 7, Floor 12, Room 1203B, the Northern Warehouse Complex by the Old Docks',
    warranty_expiry: dateIn(10),
  });
  await createHardwareAsset(company, {
    asset_type: SHORT_ASSET.type,
    manufacturer: 'HP',
    model: 'EliteDesk 800',
    serial_number: 'SN-HP-800',
    warranty_expiry: dateIn(20),
  });
  // Each puts itself on the disposal list: a Pending item (Complete) and a Completed one (Revert).
  await createHardwareAsset(company, {
    manufacturer: 'Lenovo',
    model: LONG.model,
    status: 'Disposal Pending',
    disposal_reason: 'End of Life',
  });
  await createHardwareAsset(company, {
    manufacturer: 'Lenovo',
    model: 'ThinkPad T14',
    status: 'Disposed',
    disposal_reason: 'Recycled',
  });

  const key = await api<CreatedApiKey>('/api/api-keys', {
    method: 'POST',
    token: company.accessToken,
    body: { name: LONG.apiKeyName },
  });
  expect(key.status).toBe(201);
  const reported = await sendReport(key.body.key, LONG_MACHINE);
  expect(reported.status, JSON.stringify(reported.body)).toBe(202);

  await joinAsAdmin(company, admin.email, admin.password);
  const invitedEmail = longEmail('a.very.long.mailbox.name.for.a.new.starter');
  const invited = await api('/api/invitations', {
    method: 'POST',
    token: company.accessToken,
    body: { email: invitedEmail, role: 'user' },
  });
  expect(invited.status, JSON.stringify(invited.body)).toBe(201);
  return { company, admin, invitedEmail };
}

/** A page of its own at a width, signed in; the super_admin lands on System Management. */
async function signedInPage(
  browser: Browser,
  viewport: Viewport,
  who: { email: string; password: string },
): Promise<Page> {
  const context = await browser.newContext({
    viewport: typeof viewport === 'string' ? VIEWPORTS[viewport] : viewport,
  });
  const page = await context.newPage();
  const platform = who.email === TEST_SUPER_ADMIN.email;
  await signInThroughForm(
    page,
    `${baseUrl()}${platform ? '/users?tab=organizations' : '/'}`,
    who,
    platform ? 'System Management' : 'Dashboard',
  );
  return page;
}

/** Opens an address of the signed-in app and waits for what shows its content has loaded. */
export async function openScreen(page: Page, address: string, loaded: Locator) {
  await page.goto(`${baseUrl()}${address}`);
  await expect.poll(() => loaded.first().isVisible(), SLOW).toBe(true);
  await expect.poll(() => page.locator('.amplify-loader:visible, [aria-busy="true"]').count(), SLOW).toBe(0);
}

/** A DataTable's named region. */
export const tableRegion = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

type Viewport = ViewportName | { width: number; height: number };

/**
 * Registers the suite's hooks: one Chromium and one seeded company for the file. Returns the
 * company, and a way to open a signed-in page at a width (the test closes its context).
 */
export function useLongValues(): {
  seeded: () => LongValuesCompany;
  pageAt: (viewport: Viewport, who: { email: string; password: string }) => Promise<Page>;
} {
  let browser: Browser | undefined;
  let seeded: LongValuesCompany | undefined;
  beforeAll(async () => {
    browser = await launchChromium();
    seeded = await seedLongValues();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
  });
  return {
    seeded: () => seeded!,
    pageAt: (viewport, who) => signedInPage(browser!, viewport, who),
  };
}
