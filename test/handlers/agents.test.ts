import { describe, expect, it } from 'vitest';
import type { AgentListResponse, AgentReportInput } from '../../shared/agent-data';
import { createKey, machine, sendReport } from '../support/agents';
import { callHandler, signUpCompanyInProcess as signUpCompany, useHandlerClock } from '../support/handlers';

/**
 * The fleet's freshness on the handlers' clock (test/support/handlers.ts): machines report through
 * the report handler at the times the test sets, and the list reads them at another. Keys, reports
 * and the installer download over HTTP: test/integration/agents.test.ts.
 */
const clock = useHandlerClock();

function report(key: string, body: unknown) {
  return sendReport(key, body, callHandler);
}

describe('agent reports', () => {
  it('lists the fleet filtered by freshness and search, by last seen or by hostname, with its count', async () => {
    clock.set('2026-03-02T08:40:00.000Z');
    const company = await signUpCompany();
    const { key } = await createKey(company, callHandler);
    // Each machine reports as its agent would: 200 and 120 minutes before the last one, which is now.
    const reportAt = async (time: string, overrides: Partial<AgentReportInput>) => {
      clock.set(time);
      expect((await report(key, machine(overrides))).status).toBe(202);
    };
    await reportAt('2026-03-02T08:40:00.000Z', {
      machine_id: 'M-RED',
      hostname: 'archive-01',
      logged_in_user: 'ACME\\ann',
    });
    await reportAt('2026-03-02T10:00:00.000Z', {
      machine_id: 'M-YELLOW',
      hostname: 'Bench-PC',
      logged_in_user: 'ACME\\bob',
    });
    await reportAt('2026-03-02T12:00:00.000Z', { machine_id: 'M-GREEN', hostname: 'CAD-WS-02' });

    const fleet = async (query: string) => {
      const response = await callHandler<AgentListResponse>(`/api/agents${query}`, {
        token: company.accessToken,
      });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      return { ...response.body, hostnames: response.body.items.map((item) => item.hostname) };
    };
    expect(await fleet('')).toMatchObject({
      hostnames: ['CAD-WS-02', 'Bench-PC', 'archive-01'],
      total: 3,
      next_cursor: null,
    });
    expect((await fleet('?sort=hostname')).hostnames).toEqual(['archive-01', 'Bench-PC', 'CAD-WS-02']);
    expect(await fleet('?freshness=green')).toMatchObject({ hostnames: ['CAD-WS-02'], total: 1 });
    expect((await fleet('?freshness=yellow')).hostnames).toEqual(['Bench-PC']);
    expect((await fleet('?freshness=red&sort=hostname')).hostnames).toEqual(['archive-01']);
    expect(await fleet('?q=acme%5Cbob')).toMatchObject({ hostnames: ['Bench-PC'], total: 1 });
    expect(await fleet('?q=windows&freshness=green')).toMatchObject({ total: 1 });
    expect(await fleet('?q=nothing-like-it')).toMatchObject({ items: [], total: 0 });

    for (const query of ['?freshness=blue', '?sort=os', '?limit=101']) {
      expect((await callHandler(`/api/agents${query}`, { token: company.accessToken })).status, query).toBe(
        400,
      );
    }
  });
});
