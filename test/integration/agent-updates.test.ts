import fs from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { localUpdateKeys } from '../../agent/build/update-keys';
import { publishAgentRelease } from '../../agent/build/updates';
import type { AgentReportResponse } from '../../shared/agent-data';
import type { AuditLogListResponse } from '../../shared/audit';
import { addMember, api, baseUrl, signUpCompany, type TestCompany } from '../support/api';
import { createKey, deviceHeaders, enrollDevice, machine } from '../support/agents';

/** Issue 26: the organisation's agent_auto_update setting, the report's answer, and the updates route. */

let company: TestCompany;
let deviceToken: string;
let updatesDir: string;

const updates = (file: string, headers: Record<string, string> = {}) =>
  fetch(`${baseUrl()}/api/agent/updates/${file}`, { headers, redirect: 'manual' });

beforeAll(async () => {
  company = await signUpCompany('Updates Ltd');
  deviceToken = await enrollDevice((await createKey(company)).key, machine({ machine_id: 'update-pc' }));
  const work = fs.mkdtempSync(path.join(tmpdir(), 'itaa-updates-'));
  const program = path.join(work, 'it-asset-auditor-agent-linux-x64');
  fs.writeFileSync(program, 'a program');
  const published = publishAgentRelease({
    outDir: inject('agentBundleDir'),
    version: '1.0.0',
    files: [program],
    keys: localUpdateKeys(work),
  });
  updatesDir = published.dir;
});

describe('the organisation setting agent_auto_update', () => {
  it('is on by default, set by admins only, audited, and told to agents in the report answer', async () => {
    const report = () =>
      api<AgentReportResponse>('/api/agent/report', {
        method: 'POST',
        headers: deviceHeaders(deviceToken),
        body: machine({ machine_id: 'update-pc' }),
      });
    expect((await report()).body).toMatchObject({ latest_version: expect.any(String), auto_update: true });

    const member = await addMember(company, 'user');
    const patch = (token: string, body: unknown) =>
      api('/api/organization', { method: 'PATCH', token, body });
    expect((await patch(member.token, { agent_auto_update: false })).status).toBe(403);
    expect((await patch(company.accessToken, { agent_auto_update: 'no' })).status).toBe(400);
    expect((await patch(company.accessToken, { auto_update: false })).status).toBe(400);

    const off = await patch(company.accessToken, { agent_auto_update: false });
    expect(off).toEqual({
      status: 200,
      body: { require_mfa: false, agent_auto_update: false, auto_add_machines: false },
    });
    const me = await api<{ organization: { agent_auto_update: boolean } }>('/api/me', {
      token: company.accessToken,
    });
    expect(me.body.organization.agent_auto_update).toBe(false);
    const audit = await api<AuditLogListResponse>('/api/audit-logs', { token: company.accessToken });
    expect(audit.body.items[0]).toMatchObject({
      entity_type: 'organization',
      action: 'updated',
      changes: { agent_auto_update: { old: true, new: false } },
    });
    expect((await report()).body.auto_update).toBe(false);

    expect((await patch(company.accessToken, { agent_auto_update: true })).body).toEqual({
      require_mfa: false,
      agent_auto_update: true,
      auto_add_machines: false,
    });
    expect((await report()).body.auto_update).toBe(true);
  });
});

describe('GET /api/agent/updates/{path+}', () => {
  it('checks the device token before anything else', async () => {
    for (const file of ['metadata/timestamp.json', 'targets/..%2F..%2Fetc%2Fpasswd', 'nothing']) {
      const refused = await updates(file);
      expect(refused.status, file).toBe(401);
      expect(await refused.json()).toMatchObject({ error: { code: 'invalid_device_token' } });
    }
    expect(
      (await updates('metadata/timestamp.json', deviceHeaders(`${deviceToken.slice(0, -2)}xx`))).status,
    ).toBe(401);
  });

  it('serves metadata byte for byte, sends targets to the store, and refuses other paths', async () => {
    const headers = deviceHeaders(deviceToken);
    for (const name of ['timestamp.json', 'snapshot.json', 'targets.json', 'root.json', '1.root.json']) {
      const answer = await updates(`metadata/${name}`, headers);
      expect(answer.status, name).toBe(200);
      expect(Buffer.from(await answer.arrayBuffer())).toEqual(
        fs.readFileSync(path.join(updatesDir, 'metadata', name)),
      );
    }
    // The next root version a client looks for is not there: 404 ends its walk.
    expect((await updates('metadata/2.root.json', headers)).status).toBe(404);

    const target = await updates('targets/1.0.0/linux-x64/it-asset-auditor-agent-linux-x64', headers);
    expect(target.status).toBe(302);
    const location = new URL(target.headers.get('location')!, baseUrl());
    const file = await fetch(location);
    expect(await file.text()).toBe('a program');

    for (const bad of [
      'metadata/../targets.json',
      'metadata/other.json',
      'targets/1.0.0/..%2F..%2Fmetadata',
      'targets/%2e%2e/x',
      'secrets.json',
    ]) {
      expect((await updates(bad, headers)).status, bad).toBe(400);
    }
  });
});
