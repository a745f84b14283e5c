import { describe, expect, it } from 'vitest';
import type { AgentListResponse, AgentMachine } from '../../shared/agent-data';
import type { AuditLogListResponse } from '../../shared/audit';
import { CLONE_REVERSALS } from '../../shared/machine-clones';
import { api, signUpUnlimitedCompany, type TestCompany } from '../support/api';
import { createKey, deviceHeaders, deviceTokenFor, machine } from '../support/agents';

/**
 * Cloned PCs (issue 35, item 3): a disk copied after its agent enrolled gives two computers one
 * machine id and one valid device token. Neither enrols again, so nothing is held for approval;
 * their reports alternate on one record. Before, nothing said so. Now a report whose last boot is
 * earlier than the recorded one counts, and the second such report marks the machine a possible
 * clone (fleet and machine page, with an audit entry) without revoking the token or moving anything.
 */

const MACHINE_ID = 'CLONED-GUID-1';
const ORIGINAL_BOOT = '2026-11-30T07:58:12.000Z';
const COPY_BOOT = '2026-11-30T09:41:03.000Z';

function report(token: string, lastBoot: string) {
  return api('/api/agent/report', {
    method: 'POST',
    headers: deviceHeaders(token),
    body: machine({ machine_id: MACHINE_ID, last_boot: lastBoot }),
  });
}

const machinePage = async (company: TestCompany) =>
  (await api<AgentMachine>(`/api/agents/${MACHINE_ID}`, { token: company.accessToken })).body;

async function enrolled(): Promise<{ company: TestCompany; token: string }> {
  const company = await signUpUnlimitedCompany();
  const { key } = await createKey(company);
  const token = await deviceTokenFor(key, machine({ machine_id: MACHINE_ID, last_boot: ORIGINAL_BOOT }));
  expect((await report(token, ORIGINAL_BOOT)).status).toBe(202);
  return { company, token };
}

describe('two computers reporting with one device token', () => {
  it('marks the machine a possible clone once its last boot goes back twice, and revokes nothing', async () => {
    const { company, token } = await enrolled();
    // The copy (same name, same everything but its boot) reports first: a reboot, as far as anyone can tell.
    expect((await report(token, COPY_BOOT)).status).toBe(202);
    expect((await machinePage(company)).possible_clone).toBeNull();
    // The original again: its boot is earlier than the one recorded. Once is not yet a clone.
    expect((await report(token, ORIGINAL_BOOT)).status).toBe(202);
    expect((await machinePage(company)).possible_clone).toBeNull();
    expect((await report(token, COPY_BOOT)).status).toBe(202);
    expect((await report(token, ORIGINAL_BOOT)).status).toBe(202);

    const page = await machinePage(company);
    expect(page.possible_clone).toMatchObject({ reversals: CLONE_REVERSALS });
    const fleet = await api<AgentListResponse>('/api/agents', { token: company.accessToken });
    expect(fleet.body.items.find((item) => item.machine_id === MACHINE_ID)?.possible_clone).toEqual(
      page.possible_clone,
    );
    const audit = await api<AuditLogListResponse>('/api/audit-logs', { token: company.accessToken });
    const marks = audit.body.items.filter((entry) => entry.entity_label.startsWith('Possible clone:'));
    expect(marks).toHaveLength(1);
    expect(marks[0]).toMatchObject({ entity_type: 'agent_machine', entity_id: MACHINE_ID });

    // Shown, not flipped: the token still reports, and later reversals add to the count, not the trail.
    expect((await report(token, COPY_BOOT)).status).toBe(202);
    expect((await report(token, ORIGINAL_BOOT)).status).toBe(202);
    expect((await machinePage(company)).possible_clone).toMatchObject({ reversals: CLONE_REVERSALS + 1 });
    const later = await api<AuditLogListResponse>('/api/audit-logs', { token: company.accessToken });
    expect(later.body.items.filter((entry) => entry.entity_label.startsWith('Possible clone:'))).toHaveLength(
      1,
    );
  });

  it('does not mark one computer that reboots, reports its boot a little off, or is restored once', async () => {
    const { company, token } = await enrolled();
    // The same boot, a minute off as clocks are set right; then a reboot.
    expect((await report(token, '2026-11-30T07:57:10.000Z')).status).toBe(202);
    expect((await report(token, '2026-11-30T12:00:00.000Z')).status).toBe(202);
    // A virtual machine restored from a snapshot: its boot goes back once.
    expect((await report(token, ORIGINAL_BOOT)).status).toBe(202);
    expect((await report(token, '2026-11-30T13:30:00.000Z')).status).toBe(202);
    expect((await machinePage(company)).possible_clone).toBeNull();
  });
});
