import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { recordAgentReport } from '../../functions/agent-reports/service';
import { getAgentMachine } from '../../functions/agents/service';
import { createHardwareAsset, getHardwareAsset } from '../../functions/hardware/service';
import { getItem } from '../../functions/lib/table/commands';
import { readCounters } from '../../functions/lib/table/counters';
import { LINKED_MACHINES_COUNTER } from '../../functions/inventory/counts';
import { machineLinkItemSchema, machineLinks } from '../../functions/lib/table/items/inventory';
import { agentReportSchema } from '../../shared/agent-data';
import { hardwareAssetInputSchema } from '../../shared/hardware';
import { DUPLICATE_SILENCE_DAYS } from '../../shared/machine-duplicates';
import { api, organizationIdOf, useFunctionEnv, type TestCompany } from '../support/api';
import { enrolInProcess, machine, reportAccepted } from '../support/agents';
import { auditLogs, createOk, laptop } from '../support/hardware';
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
 * Possible duplicates (issue 35, item 3): a serial number moves a link only from a machine silent for
 * DUPLICATE_SILENCE_DAYS; otherwise both machines are marked and an admin chooses keep, replace, link
 * elsewhere or add to inventory, each clearing both marks in one transaction with its audit entry.
 */

const DAY_MINUTES = 24 * 60;

describe('a serial number reported by a second machine', () => {
  useFunctionEnv();
  const start = Date.parse('2026-11-23T10:00:00Z');
  const at = (minutes: number) => new Date(start + minutes * 60_000);

  /** An asset, its machine reporting at minute 1, and a newcomer reporting its serial `after` minutes later. */
  async function newcomerAfter(after: number) {
    const organizationId = ulid();
    const input = hardwareAssetInputSchema.parse({
      asset_type: 'Laptop',
      status: 'Active',
      serial_number: TAKEN_SERIAL,
    });
    const asset = await createHardwareAsset(organizationId, input, { email: 'it@acme.test' }, at(0));
    const real = await enrolInProcess(organizationId, REAL, at(0));
    await recordAgentReport(real, agentReportSchema.parse(machine(REAL)), at(1));
    const rogue = await enrolInProcess(organizationId, ROGUE, at(after));
    await recordAgentReport(rogue, agentReportSchema.parse(machine(ROGUE)), at(1 + after));
    return { organizationId, asset };
  }

  it('marks both when the linked machine reported within the last 30 days', async () => {
    const { organizationId, asset } = await newcomerAfter(DUPLICATE_SILENCE_DAYS * DAY_MINUTES - 1);
    expect((await getHardwareAsset(organizationId, asset.id)).machine_id).toBe(REAL.machine_id);
    expect(await getAgentMachine(organizationId, ROGUE.machine_id)).toMatchObject({
      hardware_asset_id: null,
      possible_duplicate: true,
    });
    expect((await getAgentMachine(organizationId, REAL.machine_id)).possible_duplicate).toBe(true);
  });

  it('hands the link over from a machine silent for 30 days (a reinstalled computer)', async () => {
    const { organizationId, asset } = await newcomerAfter(DUPLICATE_SILENCE_DAYS * DAY_MINUTES);
    expect((await getHardwareAsset(organizationId, asset.id)).machine_id).toBe(ROGUE.machine_id);
    expect(await getAgentMachine(organizationId, ROGUE.machine_id)).toMatchObject({
      hardware_asset_id: asset.id,
      possible_duplicate: false,
    });
    const old = await getItem(machineLinkItemSchema, machineLinks.key(organizationId, REAL.machine_id), {
      consistent: true,
    });
    expect(old).toMatchObject({ replaced_by: ROGUE.machine_id });
    expect(old?.hardware_asset_id).toBeUndefined();
    expect((await readCounters(organizationId))[LINKED_MACHINES_COUNTER]).toBe(1);
  });
});

describe("an admin's decision on a possible duplicate", () => {
  useFunctionEnv();

  async function unmarked(company: TestCompany) {
    expect((await machineDetail(company, REAL.machine_id)).possible_duplicate).toBe(false);
    expect((await machineDetail(company, ROGUE.machine_id)).possible_duplicate).toBe(false);
    expect((await machineDetail(company, REAL.machine_id)).possible_duplicates).toEqual([]);
  }

  async function decisionAudited(company: TestCompany, words: string) {
    expect(await auditLogs(company)).toContainEqual(
      expect.objectContaining({
        entity_type: 'agent_machine',
        entity_id: ROGUE.machine_id,
        changed_by: company.email,
        changes: expect.objectContaining({ decision: { old: null, new: words } }),
      }),
    );
  }

  const linkedCount = async (company: TestCompany) =>
    (await readCounters(await organizationIdOf(company)))[LINKED_MACHINES_COUNTER];

  it('keep: the link stays, the newcomer stays out and is not linked by serial again', async () => {
    const { company, key, asset } = await serialTakeoverAttempt();
    const kept = await decide(company.accessToken, ROGUE.machine_id, { decision: 'keep' });
    expect(kept).toEqual({ status: 200, body: { machine_id: ROGUE.machine_id, hardware_asset_id: null } });
    expect((await assetDetail(company, asset.id)).machine_id).toBe(REAL.machine_id);
    expect((await assetDetail(company, asset.id)).possible_duplicate).toBeUndefined();
    await unmarked(company);
    await decisionAudited(company, 'kept the current link');
    // Another asset's serial later: the newcomer is not linked by serial, nor marked again.
    const other = await createOk(company, { ...laptop, serial_number: 'PF3OTHER1' });
    await reportAccepted(key, machine({ ...ROGUE, service_tag: 'PF3OTHER1' }));
    await reportAccepted(key, machine({ ...ROGUE, service_tag: TAKEN_SERIAL }));
    expect((await assetDetail(company, other.id)).machine_id).toBeNull();
    await unmarked(company);
    // Decided: a second decision finds nothing to decide.
    expect((await decide(company.accessToken, ROGUE.machine_id, { decision: 'keep' })).status).toBe(409);
  });

  it('replace: the newcomer takes the asset, the other machine gives it up', async () => {
    const { company, key, asset } = await serialTakeoverAttempt();
    const replaced = await decide(company.accessToken, ROGUE.machine_id, { decision: 'replace' });
    expect(replaced).toEqual({
      status: 200,
      body: { machine_id: ROGUE.machine_id, hardware_asset_id: asset.id },
    });
    expect((await assetDetail(company, asset.id)).machine_id).toBe(ROGUE.machine_id);
    expect((await machineDetail(company, REAL.machine_id)).hardware_asset_id).toBeNull();
    await unmarked(company);
    await decisionAudited(company, 'this machine replaces the linked one');
    expect(await linkedCount(company)).toBe(1);
    // The machine given up takes nothing back by its own reports.
    await reportAccepted(key, machine({ ...REAL, service_tag: TAKEN_SERIAL, memory_total_gb: 32 }));
    expect((await assetDetail(company, asset.id)).machine_id).toBe(ROGUE.machine_id);
  });

  it('link: the newcomer is another asset; the first keeps its machine', async () => {
    const { company, asset } = await serialTakeoverAttempt();
    const other = await createOk(company, { ...laptop, serial_number: 'PF3OTHER2' });
    const taken = await decide(company.accessToken, ROGUE.machine_id, {
      decision: 'link',
      hardware_asset_id: asset.id,
    });
    expect(taken).toMatchObject({ status: 409, body: { error: { code: 'already_linked' } } });
    const linked = await decide(company.accessToken, ROGUE.machine_id, {
      decision: 'link',
      hardware_asset_id: other.id,
    });
    expect(linked).toEqual({
      status: 200,
      body: { machine_id: ROGUE.machine_id, hardware_asset_id: other.id },
    });
    expect((await assetDetail(company, other.id)).machine_id).toBe(ROGUE.machine_id);
    expect((await assetDetail(company, asset.id)).machine_id).toBe(REAL.machine_id);
    await unmarked(company);
    await decisionAudited(company, 'linked to another asset');
    expect(await linkedCount(company)).toBe(2);
  });

  it('add to inventory: a new asset without the serial number the first one keeps', async () => {
    const { company, asset } = await serialTakeoverAttempt();
    const added = await decide(company.accessToken, ROGUE.machine_id, { decision: 'add_to_inventory' });
    expect(added.status).toBe(200);
    const created = await assetDetail(company, added.body.hardware_asset_id!);
    expect(created).toMatchObject({ machine_id: ROGUE.machine_id, serial_number: null });
    expect((await assetDetail(company, asset.id)).machine_id).toBe(REAL.machine_id);
    await unmarked(company);
    await decisionAudited(company, 'added as a new asset');
    expect(await linkedCount(company)).toBe(2);
  });

  it('deleting the newcomer leaves no mark on the linked machine', async () => {
    const { company, asset } = await serialTakeoverAttempt();
    const deleted = await api(`/api/agents/${encodeURIComponent(ROGUE.machine_id)}`, {
      method: 'DELETE',
      token: company.accessToken,
    });
    expect(deleted.status).toBe(204);
    expect((await machineDetail(company, REAL.machine_id)).possible_duplicate).toBe(false);
    expect((await fleet(company, '?inventory=possible_duplicate')).items).toEqual([]);
    expect((await assetDetail(company, asset.id)).machine_id).toBe(REAL.machine_id);
  });
});
