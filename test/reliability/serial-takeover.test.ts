import { describe, expect, it } from 'vitest';
import { DUPLICATE_MESSAGES } from '../../shared/machine-duplicates';
import { addMember, api } from '../support/api';
import { machine, reportAccepted } from '../support/agents';
import { auditLogs } from '../support/hardware';
import {
  REAL,
  ROGUE,
  TAKEN_SERIAL,
  assetDetail,
  decide,
  fleet,
  machineDetail,
  serialTakeoverAttempt,
} from '../support/duplicates';

/**
 * Issue 35, item 3: "report an existing asset's serial from a new device (the asset's link moves to
 * the fake device; the real machine stays unlinked after its own next report; the editor offers to
 * Accept the fake facts)". Anyone with the enrolment key can do it; through the real routes here.
 */
describe('a serial takeover attempt', () => {
  it('leaves the link with the real machine, marks both, audits it, and offers no fake facts', async () => {
    const { company, key, asset } = await serialTakeoverAttempt();

    // The link stays.
    const real = await machineDetail(company, REAL.machine_id);
    const rogue = await machineDetail(company, ROGUE.machine_id);
    expect(real.hardware_asset_id).toBe(asset.id);
    expect(rogue.hardware_asset_id).toBeNull();
    const shown = await assetDetail(company, asset.id);
    expect(shown.machine_id).toBe(REAL.machine_id);
    // The editor's facts are the real machine's, never the newcomer's (64 GB, mallory).
    expect(shown.agent).toMatchObject({ hostname: REAL.hostname, ram_gb: 16, logged_in_user: 'ACME\\jane' });
    expect(shown.differences).toEqual([{ field: 'ram_gb', agent: 16, record: 8 }]);
    expect(shown.possible_duplicate).toBe(true);

    // Both marked, each naming the other.
    expect(real.possible_duplicate).toBe(true);
    expect(real.possible_duplicates).toEqual([
      expect.objectContaining({ machine_id: ROGUE.machine_id, linked: false, serial_number: TAKEN_SERIAL }),
    ]);
    expect(rogue.possible_duplicate).toBe(true);
    expect(rogue.possible_duplicates).toEqual([
      expect.objectContaining({ machine_id: REAL.machine_id, linked: true, hardware_asset_id: asset.id }),
    ]);
    const marked = await fleet(company, '?inventory=possible_duplicate');
    expect(marked.items.map((item) => item.machine_id).sort()).toEqual(
      [REAL.machine_id, ROGUE.machine_id].sort(),
    );
    expect(marked.items.every((item) => item.possible_duplicate)).toBe(true);

    // The audit trail says so.
    const entries = await auditLogs(company);
    expect(entries).toContainEqual(
      expect.objectContaining({
        entity_type: 'agent_machine',
        entity_id: ROGUE.machine_id,
        changes: expect.objectContaining({
          possible_duplicate_of: { old: null, new: `${REAL.hostname} (${REAL.machine_id})` },
        }),
      }),
    );

    // The real machine's next report (its memory changed: the report that reads) keeps its link,
    // and the newcomer's next one takes nothing either.
    await reportAccepted(key, machine({ ...REAL, service_tag: TAKEN_SERIAL, memory_total_gb: 32 }));
    await reportAccepted(key, machine({ ...ROGUE, service_tag: TAKEN_SERIAL, memory_total_gb: 128 }));
    expect((await machineDetail(company, REAL.machine_id)).hardware_asset_id).toBe(asset.id);
    expect((await machineDetail(company, ROGUE.machine_id)).hardware_asset_id).toBeNull();
    expect((await assetDetail(company, asset.id)).machine_id).toBe(REAL.machine_id);

    // Nor can a member link the newcomer by hand past the admin's decision.
    const byHand = await api<{ error: { code: string } }>(`/api/agents/${ROGUE.machine_id}/link`, {
      method: 'POST',
      token: company.accessToken,
      body: { hardware_asset_id: asset.id },
    });
    expect(byHand.status).toBe(409);
    const added = await api<{ error: { code: string } }>(`/api/agents/${ROGUE.machine_id}/add-to-inventory`, {
      method: 'POST',
      token: company.accessToken,
    });
    expect(added).toMatchObject({ status: 409, body: { error: { code: 'possible_duplicate' } } });
  });

  it('leaves the decision to admins, validated', async () => {
    const { company } = await serialTakeoverAttempt();
    const member = await addMember(company, 'user');
    expect((await decide(member.token, ROGUE.machine_id, { decision: 'replace' })).status).toBe(403);
    expect((await decide(company.accessToken, ROGUE.machine_id, { decision: 'steal' })).status).toBe(400);
    expect(
      (await decide(company.accessToken, ROGUE.machine_id, { decision: 'link', hardware_asset_id: 'x' }))
        .status,
    ).toBe(400);
    // The real machine is not the newcomer: nothing to decide there.
    expect(await decide(company.accessToken, REAL.machine_id, { decision: 'keep' })).toMatchObject({
      status: 409,
      body: { error: { code: 'not_possible_duplicate', message: DUPLICATE_MESSAGES.notMarked } },
    });
    expect((await machineDetail(company, REAL.machine_id)).possible_duplicate).toBe(true);
  });
});
