import { describe, expect, it } from 'vitest';
import type { SoftwareListResponse, SoftwareMachinesResponse } from '../../shared/inventory';
import { api, organizationIdOf, signUpCompany, type TestCompany } from '../support/api';
import { seedInstallations, seedMachine, seedRemovedProgram } from '../support/software';

/** GET /api/software and /api/software/machines over the local stack, from the items the report path keeps. */

const SEEN = '2026-11-20T08:00:00.000Z';

async function listed(company: TestCompany, query = '') {
  const response = await api<SoftwareListResponse>(`/api/software${query}`, { token: company.accessToken });
  expect(response.status).toBe(200);
  return response.body;
}

async function machinesOf(company: TestCompany, query: string) {
  const response = await api<SoftwareMachinesResponse>(`/api/software/machines?${query}`, {
    token: company.accessToken,
  });
  expect(response.status).toBe(200);
  return response.body;
}

/** An organisation with three machines, Chrome on all (two versions), Zoom on one, 7-Zip removed everywhere. */
async function companyWithSoftware(prefix: string) {
  const company = await signUpCompany();
  const organizationId = await organizationIdOf(company);
  for (const index of [1, 2, 3]) {
    await seedMachine(organizationId, {
      machine_id: `${prefix}-M${index}`,
      hostname: `${prefix}-PC-0${index}`,
      last_seen: SEEN,
    });
  }
  await seedInstallations(organizationId, 'Google Chrome', [
    { machine_id: `${prefix}-M1`, versions: ['120.0.1'], since: '2026-11-01T10:00:00.000Z' },
    { machine_id: `${prefix}-M2`, versions: ['120.0.1'], since: '2026-11-02T10:00:00.000Z' },
    { machine_id: `${prefix}-M3`, versions: ['119.0.5'], since: '2026-11-03T10:00:00.000Z' },
  ]);
  await seedInstallations(organizationId, 'Zoom Workplace', [
    { machine_id: `${prefix}-M2`, versions: ['5.17'], since: '2026-11-04T10:00:00.000Z' },
  ]);
  await seedRemovedProgram(organizationId, '7-Zip', '23.01');
  return { company, organizationId };
}

describe('the software inventory', () => {
  it('lists programs by name with machines and versions, most machines first, hides removed ones, and never another organisation’s', async () => {
    const { company } = await companyWithSoftware('A');
    const other = await companyWithSoftware('B');
    await seedInstallations(other.organizationId, 'Secret Tool', [
      { machine_id: 'B-M1', versions: ['1.0'], since: SEEN },
    ]);

    expect(await listed(company)).toEqual({
      items: [
        {
          name: 'Google Chrome',
          machines: 3,
          versions: [
            { version: '120.0.1', machines: 2 },
            { version: '119.0.5', machines: 1 },
          ],
        },
        { name: 'Zoom Workplace', machines: 1, versions: [{ version: '5.17', machines: 1 }] },
      ],
      next_cursor: null,
      total: 2,
      total_exact: true,
    });
    expect((await listed(company, '?q=secret')).items).toEqual([]);
  });

  it('searches every word of q in the program’s name, whatever its case and spacing', async () => {
    const { company } = await companyWithSoftware('S');
    expect((await listed(company, '?q=CHROME%20%20goo')).items.map(({ name }) => name)).toEqual([
      'Google Chrome',
    ]);
    expect((await listed(company, '?q=chrome%20zoom')).items).toEqual([]);
    expect((await listed(company, '?q=o')).total).toBe(2);
  });

  it('pages by name with a cursor, without a program twice or missed', async () => {
    const company = await signUpCompany();
    const organizationId = await organizationIdOf(company);
    await seedMachine(organizationId, { machine_id: 'P-M1', hostname: 'P-PC-01', last_seen: SEEN });
    const names = Array.from({ length: 7 }, (_, index) => `Program ${String.fromCharCode(71 - index)}`);
    for (const name of names) {
      await seedInstallations(organizationId, name, [{ machine_id: 'P-M1', versions: ['1'], since: SEEN }]);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: SoftwareListResponse = await listed(
        company,
        `?limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      expect(page.items.length).toBeLessThanOrEqual(3);
      seen.push(...page.items.map(({ name }) => name));
      cursor = page.next_cursor;
      pages += 1;
    } while (cursor);
    expect(seen).toEqual([...names].sort());
    expect(pages).toBe(3);
    const bad = await api('/api/software?cursor=bm90LWEta2V5', { token: company.accessToken });
    expect(bad.status).toBe(400);
  });

  it('answers which machines have a program, by name in any case, with version, since and last seen', async () => {
    const { company } = await companyWithSoftware('W');
    const other = await companyWithSoftware('X');
    const all = await machinesOf(company, 'name=%20google%20%20CHROME');
    expect(all).toEqual({
      items: [
        {
          machine_id: 'W-M1',
          hostname: 'W-PC-01',
          versions: ['120.0.1'],
          since: '2026-11-01T10:00:00.000Z',
          last_seen: SEEN,
        },
        {
          machine_id: 'W-M2',
          hostname: 'W-PC-02',
          versions: ['120.0.1'],
          since: '2026-11-02T10:00:00.000Z',
          last_seen: SEEN,
        },
        {
          machine_id: 'W-M3',
          hostname: 'W-PC-03',
          versions: ['119.0.5'],
          since: '2026-11-03T10:00:00.000Z',
          last_seen: SEEN,
        },
      ],
      next_cursor: null,
      total: 3,
    });
    expect(JSON.stringify(all)).not.toContain(other.organizationId);
    expect(JSON.stringify(all)).not.toContain('X-');

    const older = await machinesOf(company, 'name=Google%20Chrome&version=119.0.5');
    expect(older.items.map(({ hostname }) => hostname)).toEqual(['W-PC-03']);
    expect(older.total).toBe(1);
    expect(await machinesOf(company, 'name=Google%20Chrome&version=1.0')).toEqual({
      items: [],
      next_cursor: null,
      total: 0,
    });
    expect(await machinesOf(company, 'name=Nothing%20Like%20It')).toEqual({
      items: [],
      next_cursor: null,
      total: 0,
    });
  });

  it('pages the machines, and leaves out a machine deleted meanwhile', async () => {
    const company = await signUpCompany();
    const organizationId = await organizationIdOf(company);
    const ids = Array.from({ length: 5 }, (_, index) => `Q-M${index}`);
    for (const [index, id] of ids.entries()) {
      // The last one was deleted: its installation item is still there.
      if (index < 4)
        await seedMachine(organizationId, { machine_id: id, hostname: `Q-PC-${index}`, last_seen: SEEN });
    }
    await seedInstallations(
      organizationId,
      'Slack',
      ids.map((machine_id) => ({ machine_id, versions: ['4.41'], since: SEEN })),
    );
    const first = await machinesOf(company, 'name=slack&limit=2');
    expect(first.items.map(({ machine_id }) => machine_id)).toEqual(['Q-M0', 'Q-M1']);
    expect(first.total).toBe(5);
    const second = await machinesOf(
      company,
      `name=slack&limit=2&cursor=${encodeURIComponent(first.next_cursor!)}`,
    );
    expect(second.items.map(({ machine_id }) => machine_id)).toEqual(['Q-M2', 'Q-M3']);
    const third = await machinesOf(
      company,
      `name=slack&limit=2&cursor=${encodeURIComponent(second.next_cursor!)}`,
    );
    expect(third).toMatchObject({ items: [], next_cursor: null });
  });

  it('refuses a missing name and unknown parameters with 400', async () => {
    const company = await signUpCompany();
    expect((await api('/api/software/machines', { token: company.accessToken })).status).toBe(400);
    expect((await api('/api/software?name=x', { token: company.accessToken })).status).toBe(400);
    expect((await api('/api/software')).status).toBe(401);
  });
});
