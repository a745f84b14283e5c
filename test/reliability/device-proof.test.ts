import { describe, expect, it } from 'vitest';
import type { AgentEnrollmentResponse } from '../../shared/agent-data';
import type { ApiKey, CreatedApiKey } from '../../shared/api-keys';
import type { AuditLogListResponse } from '../../shared/audit';
import {
  DEVICE_PENDING_CODE,
  ENROLMENT_PENDING_CODE,
  type AgentEnrollmentPending,
  type PendingDeviceListResponse,
} from '../../shared/device-approvals';
import { addMember, api, signUpUnlimitedCompany, type TestCompany } from '../support/api';
import { createKey, deviceHeaders, machine } from '../support/agents';

/**
 * Device identity bound to proof (issue 35), attacked through the local gateway: someone holding
 * the organisation's enrolment key re-enrols a machine id that a real device holds. Before, the
 * newcomer owned the record and the real agent's token became 401; now the newcomer is held for
 * an admin's approval and the real device keeps reporting. Cloned PCs do not revoke each other,
 * a rotated key stops enrolling at once, and deleting a key can revoke the devices it enrolled.
 */

type Enrolment = AgentEnrollmentResponse | AgentEnrollmentPending;

function enrol(key: string, machineId: string, hostname: string, deviceToken?: string) {
  return api<Enrolment>('/api/agent/enroll', {
    method: 'POST',
    headers: { 'x-api-key': key, ...(deviceToken ? deviceHeaders(deviceToken) : {}) },
    body: { machine_id: machineId, hostname, os_type: 'Windows' },
  });
}

function report(token: string, machineId: string, hostname: string) {
  return api('/api/agent/report', {
    method: 'POST',
    headers: deviceHeaders(token),
    body: machine({ machine_id: machineId, hostname }),
  });
}

async function enrolled(key: string, machineId: string, hostname: string): Promise<string> {
  const answer = await enrol(key, machineId, hostname);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.device_token;
}

const pendingList = (company: TestCompany) =>
  api<PendingDeviceListResponse>('/api/pending-devices', { token: company.accessToken });

const decide = (
  company: TestCompany,
  deviceId: string,
  action: 'approve' | 'reject',
  token = company.accessToken,
) => api(`/api/pending-devices/${deviceId}/${action}`, { method: 'POST', token });

async function setUp(): Promise<{ company: TestCompany; key: string; realToken: string }> {
  const company = await signUpUnlimitedCompany();
  const { key } = await createKey(company);
  const realToken = await enrolled(key, 'REAL-MACHINE', 'FINANCE-PC-01');
  expect((await report(realToken, 'REAL-MACHINE', 'FINANCE-PC-01')).status).toBe(202);
  return { company, key, realToken };
}

describe('a second device enrolling an existing machine id', () => {
  it('is held for approval with only the key; the real machine keeps reporting with its token', async () => {
    const { company, key, realToken } = await setUp();
    const intruder = await enrol(key, 'REAL-MACHINE', 'INTRUDER');
    expect(intruder.status).toBe(202);
    expect(intruder.body).toMatchObject({
      status: 'pending_approval',
      code: ENROLMENT_PENDING_CODE,
      message: expect.stringContaining(
        'Another device reports machine id REAL-MACHINE, already enrolled as FINANCE-PC-01',
      ),
    });
    // Its token is refused until approved, with a code that tells the agent to keep it and wait.
    expect(await report(intruder.body.device_token, 'REAL-MACHINE', 'INTRUDER')).toMatchObject({
      status: 403,
      body: { error: { code: DEVICE_PENDING_CODE } },
    });
    expect((await report(realToken, 'REAL-MACHINE', 'FINANCE-PC-01')).status).toBe(202);
    const machineAnswer = await api<{ hostname: string }>('/api/agents/REAL-MACHINE', {
      token: company.accessToken,
    });
    expect(machineAnswer.body.hostname).toBe('FINANCE-PC-01');

    const listed = await pendingList(company);
    expect(listed.body.items).toEqual([
      expect.objectContaining({
        device_id: intruder.body.device_id,
        machine_id: 'REAL-MACHINE',
        hostname: 'INTRUDER',
        enrolled_hostname: 'FINANCE-PC-01',
        message: 'Another device reports machine id REAL-MACHINE, already enrolled as FINANCE-PC-01',
      }),
    ]);
    const audit = await api<AuditLogListResponse>('/api/audit-logs', { token: company.accessToken });
    expect(audit.body.items[0]).toMatchObject({ entity_type: 'agent_machine', entity_id: 'REAL-MACHINE' });
    expect(audit.body.items[0]?.entity_label).toContain('held for approval');
  });

  it('approved by an admin (not a user): the new device reports and the old token is 401', async () => {
    const { company, key, realToken } = await setUp();
    const replacement = await enrol(key, 'REAL-MACHINE', 'FINANCE-PC-01-NEW');
    expect(replacement.status).toBe(202);
    const user = await addMember(company, 'user');
    expect((await decide(company, replacement.body.device_id, 'approve', user.token)).status).toBe(403);
    expect((await decide(company, replacement.body.device_id, 'approve')).status).toBe(204);
    expect((await report(replacement.body.device_token, 'REAL-MACHINE', 'FINANCE-PC-01-NEW')).status).toBe(
      202,
    );
    expect(await report(realToken, 'REAL-MACHINE', 'FINANCE-PC-01')).toMatchObject({
      status: 401,
      body: { error: { code: 'invalid_device_token' } },
    });
    expect((await pendingList(company)).body.items).toEqual([]);
    // Decided once: a second approval or a rejection finds nothing.
    expect((await decide(company, replacement.body.device_id, 'reject')).status).toBe(404);
    const audit = await api<AuditLogListResponse>('/api/audit-logs', { token: company.accessToken });
    expect(audit.body.items[0]?.entity_label).toContain('approved, replacing FINANCE-PC-01');
  });

  it('rejected: the pending device is deleted, its token stops, the real device keeps reporting', async () => {
    const { company, key, realToken } = await setUp();
    const intruder = await enrol(key, 'REAL-MACHINE', 'INTRUDER');
    expect((await decide(company, intruder.body.device_id, 'reject')).status).toBe(204);
    expect((await report(intruder.body.device_token, 'REAL-MACHINE', 'INTRUDER')).status).toBe(401);
    expect((await report(realToken, 'REAL-MACHINE', 'FINANCE-PC-01')).status).toBe(202);
    expect((await pendingList(company)).body.items).toEqual([]);
    expect((await decide(company, intruder.body.device_id, 'approve')).status).toBe(404);
  });

  it('the device itself re-enrols at once with its current token, which it revokes', async () => {
    const { key, realToken } = await setUp();
    const again = await enrol(key, 'REAL-MACHINE', 'FINANCE-PC-01', realToken);
    expect(again.status).toBe(201);
    expect((await report(again.body.device_token, 'REAL-MACHINE', 'FINANCE-PC-01')).status).toBe(202);
    expect((await report(realToken, 'REAL-MACHINE', 'FINANCE-PC-01')).status).toBe(401);
    // Another machine's token proves nothing about this one.
    const other = await enrolled(key, 'OTHER-MACHINE', 'OTHER-PC');
    expect((await enrol(key, 'REAL-MACHINE', 'INTRUDER', other)).status).toBe(202);
  });

  it('two cloned PCs that keep trying do not revoke each other', async () => {
    const { company, key, realToken } = await setUp();
    let cloneToken: string | null = null;
    for (let round = 0; round < 3; round++) {
      // The clone's agent: its token refused (403 pending, not 401), it keeps it; a lost one enrols again.
      if (cloneToken) {
        expect((await report(cloneToken, 'REAL-MACHINE', 'CLONE-PC')).status).toBe(403);
      } else {
        const clone = await enrol(key, 'REAL-MACHINE', 'CLONE-PC');
        expect(clone.status).toBe(202);
        cloneToken = clone.body.device_token;
      }
      expect((await report(realToken, 'REAL-MACHINE', 'FINANCE-PC-01')).status).toBe(202);
      // The clone losing its token and enrolling afresh is held again, never put in the real one's place.
      if (round === 1) cloneToken = null;
    }
    const listed = (await pendingList(company)).body.items;
    expect(listed.map((item) => item.hostname)).toEqual(['CLONE-PC', 'CLONE-PC']);
  });
});

describe('enrolment keys', () => {
  it('rotating a key: the old key no longer enrols, the new one does, devices keep reporting', async () => {
    const { company, key, realToken } = await setUp();
    const [listedKey] = (await api<{ items: ApiKey[] }>('/api/api-keys', { token: company.accessToken })).body
      .items;
    const user = await addMember(company, 'user');
    const rotateAs = (token: string) =>
      api<CreatedApiKey>(`/api/api-keys/${listedKey!.id}/rotate`, { method: 'POST', token });
    expect((await rotateAs(user.token)).status).toBe(403);
    const rotated = await rotateAs(company.accessToken);
    expect(rotated.status).toBe(200);
    expect(rotated.body).toMatchObject({ id: listedKey!.id, name: listedKey!.name });
    expect(rotated.body.key).not.toBe(key);
    expect(await enrol(key, 'NEW-MACHINE', 'NEW-PC')).toMatchObject({
      status: 401,
      body: { error: { code: 'invalid_api_key' } },
    });
    expect((await enrol(rotated.body.key, 'NEW-MACHINE', 'NEW-PC')).status).toBe(201);
    expect((await report(realToken, 'REAL-MACHINE', 'FINANCE-PC-01')).status).toBe(202);
  });

  it('deleting a key keeps its devices reporting, unless the admin chooses to revoke them', async () => {
    const company = await signUpUnlimitedCompany();
    const kept = await createKey(company);
    const revoked = await createKey(company);
    const keptToken = await enrolled(kept.key, 'KEPT-MACHINE', 'KEPT-PC');
    const revokedTokens = [
      await enrolled(revoked.key, 'GONE-1', 'GONE-PC-1'),
      await enrolled(revoked.key, 'GONE-2', 'GONE-PC-2'),
    ];
    const count = (id: string) =>
      api<{ enrolled_devices: number }>(`/api/api-keys/${id}/devices`, { token: company.accessToken });
    expect((await count(kept.id)).body).toEqual({ enrolled_devices: 1 });
    expect((await count(revoked.id)).body).toEqual({ enrolled_devices: 2 });

    // Without the choice the devices keep reporting, as Settings says.
    expect(
      (await api(`/api/api-keys/${kept.id}`, { method: 'DELETE', token: company.accessToken })).status,
    ).toBe(204);
    expect((await report(keptToken, 'KEPT-MACHINE', 'KEPT-PC')).status).toBe(202);

    const deleted = await api(`/api/api-keys/${revoked.id}?revoke_devices=true`, {
      method: 'DELETE',
      token: company.accessToken,
    });
    expect(deleted.status).toBe(204);
    for (const [index, token] of revokedTokens.entries()) {
      expect((await report(token, `GONE-${index + 1}`, `GONE-PC-${index + 1}`)).status).toBe(401);
    }
    expect((await report(keptToken, 'KEPT-MACHINE', 'KEPT-PC')).status).toBe(202);
    const audit = await api<AuditLogListResponse>('/api/audit-logs', { token: company.accessToken });
    expect(audit.body.items.map((entry) => entry.entity_label)).toContain(
      `2 devices enrolled with API key ${revoked.prefix}… (${revoked.name}) revoked with the key`,
    );
  });
});
