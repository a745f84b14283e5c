import { describe, expect, it } from 'vitest';
import type { MachineChangesResponse } from '../../shared/inventory';
import { api, organizationIdOf, signUpCompany, type TestCompany } from '../support/api';
import { seedChangeSet, seedMachine } from '../support/software';

/** GET /api/agents/{machine_id}/changes over the local stack, from the change sets the report path stores. */

async function changes(company: TestCompany, machineId: string, query = '') {
  return api<MachineChangesResponse>(`/api/agents/${machineId}/changes${query}`, {
    token: company.accessToken,
  });
}

const installed = (subject: string, to: string) => ({
  kind: 'software_installed' as const,
  detail: { subject, from: null, to },
});

async function machineWithHistory() {
  const company = await signUpCompany();
  const organizationId = await organizationIdOf(company);
  const now = Date.now();
  const at = (daysAgo: number) => new Date(now - daysAgo * 86_400_000).toISOString();
  await seedMachine(organizationId, { machine_id: 'TL-1', hostname: 'TL-PC-01', last_seen: at(0) });
  await seedChangeSet(organizationId, 'TL-1', at(30), [
    installed('Google Chrome', '119.0'),
    installed('Zoom', '5.16'),
  ]);
  await seedChangeSet(organizationId, 'TL-1', at(20), [
    { kind: 'hardware_changed', detail: { subject: 'memory', from: '16 GB', to: '32 GB' } },
  ]);
  await seedChangeSet(organizationId, 'TL-1', at(10), [
    { kind: 'software_changed', detail: { subject: 'Google Chrome', from: '119.0', to: '120.0' } },
    { kind: 'software_removed', detail: { subject: 'Zoom', from: '5.16', to: null } },
    { kind: 'os_changed', detail: { subject: 'os', from: 'Windows 11 Pro 22H2', to: 'Windows 11 Pro 23H2' } },
  ]);
  await seedChangeSet(organizationId, 'TL-1', at(1), [
    { kind: 'user_changed', detail: { subject: 'user', from: 'ACME\\jane', to: 'ACME\\john' } },
  ]);
  return { company, organizationId, at };
}

describe('the machine timeline', () => {
  it('lists every event newest first, a report’s events in their order', async () => {
    const { company, at } = await machineWithHistory();
    const response = await changes(company, 'TL-1');
    expect(response.status).toBe(200);
    expect(response.body.next_cursor).toBeNull();
    expect(response.body.items.map(({ at: when, kind, detail }) => [when, kind, detail.subject])).toEqual([
      [at(1), 'user_changed', 'user'],
      [at(10), 'software_changed', 'Google Chrome'],
      [at(10), 'software_removed', 'Zoom'],
      [at(10), 'os_changed', 'os'],
      [at(20), 'hardware_changed', 'memory'],
      [at(30), 'software_installed', 'Google Chrome'],
      [at(30), 'software_installed', 'Zoom'],
    ]);
    expect(response.body.items[4]).toEqual({
      at: at(20),
      kind: 'hardware_changed',
      detail: { subject: 'memory', from: '16 GB', to: '32 GB' },
    });
  });

  it('pages through events, also inside one report, without an event twice or missed', async () => {
    const { company } = await machineWithHistory();
    const subjects: string[] = [];
    let cursor: string | null = null;
    do {
      const page: MachineChangesResponse = (
        await changes(company, 'TL-1', `?limit=2${cursor ? `&cursor=${cursor}` : ''}`)
      ).body;
      expect(page.items.length).toBeLessThanOrEqual(2);
      subjects.push(...page.items.map(({ kind, detail }) => `${kind}:${detail.subject}`));
      cursor = page.next_cursor;
    } while (cursor);
    expect(subjects).toEqual([
      'user_changed:user',
      'software_changed:Google Chrome',
      'software_removed:Zoom',
      'os_changed:os',
      'hardware_changed:memory',
      'software_installed:Google Chrome',
      'software_installed:Zoom',
    ]);
  });

  it('filters by kind', async () => {
    const { company } = await machineWithHistory();
    const response = await changes(company, 'TL-1', '?kind=software_installed');
    expect(response.body.items.map(({ detail }) => detail.subject)).toEqual(['Google Chrome', 'Zoom']);
    const page = await changes(company, 'TL-1', '?kind=software_installed&limit=1');
    expect(page.body.items.map(({ detail }) => detail.subject)).toEqual(['Google Chrome']);
    const rest = await changes(
      company,
      'TL-1',
      `?kind=software_installed&limit=1&cursor=${page.body.next_cursor}`,
    );
    expect(rest.body).toMatchObject({ items: [{ detail: { subject: 'Zoom' } }], next_cursor: null });
    const software = await changes(company, 'TL-1', '?kind=software');
    expect(software.body.items.map(({ kind }) => kind)).toEqual([
      'software_changed',
      'software_removed',
      'software_installed',
      'software_installed',
    ]);
    expect((await changes(company, 'TL-1', '?kind=reboot')).status).toBe(400);
  });

  it('leaves out change sets past their retention that TTL has not removed yet', async () => {
    const company = await signUpCompany();
    const organizationId = await organizationIdOf(company);
    await seedMachine(organizationId, {
      machine_id: 'TL-2',
      hostname: 'TL-PC-02',
      last_seen: new Date().toISOString(),
    });
    await seedChangeSet(organizationId, 'TL-2', '2025-01-01T00:00:00.000Z', [installed('Old Tool', '1')], {
      expiresAt: new Date(Date.now() - 3_600_000),
    });
    await seedChangeSet(organizationId, 'TL-2', new Date().toISOString(), [installed('New Tool', '2')]);
    expect((await changes(company, 'TL-2')).body.items.map(({ detail }) => detail.subject)).toEqual([
      'New Tool',
    ]);
  });

  it('answers 404 for another organisation’s machine, or an unknown one, and refuses a foreign cursor', async () => {
    const { company } = await machineWithHistory();
    const stranger = await signUpCompany();
    expect(await changes(stranger, 'TL-1')).toEqual({
      status: 404,
      body: { error: { code: 'not_found', message: 'Machine not found' } },
    });
    expect((await changes(company, 'NO-SUCH-MACHINE')).status).toBe(404);
    const page = await changes(company, 'TL-1', '?limit=1');
    const organizationId = await organizationIdOf(company);
    await seedMachine(organizationId, {
      machine_id: 'TL-3',
      hostname: 'TL-PC-03',
      last_seen: new Date().toISOString(),
    });
    const foreign = await changes(company, 'TL-3', `?cursor=${page.body.next_cursor}`);
    expect(foreign.status).toBe(400);
    expect((await changes(company, 'TL-1', '?cursor=e30')).status).toBe(400);
  });
});
