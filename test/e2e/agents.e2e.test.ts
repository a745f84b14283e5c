import { describe, expect, it } from 'vitest';
import type { MeResponse } from '../../shared/api';
import { agentReportSchema, type AgentReportInput } from '../../shared/agent-data';
import { recordAgentReport } from '../../functions/agent-reports/service';
import { api, signUpCompany, useFunctionEnv, type TestCompany } from '../support/api';
import { createKey, enrolInProcess, sendReport } from '../support/agents';
import { openAndSignIn, signInToAssets, useChromiumPage } from '../support/browser';

const currentPage = useChromiumPage();
const page = () => currentPage();
const SLOW = { timeout: 15_000 };

async function report(key: string, body: AgentReportInput) {
  const response = await sendReport(key, body);
  expect(response.status).toBe(202);
}

/** A machine last heard from `minutes` ago: written through the data layer, as the route would have. */
async function reportedAgo(company: TestCompany, minutes: number, body: AgentReportInput) {
  const me = await api<MeResponse>('/api/me', { token: company.accessToken });
  useFunctionEnv();
  await recordAgentReport(
    await enrolInProcess(me.body.organization.id, body),
    agentReportSchema.parse(body),
    new Date(Date.now() - minutes * 60_000),
  );
}

/** 2,000 programs, deliberately out of order: 7-Zip, Notepad++ and Tool 1998 … Tool 1. */
function programs(): AgentReportInput['installed_software'] {
  const tools = Array.from({ length: 1998 }, (_, index) => ({
    name: `Tool ${1998 - index}`,
    version: `${index % 10}.0`,
  }));
  return [
    ...tools.slice(0, 1000),
    { name: 'Notepad++', version: '8.6.2' },
    ...tools.slice(1000),
    { name: '7-Zip', version: '23.01' },
  ];
}

const FINANCE: AgentReportInput = {
  machine_id: 'MACHINE-GUID/FINANCE 01',
  hostname: 'FINANCE-PC-01',
  os_type: 'Windows',
  os_version: 'Windows 11 Pro 23H2',
  service_tag: '5CG1234XYZ',
  logged_in_user: 'ACME\\jane',
  agent_version: '1.2.0',
  update_available: false,
  memory_total_gb: 16,
  cpu_info: { processor: 'Intel Core i7-1365U', architecture: 'x64', cores_physical: 10, cores_logical: 12 },
  storage_info: [
    { device: 'C:', mountpoint: 'C:\\', used_gb: 451.25, total_gb: 475, percent: 95 },
    { device: 'D:', mountpoint: 'D:\\', used_gb: 400, total_gb: 1000, percent: 40 },
  ],
  shared_folders: [{ name: 'Scans', path: 'D:\\Scans' }],
  printers: [
    { name: 'HP LaserJet M404', driver: 'HP Universal Printing PCL 6', network: true, shared: false },
  ],
  installed_software: programs(),
};

const WAREHOUSE: AgentReportInput = {
  machine_id: 'MACHINE-GUID-WAREHOUSE',
  hostname: 'WAREHOUSE-LT-07',
  os_type: 'Windows',
  os_version: 'Windows 10 Enterprise 22H2',
  service_tag: '7XK9PQ2',
  logged_in_user: 'ACME\\bob',
  // Older than the agent the product ships: the server says an update is available.
  agent_version: '0.9.0',
  update_available: true,
  memory_total_gb: 8,
};

const cards = () => page().getByRole('list', { name: 'Machines' }).getByRole('listitem');
const card = (hostname: string) => cards().filter({ hasText: hostname });
const summary = () => page().getByTestId('agent-summary').locator('span').first().textContent();
const searchBox = () => page().getByLabel('Search machines');
const hostnames = () => cards().locator('[data-machine-link]').allTextContents();

/** What the page is told of its visibility, as a browser tells it when its tab is switched away. */
function setVisibility(state: 'hidden' | 'visible') {
  return page().evaluate((value) => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => value });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => value === 'hidden' });
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
  }, state);
}
const detailHeading = (hostname: string) => page().getByRole('heading', { level: 3, name: hostname });
const section = (name: RegExp) => page().getByRole('region', { name });
const focusedText = () => page().evaluate(() => document.activeElement?.textContent ?? null);

describe('Assets → Agent Monitoring in Chromium', () => {
  it('shows the fleet, searches it, opens a machine and refreshes', async () => {
    const company = await signUpCompany();
    const { key } = await createKey(company);

    // No machine yet: the empty state points to Settings for an API key.
    await signInToAssets(page(), company, '/assets');
    expect(await page().getByRole('tab', { name: 'Agent Monitoring' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    await expect
      .poll(() => page().getByRole('heading', { name: 'No machines yet' }).isVisible(), SLOW)
      .toBe(true);
    expect(
      await page()
        .getByRole('link', { name: /API key in Settings/ })
        .getAttribute('href'),
    ).toBe('/settings');

    // Two machines report now, one was last heard from two hours ago; Refresh shows them.
    await report(key, FINANCE);
    await report(key, WAREHOUSE);
    await reportedAgo(company, 120, { machine_id: 'MACHINE-GUID-RECEPTION', hostname: 'RECEPTION-PC' });
    await page().getByRole('button', { name: 'Refresh' }).click();
    await expect.poll(() => cards().count(), SLOW).toBe(3);
    expect(await summary()).toBe('3 machines · 2 online');

    const finance = card('FINANCE-PC-01');
    expect(await finance.getByText('Online', { exact: true }).isVisible()).toBe(true);
    expect(await finance.locator('[data-freshness]').getAttribute('data-freshness')).toBe('green');
    expect(await finance.textContent()).toContain('Windows 11 Pro 23H2');
    expect(await finance.textContent()).toContain('ACME\\jane');
    expect(await finance.locator('time').textContent()).toBe('just now');
    expect(await finance.locator('time').getAttribute('title')).toMatch(/^\d{1,2} \w{3} \d{4}, \d{2}:\d{2}$/);
    const reception = card('RECEPTION-PC');
    expect(await reception.getByText('Late', { exact: true }).isVisible()).toBe(true);
    expect(await reception.locator('time').textContent()).toBe('2 hours ago');
    expect(await card('WAREHOUSE-LT-07').getByText('Update available').isVisible()).toBe(true);

    // The search narrows by user, service tag or hostname, and says when nothing matches.
    // The count alone can be met by the previous search's one card: wait for the card itself.
    const onlyCard = async () => ((await cards().count()) === 1 ? await cards().first().textContent() : null);
    await searchBox().fill('bob');
    await expect.poll(onlyCard).toContain('WAREHOUSE-LT-07');
    await searchBox().fill('5cg1234');
    await expect.poll(onlyCard).toContain('FINANCE-PC-01');
    await searchBox().fill('nothing-like-this');
    await expect
      .poll(() => page().getByRole('heading', { name: 'No machines match your search' }).isVisible())
      .toBe(true);
    await searchBox().fill('finance');
    await expect.poll(() => cards().count()).toBe(1);

    // Opening a card with the keyboard shows its detail view, named in the address.
    await finance.getByRole('link', { name: 'FINANCE-PC-01' }).focus();
    await page().keyboard.press('Enter');
    await expect.poll(() => detailHeading('FINANCE-PC-01').isVisible(), SLOW).toBe(true);
    expect(new URL(page().url()).searchParams.get('machine')).toBe(FINANCE.machine_id);
    await expect.poll(focusedText).toBe('FINANCE-PC-01');

    const overview = section(/^Overview/);
    expect(await overview.textContent()).toContain('5CG1234XYZ');
    expect(await overview.textContent()).toContain('Windows 11 Pro 23H2');
    expect(await overview.textContent()).toContain('1.2.0');
    expect(await overview.textContent()).toContain('Up to date');
    // The device's enrolment date, beside first seen (issue 24: admins see when each was enrolled).
    expect(await overview.getByText('Enrolled', { exact: true }).isVisible()).toBe(true);
    const hardware = section(/^CPU & Memory/);
    expect(await hardware.textContent()).toContain('Intel Core i7-1365U');
    expect(await hardware.textContent()).toContain('10 physical · 12 logical');
    expect(await hardware.textContent()).toContain('16 GB');

    // Storage: the 95 % disk is flagged red, the 40 % one green.
    const storage = section(/^Storage/);
    await expect.poll(() => storage.getByRole('meter').count(), SLOW).toBe(2);
    const systemDisk = storage.getByRole('meter', { name: 'C: used space' });
    expect(await systemDisk.getAttribute('aria-valuenow')).toBe('95');
    expect(await systemDisk.getAttribute('data-level')).toBe('critical');
    expect(await systemDisk.getAttribute('class')).toContain('agent-storage__bar--critical');
    const systemDiskItem = storage.getByTestId('storage-device').filter({ hasText: 'C:' });
    expect(await systemDiskItem.textContent()).toContain('95%');
    expect(await systemDiskItem.textContent()).toContain('451.3 GB used of 475 GB');
    expect(await systemDiskItem.textContent()).toContain('Almost full');
    expect(await storage.getByRole('meter', { name: 'D: used space' }).getAttribute('data-level')).toBe('ok');

    const folders = section(/^Shared folders/);
    expect(await folders.getByRole('row').filter({ hasText: 'Scans' }).textContent()).toContain('D:\\Scans');
    const printer = section(/^Printers/)
      .getByRole('row')
      .filter({ hasText: 'HP LaserJet M404' });
    expect(await printer.getByRole('cell').allTextContents()).toEqual([
      'HP LaserJet M404',
      'HP Universal Printing PCL 6',
      'Yes',
      'No',
    ]);

    // Installed software: counted, sorted by name, a hundred at a time, searchable.
    const software = section(/^Installed software/);
    expect(await software.getByRole('heading').textContent()).toBe('Installed software (2,000)');
    const softwareRows = () => software.getByRole('row');
    expect(await softwareRows().count()).toBe(101); // the header and the first 100
    const names = async () => (await softwareRows().locator('td:first-child').allTextContents()).slice(0, 4);
    expect(await names()).toEqual(['7-Zip', 'Notepad++', 'Tool 1', 'Tool 2']);
    expect(await software.getByTestId('software-shown').textContent()).toBe('Showing 100 of 2,000 programs');
    await software.getByRole('button', { name: 'Show 100 more' }).click();
    await expect.poll(() => softwareRows().count()).toBe(201);
    await software.getByLabel('Search software').fill('notepad');
    await expect.poll(() => softwareRows().count()).toBe(2);
    expect(await softwareRows().nth(1).textContent()).toContain('8.6.2');
    await software.getByLabel('Search software').fill('tool 1998');
    await expect.poll(() => names()).toEqual(['Tool 1998']);

    // Back to List: the grid again, the search kept, focus on the machine's card.
    await page().getByRole('button', { name: 'Back to List' }).click();
    await expect.poll(() => cards().count(), SLOW).toBe(1);
    expect(await searchBox().inputValue()).toBe('finance');
    expect(new URL(page().url()).searchParams.has('machine')).toBe(false);
    await expect.poll(focusedText).toBe('FINANCE-PC-01');

    // A reload keeps an open machine; defaults show for what it did not report.
    await searchBox().fill('');
    await card('WAREHOUSE-LT-07').getByRole('link').click();
    await expect.poll(() => detailHeading('WAREHOUSE-LT-07').isVisible(), SLOW).toBe(true);
    await page().reload();
    await expect.poll(() => detailHeading('WAREHOUSE-LT-07').isVisible(), SLOW).toBe(true);
    await expect.poll(() => page().getByText('No printers reported').isVisible(), SLOW).toBe(true);
    expect(await page().getByText('No installed software reported').isVisible()).toBe(true);
    const warehouse = await section(/^Overview/).textContent();
    expect(warehouse).toContain('0.9.0');
    expect(warehouse).toContain('Update available');
    await page().getByRole('button', { name: 'Back to List' }).click();
    await expect.poll(() => cards().count(), SLOW).toBe(3);

    // A machine that reports after the page loaded appears on Refresh.
    await report(key, {
      machine_id: 'MACHINE-GUID-NEW',
      hostname: 'NEW-DESKTOP-99',
      logged_in_user: 'ACME\\amy',
    });
    expect(await card('NEW-DESKTOP-99').count()).toBe(0);
    await page().getByRole('button', { name: 'Refresh' }).click();
    await expect.poll(() => card('NEW-DESKTOP-99').count(), SLOW).toBe(1);
    expect(await summary()).toBe('4 machines · 3 online');
    expect(await cards().first().textContent()).toContain('NEW-DESKTOP-99');
  }, 90_000);

  it('filters the fleet by freshness and sorts it by hostname, through the API', async () => {
    const company = await signUpCompany();
    await reportedAgo(company, 1, { machine_id: 'M-GREEN', hostname: 'zeta-desk' });
    await reportedAgo(company, 120, { machine_id: 'M-YELLOW', hostname: 'Alpha-Laptop' });
    await reportedAgo(company, 300, { machine_id: 'M-RED', hostname: 'mid-server' });
    const asked: URLSearchParams[] = [];
    page().on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/agents') asked.push(url.searchParams);
    });

    await signInToAssets(page(), company, '/assets');
    await expect.poll(hostnames, SLOW).toEqual(['zeta-desk', 'Alpha-Laptop', 'mid-server']);
    expect(await page().getByLabel('Sort by').inputValue()).toBe('last_seen');
    await page().getByLabel('Sort by').selectOption({ label: 'Hostname' });
    await expect.poll(hostnames, SLOW).toEqual(['Alpha-Laptop', 'mid-server', 'zeta-desk']);

    await page().getByLabel('Freshness').selectOption('red');
    await expect.poll(hostnames, SLOW).toEqual(['mid-server']);
    expect(await summary()).toBe('1 machine matches');
    await page().getByLabel('Freshness').selectOption('yellow');
    await expect.poll(hostnames, SLOW).toEqual(['Alpha-Laptop']);
    await page().getByLabel('Freshness').selectOption('green');
    await expect.poll(hostnames, SLOW).toEqual(['zeta-desk']);
    // The API filtered and sorted: the grid shows what it answered.
    expect(Object.fromEntries(asked.at(-1)!)).toEqual({ freshness: 'green', sort: 'hostname', limit: '24' });

    await searchBox().fill('alpha');
    await expect
      .poll(() => page().getByRole('heading', { name: 'No machines match your search' }).isVisible(), SLOW)
      .toBe(true);
    await page().getByRole('button', { name: 'Clear search and filter' }).click();
    await expect.poll(hostnames, SLOW).toEqual(['Alpha-Laptop', 'mid-server', 'zeta-desk']);
    expect(await page().getByLabel('Freshness').inputValue()).toBe('');
    expect(await summary()).toBe('3 machines · 1 online');
  });

  it('refreshes the fleet every minute while the page is visible, and not while it is hidden', async () => {
    const company = await signUpCompany();
    const { key } = await createKey(company);
    await report(key, { machine_id: 'M-1', hostname: 'FIRST-PC' });
    // What happened, in order: the grid's fetches and the page's visibility changes.
    const events: string[] = [];
    page().on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/agents') events.push('fetch');
    });
    // Timers run on Chromium's fake clock: a minute passes when the test says so.
    await page().clock.install();
    await signInToAssets(page(), company, '/assets');
    await expect.poll(() => card('FIRST-PC').count(), SLOW).toBe(1);
    expect(events).toEqual(['fetch']);

    // A machine reports; a minute later the grid shows it without a click.
    await report(key, { machine_id: 'M-2', hostname: 'SECOND-PC' });
    expect(await card('SECOND-PC').count()).toBe(0);
    await page().clock.fastForward(60_000);
    await expect.poll(() => card('SECOND-PC').count(), SLOW).toBe(1);
    expect(events).toEqual(['fetch', 'fetch']);

    // Hidden, three minutes pass without a fetch; visible again, it fetches at once.
    await report(key, { machine_id: 'M-3', hostname: 'THIRD-PC' });
    await setVisibility('hidden');
    events.push('hidden');
    for (let minute = 0; minute < 3; minute++) await page().clock.fastForward(60_000);
    expect(await card('THIRD-PC').count()).toBe(0);
    events.push('visible');
    await setVisibility('visible');
    await expect.poll(() => card('THIRD-PC').count(), SLOW).toBe(1);
    expect(events).toEqual(['fetch', 'fetch', 'hidden', 'visible', 'fetch']);
    expect(await page().getByRole('button', { name: 'Refresh' }).isVisible()).toBe(true);
  });

  it('says so when a machine in the address is unknown, and when the fleet cannot load', async () => {
    const company = await signUpCompany();
    await openAndSignIn(page(), '/assets?machine=NO-SUCH-MACHINE', company);
    await expect
      .poll(() => page().getByRole('heading', { name: 'Machine not found' }).isVisible(), SLOW)
      .toBe(true);
    await page().getByRole('button', { name: 'Back to List' }).click();
    await expect
      .poll(() => page().getByRole('heading', { name: 'No machines yet' }).isVisible(), SLOW)
      .toBe(true);

    await page().route('**/api/agents?*', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'internal', message: 'Simulated outage' } }),
      }),
    );
    await page().reload();
    const alert = page().getByRole('alert').filter({ hasText: 'Could not load the machines' });
    await expect.poll(() => alert.textContent(), SLOW).toContain('Simulated outage');
    await page().unroute('**/api/agents?*');
    await alert.getByRole('button', { name: 'Try again' }).click();
    await expect
      .poll(() => page().getByRole('heading', { name: 'No machines yet' }).isVisible(), SLOW)
      .toBe(true);
  });
});
