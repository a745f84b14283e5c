import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { MeResponse } from '../../shared/api';
import { API_KEY_HEADER } from '../../shared/agent-data';
import {
  API_KEY_DISPLAY_CHARS,
  API_KEY_MESSAGES,
  API_KEY_PATTERN,
  COPIED_CONFIRMATION_MS,
  type ApiKeyListResponse,
  type CreatedApiKey,
} from '../../shared/api-keys';
import { patch, send } from '../../functions/lib/table/commands';
import { userProfiles } from '../../functions/lib/table/items/organizations';
import { api, baseUrl, signUpCompany, useFunctionEnv, type TestCompany } from '../support/api';
import { deviceHeaders, enrollDevice } from '../support/agents';
import { openAndSignIn, useChromiumPage } from '../support/browser';

const currentPage = useChromiumPage();
const page = () => currentPage();
const SLOW = { timeout: 15_000 };

async function openSettings(company: TestCompany) {
  await openAndSignIn(page(), '/settings', company);
  await expect.poll(() => section().isVisible(), SLOW).toBe(true);
}

const section = () => page().getByRole('region', { name: 'API Keys for Agents' });
const newKeyBox = () => section().getByTestId('new-api-key');
const keyRow = (key: string) =>
  section()
    .getByRole('row')
    .filter({ hasText: `${key.slice(0, API_KEY_DISPLAY_CHARS)}…` });
const deleteDialog = () => page().getByRole('alertdialog', { name: API_KEY_MESSAGES.deleteConfirm });
const configuration = async () =>
  JSON.parse((await section().getByTestId('agent-configuration').textContent()) ?? '') as unknown;
const shortened = (key: string) => `${key.slice(0, API_KEY_DISPLAY_CHARS)}…`;

async function listKeys(company: TestCompany): Promise<{ text: string; body: ApiKeyListResponse }> {
  const response = await api<ApiKeyListResponse>('/api/api-keys', { token: company.accessToken });
  expect(response.status).toBe(200);
  return { text: JSON.stringify(response.body), body: response.body };
}

/** Generates a key and reads it from the page; `previous` is the key shown before, if any. */
async function generateInUi(previous?: string): Promise<string> {
  await section().getByRole('button', { name: 'Generate API Key' }).click();
  const shown = () => newKeyBox().locator('code').textContent();
  await expect.poll(shown, SLOW).not.toBe(previous ?? null);
  const key = (await shown())!;
  expect(key).toMatch(API_KEY_PATTERN);
  return key;
}

/**
 * Clicks a Copy button: "Copied!" shows (and is announced), and is still shown `stillShownAfter` ms
 * on the page's clock; `goneAfter` ms later the button says Copy again. The clock jumps when told,
 * so nothing here waits on real time.
 */
async function expectCopiedConfirmation(
  box: Locator,
  name: string,
  { stillShownAfter, goneAfter }: { stillShownAfter: number; goneAfter: number },
) {
  await box.getByRole('button', { name }).click();
  await expect.poll(() => box.getByRole('button', { name: 'Copied!' }).isVisible()).toBe(true);
  expect(await box.getByRole('status').textContent()).toBe('Copied!');
  await page().clock.fastForward(stillShownAfter);
  expect(await box.getByRole('button', { name: 'Copied!' }).isVisible()).toBe(true);
  await page().clock.fastForward(goneAfter);
  await expect.poll(() => box.getByRole('button', { name }).isVisible()).toBe(true);
  expect(await box.getByRole('status').textContent()).toBe('');
}

function reportBody() {
  return { machine_id: 'e2e-machine-1', hostname: 'E2E-PC' };
}

describe('Settings → API Keys for Agents in Chromium', () => {
  it('generates a key shown once, copies it, configures an agent with the newest key and deletes a key', async () => {
    const company = await signUpCompany();
    const origin = new URL(baseUrl()).origin;
    await page().context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
    // Timers run on Chromium's fake clock, in real time until the test makes it jump.
    await page().clock.install();
    await openSettings(company);

    // No key yet: the empty state, and the configuration asks for a key.
    await expect
      .poll(
        () => section().getByText('No API keys yet. Generate one to connect a monitoring agent.').isVisible(),
        SLOW,
      )
      .toBe(true);
    expect(await section().getByTestId('agent-configuration').count()).toBe(0);
    expect(await section().getByText('An agent needs an API key', { exact: false }).isVisible()).toBe(true);
    const submitAddress = `${origin}/api/agent/report`;
    expect(await section().getByTestId('agent-submit-address').textContent()).toBe(submitAddress);

    // A failed generation says so, with the server's message.
    await page().route('**/api/api-keys', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 500,
            contentType: 'application/json',
            body: JSON.stringify({ error: { code: 'internal', message: 'Simulated outage' } }),
          })
        : route.fallback(),
    );
    await section().getByRole('button', { name: 'Generate API Key' }).click();
    const generateAlert = section().getByRole('alert').filter({ hasText: API_KEY_MESSAGES.generateFailed });
    await expect.poll(() => generateAlert.textContent(), SLOW).toContain('Simulated outage');
    await page().unroute('**/api/api-keys');

    // Generated: the full key, once, with the warning; focus moves to it.
    const key = await generateInUi();
    expect(await generateAlert.count()).toBe(0);
    expect(await newKeyBox().getByText(API_KEY_MESSAGES.shownOnce).isVisible()).toBe(true);
    expect(await page().evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(
      'new-api-key',
    );

    // The API lists its prefix, never the key.
    const listed = await listKeys(company);
    expect(listed.body.items).toHaveLength(1);
    expect(listed.body.items[0]).toMatchObject({
      name: 'Agent API Key',
      prefix: key.slice(0, API_KEY_DISPLAY_CHARS),
      last_used_at: null,
    });
    expect(listed.body.items[0]).not.toHaveProperty('key');
    expect(listed.text).not.toContain(key);
    expect(await keyRow(key).count()).toBe(1);
    expect(await keyRow(key).textContent()).toContain('Never');

    // Copy: "Copied!" for two seconds, and the key is on the clipboard.
    const twoSeconds = { stillShownAfter: COPIED_CONFIRMATION_MS - 500, goneAfter: 1_000 };
    await expectCopiedConfirmation(newKeyBox(), 'Copy API key', twoSeconds);
    expect(await page().evaluate(() => navigator.clipboard.readText())).toBe(key);

    // The submit address has its own Copy button and confirmation.
    const addressBox = section().getByRole('region', { name: 'Agent submit address' });
    await expectCopiedConfirmation(addressBox, 'Copy submit address', twoSeconds);
    expect(await page().evaluate(() => navigator.clipboard.readText())).toBe(submitAddress);

    // The configuration shows the first 20 characters of the key and an ellipsis.
    expect(await configuration()).toEqual({ endpoint: submitAddress, api_key: shortened(key) });

    // A second key is the newest: the configuration follows it.
    const newest = await generateInUi(key);
    expect(newest).not.toBe(key);
    await expect.poll(configuration, SLOW).toEqual({ endpoint: submitAddress, api_key: shortened(newest) });
    const rows = section().getByRole('row');
    await expect.poll(() => rows.count(), SLOW).toBe(3); // the header and two keys
    expect(await rows.nth(1).textContent()).toContain(shortened(newest));

    // Done dismisses the key for good: it is nowhere on the page, even after a reload.
    await newKeyBox().getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => newKeyBox().count()).toBe(0);
    await expect
      .poll(() => page().evaluate(() => document.activeElement?.textContent))
      .toBe('Generate API Key');
    expect(await page().content()).not.toContain(newest);
    await page().reload();
    await expect.poll(() => keyRow(key).count(), SLOW).toBe(1);
    const html = await page().content();
    expect(html).not.toContain(key);
    expect(html).not.toContain(newest);

    // Delete asks first: Cancel keeps the key.
    await keyRow(key)
      .getByRole('button', { name: /^Delete/ })
      .click();
    await expect.poll(() => deleteDialog().isVisible()).toBe(true);
    await deleteDialog().getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => deleteDialog().count()).toBe(0);
    expect(await keyRow(key).count()).toBe(1);
    expect((await listKeys(company)).body.items).toHaveLength(2);

    // A failed delete is shown in the dialog, with the server's message; the key stays.
    await page().route('**/api/api-keys/*', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'internal', message: 'Simulated outage' } }),
      }),
    );
    await keyRow(key)
      .getByRole('button', { name: /^Delete/ })
      .click();
    await deleteDialog().getByRole('button', { name: 'Delete', exact: true }).click();
    const deleteAlert = deleteDialog().getByRole('alert');
    await expect.poll(() => deleteAlert.textContent(), SLOW).toContain(API_KEY_MESSAGES.deleteFailed);
    expect(await deleteAlert.textContent()).toContain('Simulated outage');
    await page().unroute('**/api/api-keys/*');

    // Delete removes it, from the page and from the API.
    await deleteDialog().getByRole('button', { name: 'Delete', exact: true }).click();
    await expect.poll(() => deleteDialog().count(), SLOW).toBe(0);
    await expect.poll(() => keyRow(key).count(), SLOW).toBe(0);
    const remaining = (await listKeys(company)).body.items;
    expect(remaining.map((item) => item.prefix)).toEqual([newest.slice(0, API_KEY_DISPLAY_CHARS)]);
    expect(await configuration()).toEqual({ endpoint: submitAddress, api_key: shortened(newest) });
  });

  it('shows a user the keys read-only; the API refuses them a new key', async () => {
    const company = await signUpCompany();
    const created = await api<CreatedApiKey>('/api/api-keys', {
      method: 'POST',
      token: company.accessToken,
      body: {},
    });
    expect(created.status).toBe(201);
    const me = await api<MeResponse>('/api/me', { token: company.accessToken });
    useFunctionEnv();
    await send(
      patch(userProfiles.key(me.body.organization.id, me.body.profile.id), { set: { role: 'user' } }),
    );

    await openSettings(company);
    await expect.poll(() => keyRow(created.body.key).count(), SLOW).toBe(1);
    expect(await section().getByText('Only administrators can create or delete API keys.').isVisible()).toBe(
      true,
    );
    expect(await section().getByRole('button', { name: 'Generate API Key' }).count()).toBe(0);
    expect(
      await section()
        .getByRole('button', { name: /^Delete/ })
        .count(),
    ).toBe(0);
    expect(await configuration()).toEqual({
      endpoint: `${new URL(baseUrl()).origin}/api/agent/report`,
      api_key: shortened(created.body.key),
    });

    const refused = await api('/api/api-keys', { method: 'POST', token: company.accessToken, body: {} });
    expect(refused.status).toBe(403);
    const notDeleted = await api(`/api/api-keys/${created.body.id}`, {
      method: 'DELETE',
      token: company.accessToken,
    });
    expect(notDeleted.status).toBe(403);
  });

  it('enrols no device with a deleted key, while devices enrolled before keep reporting', async () => {
    const company = await signUpCompany();
    const created = await api<CreatedApiKey>('/api/api-keys', {
      method: 'POST',
      token: company.accessToken,
      body: {},
    });
    expect(created.status).toBe(201);
    const enrol = (machineId: string) =>
      api('/api/agent/enroll', {
        method: 'POST',
        headers: { [API_KEY_HEADER]: created.body.key },
        body: { machine_id: machineId, hostname: 'FINANCE-PC-01' },
      });
    const token = await enrollDevice(created.body.key, { machine_id: 'BEFORE', hostname: 'FINANCE-PC-01' });

    const deleted = await api(`/api/api-keys/${created.body.id}`, {
      method: 'DELETE',
      token: company.accessToken,
    });
    expect(deleted.status).toBe(204);
    expect((await enrol('AFTER')).status).toBe(401);
    const report = await api('/api/agent/report', {
      method: 'POST',
      headers: deviceHeaders(token),
      body: reportBody(),
    });
    expect(report.status).toBe(202);
  });
});
