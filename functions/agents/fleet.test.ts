import { describe, expect, it } from 'vitest';
import { agentListQuerySchema, type AgentSummary } from '../../shared/agent-data';
import { fleetView } from './fleet';

const NOW = new Date('2028-01-15T12:00:00.000Z');
const ago = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000).toISOString();

function machine(hostname: string, minutesAgo: number, fields: Partial<AgentSummary> = {}): AgentSummary {
  return {
    machine_id: `ID-${hostname}`,
    hostname,
    os_type: 'Windows',
    os_version: 'Windows 11 Pro 23H2',
    service_tag: null,
    logged_in_user: null,
    agent_version: null,
    update_available: false,
    memory_total_gb: null,
    cpu_info: null,
    first_seen: ago(10_000),
    last_seen: ago(minutesAgo),
    ...fields,
  };
}

/** As read: latest report first. */
const FLEET = [
  machine('finance-pc-01', 1, { logged_in_user: 'ACME\\jane', service_tag: '5CG1234XYZ' }),
  machine('Warehouse-LT-07', 89, { logged_in_user: 'ACME\\bob' }),
  machine('RECEPTION-PC', 90),
  machine('lab-10', 179),
  machine('Lab-9', 180, { os_type: 'Linux', os_version: 'Ubuntu 24.04' }),
];

const view = (query: Record<string, string>) =>
  fleetView(FLEET, agentListQuerySchema.parse(query), NOW).items.map((item) => item.hostname);

describe('the fleet view', () => {
  it('keeps the latest report first by default and answers every machine with its count', () => {
    const answer = fleetView(FLEET, agentListQuerySchema.parse({}), NOW);
    expect(answer.items.map((item) => item.hostname)).toEqual(FLEET.map((item) => item.hostname));
    expect(answer).toMatchObject({ total: 5, next_cursor: null });
  });

  it('keeps one freshness colour: green under 90 minutes, yellow under 180, red from then on', () => {
    expect(view({ freshness: 'green' })).toEqual(['finance-pc-01', 'Warehouse-LT-07']);
    expect(view({ freshness: 'yellow' })).toEqual(['RECEPTION-PC', 'lab-10']);
    expect(view({ freshness: 'red' })).toEqual(['Lab-9']);
  });

  it('sorts by hostname whatever the letter case, numbers in their order', () => {
    expect(view({ sort: 'hostname' })).toEqual([
      'finance-pc-01',
      'Lab-9',
      'lab-10',
      'RECEPTION-PC',
      'Warehouse-LT-07',
    ]);
    expect(view({ sort: 'hostname', freshness: 'yellow' })).toEqual(['lab-10', 'RECEPTION-PC']);
  });

  it('matches every word of a search in hostname, user, OS or service tag, any letter case', () => {
    expect(view({ q: 'FINANCE' })).toEqual(['finance-pc-01']);
    expect(view({ q: 'jane' })).toEqual(['finance-pc-01']);
    expect(view({ q: '5cg1234' })).toEqual(['finance-pc-01']);
    expect(view({ q: 'ubuntu lab' })).toEqual(['Lab-9']);
    expect(view({ q: 'finance bob' })).toEqual([]);
    const answer = fleetView(FLEET, agentListQuerySchema.parse({ q: 'lab', sort: 'hostname' }), NOW);
    expect(answer).toMatchObject({ total: 2, items: [{ hostname: 'Lab-9' }, { hostname: 'lab-10' }] });
  });

  it('refuses a freshness or an order it does not know, naming the choices', () => {
    expect(agentListQuerySchema.safeParse({ freshness: 'blue' }).error?.issues[0]?.message).toBe(
      'Freshness must be one of: green, yellow, red',
    );
    expect(agentListQuerySchema.safeParse({ sort: 'os' }).error?.issues[0]?.message).toBe(
      'Sort must be one of: last_seen, hostname',
    );
    expect(agentListQuerySchema.safeParse({ limit: '5' }).success).toBe(false);
  });
});
