import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import type { DashboardResponse, MeResponse } from '../../shared/api';
import { type AgentMachine, type AgentSummary } from '../../shared/agent-data';
import type { AgentDownloadResponse } from '../../shared/agent-download';
import type { ApiKeyListResponse } from '../../shared/api-keys';
import { api, baseUrl, setSubscription, signUpCompany, useFunctionEnv } from '../support/api';
import { createKey, deviceTokenFor, machine, sendReport as report } from '../support/agents';

function enrol(key: string | null) {
  const identity = { machine_id: 'MACHINE-GUID-1', hostname: 'FINANCE-PC-01' };
  return api('/api/agent/enroll', {
    method: 'POST',
    headers: key === null ? {} : { 'x-api-key': key },
    body: identity,
  });
}

/** API keys, agent reports and the installer download. What a report costs: agent-report-cost.test.ts. */
describe('API keys', () => {
  it('creates sk_ keys shown once, lists prefixes only, and deletes them', async () => {
    const company = await signUpCompany();
    const created = await createKey(company);
    expect(created).toMatchObject({ name: 'Agent API Key', last_used_at: null });
    expect(created.key).toMatch(/^sk_[0-9a-f]{64}$/);
    expect(created.prefix).toBe(created.key.slice(0, 20));

    const listed = await api<ApiKeyListResponse>('/api/api-keys', { token: company.accessToken });
    expect(listed.body.items).toEqual([{ ...created, key: undefined }].map(({ key: _key, ...rest }) => rest));
    expect(JSON.stringify(listed.body)).not.toContain(created.key);

    const other = await signUpCompany();
    const foreign = await api(`/api/api-keys/${created.id}`, { method: 'DELETE', token: other.accessToken });
    expect(foreign.status).toBe(404);
    const removed = await api(`/api/api-keys/${created.id}`, {
      method: 'DELETE',
      token: company.accessToken,
    });
    expect(removed.status).toBe(204);
    expect(
      (await api<ApiKeyListResponse>('/api/api-keys', { token: company.accessToken })).body.items,
    ).toEqual([]);
  });
});

describe('agent reports', () => {
  it('enrols only with a live key: missing, malformed, unknown and deleted keys are refused alike', async () => {
    const company = await signUpCompany();
    const key = await createKey(company);
    const refusals = [await enrol(null), await enrol('sk_123'), await enrol(`sk_${'0'.repeat(64)}`)];
    expect((await enrol(key.key)).status).toBe(201);
    await api(`/api/api-keys/${key.id}`, { method: 'DELETE', token: company.accessToken });
    refusals.push(await enrol(key.key));
    for (const refusal of refusals) {
      expect(refusal).toEqual({
        status: 401,
        body: { error: { code: 'invalid_api_key', message: 'The API key is missing or not valid' } },
      });
    }
  });

  it('creates the machine on its first report, updates it after, and counts it once', async () => {
    const company = await signUpCompany();
    const { key } = await createKey(company);
    expect((await report(key, machine())).status).toBe(202);
    const lastUsed = async () =>
      (await api<ApiKeyListResponse>('/api/api-keys', { token: company.accessToken })).body.items[0]!
        .last_used_at;
    const firstUse = await lastUsed();
    expect(firstUse).toEqual(expect.any(String));
    const second = await report(key, machine({ logged_in_user: 'ACME\\john', installed_software: [] }));
    expect(second.status).toBe(202);

    const list = await api<{ items: AgentSummary[] }>('/api/agents', { token: company.accessToken });
    expect(list.body.items).toHaveLength(1);
    expect(list.body.items[0]).toMatchObject({ hostname: 'FINANCE-PC-01', logged_in_user: 'ACME\\john' });
    const detail = await api<AgentMachine>('/api/agents/MACHINE-GUID-1', { token: company.accessToken });
    expect(detail.body).toMatchObject({
      cpu_info: { processor: 'Intel Core i7-1365U' },
      storage_info: [{ device: 'C:', total_gb: 475 }],
      printers: [{ name: 'HP LaserJet', network: true }],
      installed_software: [],
    });

    const dashboard = await api<DashboardResponse>('/api/dashboard', { token: company.accessToken });
    expect(dashboard.body).toMatchObject({ agents: 1, active_agents: 1 });
    // last_used_at moves at most every few minutes, so a report stays one cheap write.
    expect(await lastUsed()).toBe(firstUse);

    // Another organisation sees nothing of it.
    const other = await signUpCompany();
    expect((await api('/api/agents/MACHINE-GUID-1', { token: other.accessToken })).status).toBe(404);
    expect((await api<{ items: unknown[] }>('/api/agents', { token: other.accessToken })).body.items).toEqual(
      [],
    );
  });
  it('settles racing reports of one machine without an error, counting it once', async () => {
    const company = await signUpCompany();
    const { key } = await createKey(company);
    const users = Array.from({ length: 8 }, (_, index) => `ACME\\user${index}`);
    await deviceTokenFor(key, machine());
    const responses = await Promise.all(users.map((user) => report(key, machine({ logged_in_user: user }))));
    expect(responses.map((response) => response.status)).toEqual(Array<number>(8).fill(202));
    const list = await api<{ items: AgentSummary[] }>('/api/agents', { token: company.accessToken });
    expect(list.body.items).toHaveLength(1);
    expect(users).toContain(list.body.items[0]!.logged_in_user);
    const dashboard = await api<DashboardResponse>('/api/dashboard', { token: company.accessToken });
    expect(dashboard.body).toMatchObject({ agents: 1 });
  });

  it('keeps 3,000 installed programs whole, split across parts, and rewrites them only when they change', async () => {
    const company = await signUpCompany();
    const { key } = await createKey(company);
    const software = Array.from({ length: 3000 }, (_, index) => ({
      name: `Contoso Application Suite Component ${index} with a long descriptive product name`,
      version: `${index}.0.${index % 97}`,
    }));
    expect((await report(key, machine({ installed_software: software }))).status).toBe(202);
    const detail = await api<AgentMachine>('/api/agents/MACHINE-GUID-1', { token: company.accessToken });
    expect(detail.body.installed_software).toEqual(software);

    useFunctionEnv();
    const { splitSection } = await import('../../functions/agent-reports/service');
    expect(splitSection(software, 100_000).flat()).toEqual(software);
    expect(splitSection(software, 100_000).length).toBeGreaterThan(1);

    // An unchanged section is not written again: its parts keep the time of the first report.
    const me = (await api<MeResponse>('/api/me', { token: company.accessToken })).body;
    const [{ listAll }, { agentSectionItemSchema, agentSections }] = await Promise.all([
      import('../../functions/lib/table/commands'),
      import('../../functions/lib/table/items/agent-sections'),
    ]);
    const partsWritten = async () =>
      (
        await listAll(agentSectionItemSchema, agentSections.ofMachine(me.organization.id, 'MACHINE-GUID-1'))
      ).map((part) => `${part.section}#${part.part}@${part.written_at}`);
    const before = await partsWritten();
    expect(before.filter((part) => part.startsWith('installed_software')).length).toBeGreaterThan(0);
    expect((await report(key, machine({ installed_software: software }))).status).toBe(202);
    expect(await partsWritten()).toEqual(before);
    expect((await report(key, machine({ installed_software: software.slice(1) }))).status).toBe(202);
    expect(await partsWritten()).not.toEqual(before);
  });

  it('validates the report and its size, naming the bad field', async () => {
    const company = await signUpCompany();
    const { key } = await createKey(company);
    const missing = await report(key, { ...machine(), hostname: '' });
    expect(missing).toMatchObject({ status: 400, body: { error: { message: 'hostname is required' } } });
    const badType = await report(key, { ...machine(), memory_total_gb: 'lots' });
    expect(badType.status).toBe(400);
    expect(JSON.stringify(badType.body)).toContain('memory_total_gb');
    const huge = await report(
      key,
      machine({
        installed_software: Array.from({ length: 20_000 }, (_, i) => ({
          name: `${'x'.repeat(200)}${i}`,
          version: '1',
        })),
      }),
    );
    expect(huge.status).toBe(413);
  });

  it('needs an active subscription', async () => {
    const company = await signUpCompany();
    const { key } = await createKey(company);
    const me = (await api<MeResponse>('/api/me', { token: company.accessToken })).body;
    await deviceTokenFor(key, machine());
    await setSubscription(me.organization.id, { status: 'cancelled' });
    expect((await report(key, machine())).status).toBe(402);
    expect((await enrol(key)).status).toBe(402);
  });
});

describe('the agent installer download', () => {
  // The zip missing (built on demand, then served) is walked through in Chromium with the real build:
  // test/e2e/monitoring-agent.e2e.test.ts.
  it('hands out the address of the zip, served as an attachment', async () => {
    const company = await signUpCompany();
    const download = await api<AgentDownloadResponse>('/api/agent/download', { token: company.accessToken });
    expect(download).toEqual({
      status: 200,
      body: {
        url: '/dev/agent/IT-Asset-Auditor-Agent.zip',
        file_name: 'IT-Asset-Auditor-Agent.zip',
        expires_at: null,
      },
    });
    const zipPath = path.join(inject('agentBundleDir'), 'IT-Asset-Auditor-Agent.zip');
    // Written now, so newer than every agent source: up to date, served as it is.
    await mkdir(path.dirname(zipPath), { recursive: true });
    await writeFile(zipPath, Buffer.from('PK\u0005\u0006' + '\u0000'.repeat(18), 'binary'));
    const served = await fetch(`${baseUrl()}${download.body.url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('application/zip');
    expect(served.headers.get('content-disposition')).toBe(
      'attachment; filename="IT-Asset-Auditor-Agent.zip"',
    );
    expect((await served.arrayBuffer()).byteLength).toBe(22);
    expect((await api('/api/agent/download')).status).toBe(401);
  });
});
