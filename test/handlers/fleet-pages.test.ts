import { describe, expect, it } from 'vitest';
import { recordAgentReport } from '../../functions/agent-reports/service';
import { observeTableCalls } from '../../functions/lib/table/client';
import { agentReportSchema, type AgentListResponse, type AgentSummary } from '../../shared/agent-data';
import type { MeResponse } from '../../shared/api';
import type { HardwareAsset } from '../../shared/hardware';
import { enrolInProcess, machine } from '../support/agents';
import { callHandler, signUpCompanyInProcess as signUpCompany, useHandlerClock } from '../support/handlers';
import type { TestCompany } from '../support/api';

/**
 * The fleet a page at a time (issue 24): cursors that go through it without a machine twice or
 * missed, in either order, searched and by freshness, what total says, and a first page that costs
 * the same whatever the fleet's size. Machines are recorded as a report records them.
 */
const clock = useHandlerClock();
const NOW = new Date('2026-03-02T12:10:00.000Z');
const minutesAgo = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000);

async function companyWithFleet(size: number, lastSeen: (index: number) => Date) {
  const company = await signUpCompany();
  const me = await callHandler<MeResponse>('/api/me', { token: company.accessToken });
  const organizationId = me.body.organization.id;
  for (let index = 0; index < size; index++) {
    const report = machine({
      machine_id: `M-${String(index).padStart(4, '0')}`,
      hostname: `pc-${String((index * 37) % size).padStart(4, '0')}`,
      logged_in_user: index % 5 === 0 ? 'ACME\\auditor' : `ACME\\user${index}`,
    });
    // Enrolled a day before, each in a minute of its own (an organisation enrols 100 a minute).
    const enrolledAt = new Date(NOW.getTime() - 86_400_000 - (size - index) * 60_000);
    const device = await enrolInProcess(organizationId, report, enrolledAt);
    await recordAgentReport(device, agentReportSchema.parse(report), lastSeen(index));
  }
  clock.set(NOW.toISOString());
  return company;
}

async function page(company: TestCompany, query: string) {
  const response = await callHandler<AgentListResponse>(`/api/agents?${query}`, {
    token: company.accessToken,
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

/** Every page of a query, following next_cursor; bounded so a cursor that loops fails the test. */
async function allPages(company: TestCompany, query: string) {
  const pages: AgentListResponse[] = [];
  let cursor: string | null = null;
  do {
    const next: AgentListResponse = await page(
      company,
      cursor ? `${query}&cursor=${encodeURIComponent(cursor)}` : query,
    );
    pages.push(next);
    cursor = next.next_cursor;
  } while (cursor && pages.length < 50);
  expect(cursor).toBeNull();
  return { pages, items: pages.flatMap((each) => each.items) };
}

const ids = (items: AgentSummary[]) => items.map((item) => item.machine_id);

describe('the fleet, a page at a time', () => {
  // 40 machines: one seen every 7 minutes back from now, so that every freshness colour has some.
  const SIZE = 40;
  const seen = (index: number) => minutesAgo(index * 7);

  it('goes through every machine once by last seen and by hostname, and counts them', async () => {
    const company = await companyWithFleet(SIZE, seen);
    const everyId = Array.from({ length: SIZE }, (_, index) => `M-${String(index).padStart(4, '0')}`);

    const byLastSeen = await allPages(company, 'limit=7');
    expect(byLastSeen.pages.length).toBe(6);
    expect(byLastSeen.pages.every((each) => each.total === SIZE && each.total_exact)).toBe(true);
    expect(new Set(ids(byLastSeen.items)).size).toBe(SIZE);
    expect([...ids(byLastSeen.items)].sort()).toEqual(everyId);
    // Ordered by the hour last seen across pages, and by the time itself within a page.
    const hours = byLastSeen.items.map((item) => item.last_seen.slice(0, 13));
    expect(hours).toEqual([...hours].sort().reverse());
    for (const each of byLastSeen.pages) {
      const times = each.items.map((item) => item.last_seen);
      expect(times).toEqual([...times].sort().reverse());
    }
    expect(byLastSeen.items[0]).toMatchObject({
      last_seen: NOW.toISOString(),
      // Enrolled the day before its reports (companyWithFleet).
      enrolled_at: expect.stringMatching(/^2026-03-01T/),
      agent_version: '1.0.0',
      update_available: false,
    });

    const byHostname = await allPages(company, 'limit=9&sort=hostname');
    const hostnames = byHostname.items.map((item) => item.hostname);
    expect(hostnames).toEqual([...hostnames].sort());
    expect([...ids(byHostname.items)].sort()).toEqual(everyId);
  });

  it('searches, filters by freshness and counts what the read saw', async () => {
    const company = await companyWithFleet(SIZE, seen);
    const expected = (colour: 'green' | 'yellow' | 'red') =>
      Array.from({ length: SIZE }, (_, index) => index)
        .filter((index) => {
          const minutes = index * 7;
          return colour === 'green'
            ? minutes < 90
            : colour === 'yellow'
              ? minutes < 180 && minutes >= 90
              : minutes >= 180;
        })
        .map((index) => `M-${String(index).padStart(4, '0')}`);

    for (const colour of ['green', 'yellow', 'red'] as const) {
      for (const sort of ['last_seen', 'hostname']) {
        const { items, pages } = await allPages(company, `limit=4&freshness=${colour}&sort=${sort}`);
        expect([...ids(items)].sort(), `${colour} by ${sort}`).toEqual(expected(colour));
        expect(pages[0]!.total, `${colour} by ${sort}`).toBe(expected(colour).length);
        expect(pages[0]!.total_exact).toBe(true);
      }
    }
    const auditors = await allPages(company, 'limit=3&q=ACME%5Cauditor');
    expect(ids(auditors.items).sort()).toEqual(
      Array.from({ length: SIZE / 5 }, (_, index) => `M-${String(index * 5).padStart(4, '0')}`),
    );
    expect(auditors.pages[0]).toMatchObject({ total: SIZE / 5, total_exact: true });
    expect(auditors.pages[1]).toMatchObject({ total_exact: false });
    // Every word must match, whichever field holds it.
    expect((await page(company, 'q=auditor%20pc-0000')).items.map((item) => item.hostname)).toEqual([
      'pc-0000',
    ]);
    expect(await page(company, 'q=nothing-like-it')).toMatchObject({
      items: [],
      total: 0,
      next_cursor: null,
    });
  });

  it('filters the machines in the inventory and those not, each with its asset, counted by the counters', async () => {
    const company = await companyWithFleet(12, seen);
    const linkedIds = ['M-0001', 'M-0004', 'M-0009'];
    const assetNames = new Map<string, string>();
    for (const [at, machineId] of linkedIds.entries()) {
      const asset = await callHandler<HardwareAsset>('/api/hardware', {
        method: 'POST',
        token: company.accessToken,
        body: { asset_type: 'Laptop', status: 'Active', manufacturer: 'Dell', model: `Latitude ${at}` },
      });
      const link = await callHandler(`/api/agents/${machineId}/link`, {
        method: 'POST',
        token: company.accessToken,
        body: { hardware_asset_id: asset.body.id },
      });
      expect(link.status, JSON.stringify(link.body)).toBe(200);
      assetNames.set(machineId, `Dell Latitude ${at}`);
    }
    const everyId = Array.from({ length: 12 }, (_, index) => `M-${String(index).padStart(4, '0')}`);

    for (const sort of ['last_seen', 'hostname']) {
      const linked = await allPages(company, `limit=2&inventory=linked&sort=${sort}`);
      expect([...ids(linked.items)].sort(), sort).toEqual(linkedIds);
      expect(linked.pages.every((each) => each.total === 3 && each.total_exact)).toBe(true);
      for (const machine of linked.items) {
        expect(machine).toMatchObject({
          hardware_asset_id: expect.any(String),
          hardware_asset_name: assetNames.get(machine.machine_id),
        });
      }
      const notLinked = await allPages(company, `limit=4&inventory=not_linked&sort=${sort}`);
      expect([...ids(notLinked.items)].sort(), sort).toEqual(everyId.filter((id) => !linkedIds.includes(id)));
      expect(notLinked.pages[0]).toMatchObject({ total: 9, total_exact: true });
      expect(
        notLinked.items.every((each) => each.hardware_asset_id === null && each.hardware_asset_name === null),
      ).toBe(true);
    }
    // With a freshness colour too: counted by the read.
    const greenNotLinked = await allPages(company, 'inventory=not_linked&freshness=green');
    expect([...ids(greenNotLinked.items)].sort()).toEqual(
      everyId.filter((id, index) => !linkedIds.includes(id) && index * 7 < 90),
    );
    // The whole fleet shows which machines are in the inventory.
    const all = await page(company, 'limit=50');
    expect(
      all.items
        .filter((each) => each.hardware_asset_id !== null)
        .map((each) => each.machine_id)
        .sort(),
    ).toEqual(linkedIds);
    const unlinked = await callHandler(`/api/agents/M-0004/unlink`, {
      method: 'POST',
      token: company.accessToken,
    });
    expect(unlinked.status).toBe(200);
    expect(await page(company, 'inventory=linked')).toMatchObject({ total: 2 });
    expect(await page(company, 'inventory=not_linked')).toMatchObject({ total: 10 });
  });

  it('refuses a cursor it did not issue and a page too large', async () => {
    const company = await companyWithFleet(1, seen);
    const forged = Buffer.from(JSON.stringify({ pk: 'org#other#agents' })).toString('base64url');
    for (const query of [
      'limit=500',
      'limit=0',
      `cursor=${forged}`,
      'cursor=not-a-cursor',
      'inventory=maybe',
    ]) {
      const response = await callHandler(`/api/agents?${query}`, { token: company.accessToken });
      expect(response.status, query).toBe(400);
    }
  });

  it('reads a first page with the same requests and read units for a larger fleet', async () => {
    const readUnits = async (size: number) => {
      const company = await companyWithFleet(size, (index) => minutesAgo(index));
      let units = 0;
      const operations: string[] = [];
      const stop = observeTableCalls(async (operation, input, send) => {
        const output = await send({ ...input, ReturnConsumedCapacity: 'TOTAL' });
        if (/Query|BatchGet/.test(operation)) {
          operations.push(operation);
          const consumed = output.ConsumedCapacity as
            { CapacityUnits?: number } | { CapacityUnits?: number }[];
          for (const each of [consumed ?? []].flat()) units += each.CapacityUnits ?? 0;
        }
        return output;
      });
      try {
        expect((await page(company, 'limit=20')).items).toHaveLength(20);
      } finally {
        stop();
      }
      return { units, operations };
    };
    const small = await readUnits(25);
    const large = await readUnits(150);
    expect(large.operations).toEqual(small.operations);
    expect(large.units / small.units).toBeLessThanOrEqual(1.5);
  });
});

describe('the dashboard', () => {
  it('counts the machines and those seen within the hour without reading the fleet', async () => {
    const company = await companyWithFleet(6, (index) => minutesAgo([0, 20, 50, 65, 200, 3000][index]!));
    const operations: string[] = [];
    const stop = observeTableCalls(async (operation, input, send) => {
      operations.push(`${operation} ${String((input as { IndexName?: string }).IndexName ?? '')}`.trim());
      return send(input);
    });
    const dashboard = await callHandler('/api/dashboard', { token: company.accessToken }).finally(stop);
    // Seen since 11:00, the hour the window (11:10 to 12:10) began in: 0, 20, 50 and 65 minutes ago
    // (the last one an hour before the window's start: the counts keep the hour, README).
    expect(dashboard.body).toMatchObject({ agents: 6, active_agents: 4 });
    // Counters and hourly counts read by key: no listing of the fleet or its indexes.
    expect(operations.filter((operation) => operation.startsWith('Query'))).not.toContain('Query gsi3');
    expect(operations).not.toContain('Query');
  });

  it('moves the hourly counts as machines report into a new hour, and as they are deleted', async () => {
    const company = await companyWithFleet(3, (index) => minutesAgo([5, 30, 130][index]!));
    const active = async () =>
      (await callHandler<{ active_agents: number }>('/api/dashboard', { token: company.accessToken })).body
        .active_agents;
    expect(await active()).toBe(2);
    // An hour later only the machine seen in the 12:00 hour still counts (the hour the window
    // starts in); two hours later none, until the one last seen at 10:00 reports again.
    clock.set(new Date(NOW.getTime() + 60 * 60_000).toISOString());
    expect(await active()).toBe(1);
    clock.set(new Date(NOW.getTime() + 120 * 60_000).toISOString());
    expect(await active()).toBe(0);
    const { organization } = (await callHandler<MeResponse>('/api/me', { token: company.accessToken })).body;
    const report = machine({ machine_id: 'M-0002', hostname: 'pc-0002' });
    const device = await enrolInProcess(organization.id, report, new Date(NOW.getTime() + 119 * 60_000));
    await recordAgentReport(device, agentReportSchema.parse(report), new Date(NOW.getTime() + 120 * 60_000));
    expect(await active()).toBe(1);
    const deleted = await callHandler('/api/agents/M-0002', { method: 'DELETE', token: company.accessToken });
    expect(deleted.status).toBe(204);
    expect(await active()).toBe(0);
  });
});
