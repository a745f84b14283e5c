import { describe, expect, it } from 'vitest';
import {
  DEVICE_TOKEN_PATTERN,
  type AgentEnrollmentResponse,
  type AgentMachine,
} from '../../shared/agent-data';
import { LATEST_AGENT_VERSION } from '../../shared/agent-version';
import type { DashboardResponse } from '../../shared/api';
import type { AuditLogListResponse } from '../../shared/audit';
import {
  addMember,
  api,
  organizationIdOf,
  setSubscription,
  signUpCompany,
  signUpUnlimitedCompany,
  useFunctionEnv,
} from '../support/api';
import { createKey, deviceHeaders, machine } from '../support/agents';

/** Enrolment, device tokens, the machine quota and deleting a machine (issue 24). */

function enrol(key: string, machineId: string, hostname = 'FINANCE-PC-01', deviceToken?: string) {
  return api<AgentEnrollmentResponse>('/api/agent/enroll', {
    method: 'POST',
    // The enrolled device proves itself with its current token (issue 35).
    headers: { 'x-api-key': key, ...(deviceToken ? deviceHeaders(deviceToken) : {}) },
    body: { machine_id: machineId, hostname, os_type: 'Windows' },
  });
}

function report(token: string, body: unknown) {
  return api('/api/agent/report', { method: 'POST', headers: deviceHeaders(token), body });
}

async function storedItems(partition: string): Promise<Record<string, unknown>[]> {
  useFunctionEnv();
  const [{ tableClient }, { QueryCommand }, { config }] = await Promise.all([
    import('../../functions/lib/table/client'),
    import('@aws-sdk/lib-dynamodb'),
    import('../../functions/lib/config'),
  ]);
  const result = await tableClient().send(
    new QueryCommand({
      TableName: config().TABLE_NAME,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': partition },
    }),
  );
  return result.Items ?? [];
}

describe('enrolment', () => {
  it('gives a device a dt_ token shown once and keeps only its hash', async () => {
    const company = await signUpCompany();
    const { key } = await createKey(company);
    const enrolled = await enrol(key, 'MACHINE-1');
    expect(enrolled.status).toBe(201);
    expect(enrolled.body.device_token).toMatch(DEVICE_TOKEN_PATTERN);
    expect(enrolled.body.device_id).toEqual(expect.any(String));

    const { createHash } = await import('node:crypto');
    const hash = createHash('sha256').update(enrolled.body.device_token).digest('hex');
    const organizationId = await organizationIdOf(company);
    const agents = JSON.stringify(await storedItems(`org#${organizationId.toLowerCase()}#agents`));
    const lookups = JSON.stringify(await storedItems(`devicetoken#${hash}`));
    expect(agents).toContain(hash);
    expect(lookups).toContain(organizationId);
    expect(agents + lookups).not.toContain(enrolled.body.device_token);

    const answer = await report(enrolled.body.device_token, machine({ machine_id: 'MACHINE-1' }));
    expect(answer).toEqual({
      status: 202,
      body: { received_at: expect.any(String), latest_version: LATEST_AGENT_VERSION, auto_update: true },
    });

    // The token names its organisation; naming another one makes it a token nobody was given.
    expect(enrolled.body.device_token.startsWith(`dt_${organizationId}.`)).toBe(true);
    const otherOrganization = await organizationIdOf(await signUpCompany());
    const pointedElsewhere = enrolled.body.device_token.replace(organizationId, otherOrganization);
    expect((await report(pointedElsewhere, machine({ machine_id: 'MACHINE-1' }))).body).toMatchObject({
      error: { code: 'invalid_device_token' },
    });
  });

  it('names the field a refused enrolment is missing or got wrong', async () => {
    const { key } = await createKey(await signUpCompany());
    const send = (body: unknown) =>
      api<{ error: { code: string; message: string } }>('/api/agent/enroll', {
        method: 'POST',
        headers: { 'x-api-key': key },
        body,
      });
    const missing = await send({ hostname: 'FINANCE-PC-01', os_type: 'Windows' });
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toBe('machine_id is required');
    const wrong = await send({ machine_id: 42, hostname: 'FINANCE-PC-01', os_type: 'Windows' });
    expect(wrong.body.error.message).toBe('machine_id must be text');
  });

  it('refuses unknown, malformed and missing device tokens with invalid_device_token', async () => {
    for (const headers of [
      deviceHeaders(`dt_01HZXAMPLEORG.${'A'.repeat(43)}`),
      deviceHeaders('dt_short'),
      { authorization: 'Basic abc' },
      {},
    ]) {
      const answer = await api('/api/agent/report', { method: 'POST', headers, body: machine() });
      expect(answer, JSON.stringify(headers)).toMatchObject({
        status: 401,
        body: { error: { code: 'invalid_device_token' } },
      });
    }
  });

  it('checks the token before the body: an unknown token with 4 MB that is not JSON gets 401', async () => {
    const answer = await api('/api/agent/report', {
      method: 'POST',
      headers: { ...deviceHeaders(`dt_01HZXAMPLEORG.${'B'.repeat(43)}`), 'content-type': 'application/json' },
      rawBody: '['.repeat(4 * 1024 * 1024 - 1024),
    });
    expect(answer).toMatchObject({ status: 401, body: { error: { code: 'invalid_device_token' } } });
  });

  it('re-enrolling a machine with its current token revokes that token and is audited', async () => {
    const company = await signUpCompany();
    const { key } = await createKey(company);
    const first = (await enrol(key, 'MACHINE-1')).body.device_token;
    expect((await report(first, machine({ machine_id: 'MACHINE-1' }))).status).toBe(202);
    const second = await enrol(key, 'MACHINE-1', 'FINANCE-PC-01-REINSTALLED', first);
    expect(second.status).toBe(201);
    expect((await report(first, machine({ machine_id: 'MACHINE-1' }))).body).toMatchObject({
      error: { code: 'invalid_device_token' },
    });
    expect((await report(second.body.device_token, machine({ machine_id: 'MACHINE-1' }))).status).toBe(202);

    const audit = await api<AuditLogListResponse>('/api/audit-logs', { token: company.accessToken });
    expect(audit.body.items[0]).toMatchObject({
      entity_type: 'agent_machine',
      action: 'updated',
      entity_id: 'MACHINE-1',
      changes: { device_id: { new: second.body.device_id } },
    });
    // The same machine counts once against the plan.
    const organizationId = await organizationIdOf(company);
    await setSubscription(organizationId, { asset_limit: 1, user_limit: 999999 });
    expect((await enrol(key, 'MACHINE-1', 'FINANCE-PC-01', second.body.device_token)).status).toBe(201);
  });

  it("updates only the token's machine, whatever machine_id the report names", async () => {
    const company = await signUpCompany();
    const { key } = await createKey(company);
    const victim = (await enrol(key, 'VICTIM')).body.device_token;
    expect((await report(victim, machine({ machine_id: 'VICTIM', hostname: 'REAL-PC' }))).status).toBe(202);
    const attacker = (await enrol(key, 'ATTACKER')).body.device_token;
    const forged = machine({ machine_id: 'VICTIM', hostname: 'FORGED', installed_software: [] });
    expect((await report(attacker, forged)).status).toBe(202);

    const victimMachine = await api<AgentMachine>('/api/agents/VICTIM', { token: company.accessToken });
    expect(victimMachine.body).toMatchObject({
      hostname: 'REAL-PC',
      installed_software: [{ name: '7-Zip' }],
    });
    const attackerMachine = await api<AgentMachine>('/api/agents/ATTACKER', { token: company.accessToken });
    expect(attackerMachine.body).toMatchObject({ machine_id: 'ATTACKER', hostname: 'FORGED' });
  });
});

describe('the machine quota', () => {
  const LIMIT_MESSAGE =
    "This organization has reached its plan's limit of 2 monitored machines. " +
    'Delete machines you no longer monitor or upgrade the plan.';

  it('refuses enrolment past the plan limit with 403, and deleting a machine makes room', async () => {
    const company = await signUpCompany();
    const { key } = await createKey(company);
    await setSubscription(await organizationIdOf(company), { asset_limit: 2, user_limit: 999999 });
    expect((await enrol(key, 'M-1')).status).toBe(201);
    expect((await enrol(key, 'M-2')).status).toBe(201);
    expect(await enrol(key, 'M-3')).toEqual({
      status: 403,
      body: { error: { code: 'machine_limit', message: LIMIT_MESSAGE } },
    });
    expect((await api('/api/agents/M-1', { method: 'DELETE', token: company.accessToken })).status).toBe(204);
    expect((await enrol(key, 'M-3')).status).toBe(201);
  });

  it('never lets concurrent enrolments pass the limit', async () => {
    const company = await signUpCompany();
    const { key } = await createKey(company);
    await setSubscription(await organizationIdOf(company), { asset_limit: 3, user_limit: 999999 });
    const answers = await Promise.all(Array.from({ length: 12 }, (_, index) => enrol(key, `RACE-${index}`)));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([...Array<number>(3).fill(201), ...Array<number>(9).fill(403)]);
  });
});

describe('deleting a machine', () => {
  it('deletes the machine and its sections, revokes its token, and is audited; admins only, own organisation only', async () => {
    const company = await signUpUnlimitedCompany();
    const { key } = await createKey(company);
    const token = (await enrol(key, 'GONE')).body.device_token;
    expect((await report(token, machine({ machine_id: 'GONE' }))).status).toBe(202);

    const member = await addMember(company, 'user');
    expect((await api('/api/agents/GONE', { method: 'DELETE', token: member.token })).status).toBe(403);
    const other = await signUpCompany();
    expect((await api('/api/agents/GONE', { method: 'DELETE', token: other.accessToken })).status).toBe(404);

    expect((await api('/api/agents/GONE', { method: 'DELETE', token: company.accessToken })).status).toBe(
      204,
    );
    expect((await api('/api/agents/GONE', { token: company.accessToken })).status).toBe(404);
    expect((await report(token, machine({ machine_id: 'GONE' }))).body).toMatchObject({
      error: { code: 'invalid_device_token' },
    });
    const organizationId = await organizationIdOf(company);
    const left = (await storedItems(`org#${organizationId.toLowerCase()}#agents`)).map((item) =>
      String(item.sk),
    );
    expect(left.filter((sk) => sk.includes('gone'))).toEqual([]);
    const dashboard = await api<DashboardResponse>('/api/dashboard', { token: company.accessToken });
    expect(dashboard.body).toMatchObject({ agents: 0 });
    const audit = await api<AuditLogListResponse>('/api/audit-logs', { token: company.accessToken });
    expect(audit.body.items[0]).toMatchObject({
      entity_type: 'agent_machine',
      action: 'deleted',
      entity_id: 'GONE',
    });
    expect((await api('/api/agents/GONE', { method: 'DELETE', token: company.accessToken })).status).toBe(
      404,
    );
  });
});
