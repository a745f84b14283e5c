import { describe, expect, it } from 'vitest';
import type { MeResponse } from '../../shared/api';
import type { CreatedApiKey } from '../../shared/api-keys';
import type { OrganizationListResponse } from '../../shared/users';
import {
  api,
  createHardwareAsset,
  organizationIdOf,
  inviteTokenSentTo,
  signIn,
  signUpCompany,
  uniqueEmail,
  useFunctionEnv,
} from '../support/api';
import { TEST_SUPER_ADMIN } from '../support/global-setup';
import { tableItems } from '../support/table';
import { deviceHeaders, deviceTokenFor, sendReport } from '../support/agents';

async function rootToken(): Promise<string> {
  return (await signIn(TEST_SUPER_ADMIN.email, TEST_SUPER_ADMIN.password)).AccessToken!;
}

/** These tests read the whole table, which holds the data of every test of the run. */
const SCANS_THE_TABLE = 60_000;

/** Every item of the table that mentions the organisation anywhere (keys are lower-cased). */
async function itemsOf(id: string): Promise<Record<string, unknown>[]> {
  return (await tableItems()).filter((item) => JSON.stringify(item).toLowerCase().includes(id.toLowerCase()));
}

/** An organisation with something of everything: assets, a disposal item, a key, an agent, people. */
async function populatedCompany() {
  const company = await signUpCompany('Doomed Ltd');
  await createHardwareAsset(company, {
    serial_number: 'SN-DOOM',
    status: 'Disposal Pending',
    disposal_reason: 'Sold',
  });
  await api('/api/disposals', {
    method: 'POST',
    token: company.accessToken,
    body: { asset_name: 'Old fax', disposal_reason: 'Other' },
  });
  const key = (
    await api<CreatedApiKey>('/api/api-keys', { method: 'POST', token: company.accessToken, body: {} })
  ).body.key;
  const report = {
    machine_id: 'DOOM-1',
    hostname: 'DOOM-PC',
    os_type: 'Linux',
    os_version: 'Debian 12',
    agent_version: '1.0.0',
  };
  expect((await sendReport(key, report)).status).toBe(202);
  const invitee = uniqueEmail('doomed-invitee');
  await api('/api/invitations', { method: 'POST', token: company.accessToken, body: { email: invitee } });
  const inviteToken = await inviteTokenSentTo(invitee);
  return { company, key, report, inviteToken };
}

describe('organizations (super_admin)', { timeout: SCANS_THE_TABLE }, () => {
  it('lists every organisation with its user count, for the super_admin only', async () => {
    const company = await signUpCompany('Counted Co');
    const response = await api<OrganizationListResponse>('/api/organizations', { token: await rootToken() });
    expect(response.status).toBe(200);
    const id = await organizationIdOf(company);
    expect(response.body.items.find((item) => item.id === id)).toMatchObject({
      name: 'Counted Co',
      user_count: 1,
    });
    expect((await api('/api/organizations', { token: company.accessToken })).status).toBe(403);
  });

  it('deletes an organisation and everything it has, shutting its people and agents out', async () => {
    const { company, key, report, inviteToken } = await populatedCompany();
    const id = await organizationIdOf(company);
    expect((await itemsOf(id)).length).toBeGreaterThan(5);

    const root = await rootToken();
    expect(
      (await api(`/api/organizations/${id}`, { method: 'DELETE', token: company.accessToken })).status,
    ).toBe(403);
    const deleted = await api(`/api/organizations/${id}`, { method: 'DELETE', token: root });
    expect(deleted.status).toBe(204);

    expect(await itemsOf(id)).toEqual([]);
    expect((await api('/api/me', { token: company.accessToken })).status).toBe(403);
    await expect(signIn(company.email, company.password)).rejects.toThrow();
    // The organisation's devices are shut out with it.
    const refused = await api('/api/agent/report', {
      method: 'POST',
      headers: deviceHeaders(await deviceTokenFor(key, report)),
      body: report,
    });
    expect(refused.status).toBe(401);
    expect(
      (await api(`/api/invitations/lookup`, { method: 'POST', body: { token: inviteToken } })).status,
    ).toBe(404);
    const listed = await api<OrganizationListResponse>('/api/organizations', { token: root });
    expect(listed.body.items.some((item) => item.id === id)).toBe(false);
    expect((await api(`/api/organizations/${id}`, { method: 'DELETE', token: root })).status).toBe(404);
  });

  it('finishes a deletion that stopped half way, and shuts the organisation out from its first step', async () => {
    const { company, key, report } = await populatedCompany();
    const id = await organizationIdOf(company);
    // A deletion that got as far as marking the organisation, then stopped.
    useFunctionEnv();
    const [{ patch, send }, { organizations }] = await Promise.all([
      import('../../functions/lib/table/commands'),
      import('../../functions/lib/table/items/organizations'),
    ]);
    await send(patch(organizations.key(id), { set: { deleting_since: new Date().toISOString() } }));
    expect((await api('/api/me', { token: company.accessToken })).status).toBe(403);
    // The organisation's devices are shut out with it.
    const refused = await api('/api/agent/report', {
      method: 'POST',
      headers: deviceHeaders(await deviceTokenFor(key, report)),
      body: report,
    });
    expect(refused.status).toBe(401);

    const root = await rootToken();
    expect((await api(`/api/organizations/${id}`, { method: 'DELETE', token: root })).status).toBe(204);
    expect(await itemsOf(id)).toEqual([]);
  });

  it('refuses to delete the super_admin’s own organisation', async () => {
    const root = await rootToken();
    const own = (await api<MeResponse>('/api/me', { token: root })).body.organization.id;
    expect((await api(`/api/organizations/${own}`, { method: 'DELETE', token: root })).status).toBe(400);
  });
});
