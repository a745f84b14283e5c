import { describe, expect, it } from 'vitest';
import type { AgentMachine } from '../../shared/agent-data';
import type { HardwareAsset } from '../../shared/hardware';
import { INVENTORY_MESSAGES, type AgentLinkResponse, type HardwareAssetDetail } from '../../shared/inventory';
import { getItem } from '../../functions/lib/table/commands';
import {
  machineLinks,
  machineSerialItemSchema,
  machineSerials,
} from '../../functions/lib/table/items/inventory';
import { api, organizationIdOf, signUpCompany, useFunctionEnv, type TestCompany } from '../support/api';
import { importCsv } from '../support/import';
import { createKey, machine, sendReport } from '../support/agents';
import { auditLogs, createOk, dashboard, editableFields, laptop } from '../support/hardware';
import { tableItem } from '../support/table';

/**
 * One record per device (issue 27), the inventory's side: a person links, unlinks or adds a machine;
 * an asset created, given a serial or imported after its machine reported it is linked; deleting
 * either side unlinks; the asset shows the agent's facts; the dashboard counts both lists.
 */

const SERIAL = '5CG1234XYZ';

/** A company with one machine reported through the real report route. */
async function companyWithMachine(overrides: Parameters<typeof machine>[0] = {}) {
  const company = await signUpCompany();
  const { key } = await createKey(company);
  const report = machine(overrides);
  expect((await sendReport(key, report)).status).toBe(202);
  return { company, key, machineId: report.machine_id };
}

/** The serial lookup the machine's report left (functions/agent-reports/inventory.ts), which linking reads. */
async function reportedSerial(company: TestCompany, serial: string, machineId: string) {
  useFunctionEnv();
  const organizationId = await organizationIdOf(company);
  const lookup = await getItem(machineSerialItemSchema, machineSerials.key(organizationId, serial), {
    consistent: true,
  });
  expect(lookup).toEqual({ serial_number: serial, machine_id: machineId });
}

const post = (company: TestCompany, path: string, body?: unknown) =>
  api<AgentLinkResponse & { error?: { message: string } }>(path, {
    method: 'POST',
    token: company.accessToken,
    body,
  });

const detail = async (company: TestCompany, id: string) =>
  (await api<HardwareAssetDetail>(`/api/hardware/${id}`, { token: company.accessToken })).body;

const machineOf = async (company: TestCompany, machineId: string) =>
  (await api<AgentMachine>(`/api/agents/${machineId}`, { token: company.accessToken })).body;

describe('linking a machine and an asset', () => {
  it('links by hand, fills only empty fields, lists differences, refuses a second link, unlinks', async () => {
    const { company, machineId } = await companyWithMachine();
    // A person's record: 8 GB of RAM written by hand, no CPU.
    const asset = await createOk(company, { ...laptop, ram_gb: 8, os: 'Windows 10 Pro' });
    const other = await createOk(company, { ...laptop, model: 'Latitude 7440' });

    const linked = await post(company, `/api/agents/${machineId}/link`, { hardware_asset_id: asset.id });
    expect(linked).toEqual({ status: 200, body: { machine_id: machineId, hardware_asset_id: asset.id } });
    expect((await machineOf(company, machineId)).hardware_asset_id).toBe(asset.id);

    const shown = await detail(company, asset.id);
    expect(shown).toMatchObject({
      machine_id: machineId,
      ram_gb: 8,
      os: 'Windows 10 Pro',
      cpu: 'Intel Core i7-1365U',
      storage_gb: 475,
      agent: { hostname: 'FINANCE-PC-01', logged_in_user: 'ACME\\jane', ram_gb: 16, serial_number: SERIAL },
    });
    expect(shown.differences).toEqual(
      expect.arrayContaining([
        { field: 'ram_gb', agent: 16, record: 8 },
        { field: 'os', agent: 'Windows 11 Pro 23H2', record: 'Windows 10 Pro' },
      ]),
    );
    expect(shown.differences.map((difference) => difference.field)).not.toContain('cpu');

    const again = await post(company, `/api/agents/${machineId}/link`, { hardware_asset_id: other.id });
    expect(again.status).toBe(409);
    expect(again.body.error?.message).toBe(INVENTORY_MESSAGES.machineAlreadyLinked);
    const { machineId: secondMachine } = await (async () => {
      const { key } = await createKey(company);
      const report = machine({
        machine_id: 'MACHINE-GUID-2',
        hostname: 'SALES-PC-02',
        service_tag: 'ABC777',
      });
      expect((await sendReport(key, report)).status).toBe(202);
      return { machineId: report.machine_id };
    })();
    const taken = await post(company, `/api/agents/${secondMachine}/link`, { hardware_asset_id: asset.id });
    expect(taken.status).toBe(409);
    expect(taken.body.error?.message).toBe(INVENTORY_MESSAGES.alreadyLinked);
    expect((await dashboard(company)).assets_monitored).toBe(1);

    const unlinked = await post(company, `/api/agents/${machineId}/unlink`);
    expect(unlinked).toEqual({ status: 200, body: { machine_id: machineId, hardware_asset_id: null } });
    expect(await detail(company, asset.id)).toMatchObject({ machine_id: null, agent: null, differences: [] });
    useFunctionEnv();
    const link = await tableItem(machineLinks.key(await organizationIdOf(company), machineId));
    expect(link).toMatchObject({ auto_link: false });
    expect(link?.hardware_asset_id).toBeUndefined();
    const changes = (await auditLogs(company)).map((entry) => Object.keys(entry.changes ?? {}));
    expect(changes.filter((keys) => keys.includes('monitored_machine'))).toHaveLength(2);
    expect(await dashboard(company)).toMatchObject({ assets_monitored: 0, machines_not_in_inventory: 2 });
  });

  it('answers 404 for a machine or an asset of another organisation', async () => {
    const mine = await companyWithMachine();
    const theirs = await companyWithMachine();
    const theirAsset = await createOk(theirs.company);
    const myAsset = await createOk(mine.company);
    const foreignAsset = await post(mine.company, `/api/agents/${mine.machineId}/link`, {
      hardware_asset_id: theirAsset.id,
    });
    expect(foreignAsset.status).toBe(404);
    expect(foreignAsset.body.error?.message).toBe(INVENTORY_MESSAGES.assetNotFound);
    // Same machine_id in both organisations: each sees its own only.
    await post(theirs.company, `/api/agents/${theirs.machineId}/link`, { hardware_asset_id: theirAsset.id });
    expect((await machineOf(mine.company, mine.machineId)).hardware_asset_id).toBeNull();
    const missing = await post(mine.company, '/api/agents/NOT-A-MACHINE/link', {
      hardware_asset_id: myAsset.id,
    });
    expect(missing.status).toBe(404);
    expect(missing.body.error?.message).toBe(INVENTORY_MESSAGES.notFound);
    expect((await post(mine.company, '/api/agents/NOT-A-MACHINE/unlink')).status).toBe(404);
    expect((await post(mine.company, '/api/agents/NOT-A-MACHINE/add-to-inventory')).status).toBe(404);
  });

  it('adds a machine to the inventory once, and refuses a serial another asset has', async () => {
    const { company, machineId } = await companyWithMachine();
    const added = await post(company, `/api/agents/${machineId}/add-to-inventory`);
    expect(added.status).toBe(201);
    const asset = await detail(company, added.body.hardware_asset_id!);
    expect(asset).toMatchObject({
      // An EliteBook: the model says it is a laptop.
      asset_type: 'Laptop',
      model: 'EliteBook 840 G10',
      serial_number: SERIAL,
      cpu: 'Intel Core i7-1365U',
      ram_gb: 16,
      machine_id: machineId,
      differences: [],
    });
    const twice = await post(company, `/api/agents/${machineId}/add-to-inventory`);
    expect(twice.status).toBe(409);
    expect(twice.body.error?.message).toBe(INVENTORY_MESSAGES.machineAlreadyLinked);

    const other = await companyWithMachine();
    // Unlinked first, so that the record below is not linked to it by its serial.
    await post(other.company, `/api/agents/${other.machineId}/unlink`);
    await createOk(other.company, { ...laptop, serial_number: SERIAL.toLowerCase() });
    const taken = await post(other.company, `/api/agents/${other.machineId}/add-to-inventory`);
    expect(taken.status).toBe(409);
    expect(taken.body.error?.message).toContain(INVENTORY_MESSAGES.linkToAsset);
    expect(await dashboard(other.company)).toMatchObject({
      total_hardware: 1,
      assets_monitored: 0,
      assets_not_monitored: 1,
      machines_not_in_inventory: 1,
    });
  });
});

describe('linking by serial number from the inventory', () => {
  it('links an asset created or given the serial later, never by a junk serial, never a manual field overwritten', async () => {
    const { company, machineId } = await companyWithMachine();
    await reportedSerial(company, SERIAL, machineId);
    const junk = await createOk(company, { ...laptop, serial_number: 'To Be Filled By O.E.M.' });
    expect(junk.machine_id).toBeNull();

    const unrelated = await createOk(company, { ...laptop, serial_number: 'OTHER-1' });
    expect(unrelated.machine_id).toBeNull();
    const edited = await api<HardwareAsset>(`/api/hardware/${unrelated.id}`, {
      method: 'PUT',
      token: company.accessToken,
      // Written by hand, in other case and spacing than the agent's: still the same serial.
      body: {
        ...editableFields(unrelated),
        serial_number: ' 5cg1234xyz ',
        ram_gb: 32,
        version: unrelated.version,
      },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ machine_id: machineId, ram_gb: 32, cpu: 'Intel Core i7-1365U' });
    expect((await machineOf(company, machineId)).hardware_asset_id).toBe(unrelated.id);
    expect((await detail(company, unrelated.id)).differences).toContainEqual({
      field: 'ram_gb',
      agent: 16,
      record: 32,
    });
    expect(await dashboard(company)).toMatchObject({ assets_monitored: 1, machines_not_in_inventory: 0 });

    // Deleting the asset unlinks the machine, which a new record with its serial takes again.
    const removed = await api(`/api/hardware/${unrelated.id}`, {
      method: 'DELETE',
      token: company.accessToken,
    });
    expect(removed.status).toBe(204);
    expect((await machineOf(company, machineId)).hardware_asset_id).toBeNull();
    expect((await dashboard(company)).assets_monitored).toBe(0);
    const created = await createOk(company, { ...laptop, serial_number: SERIAL });
    expect(created.machine_id).toBe(machineId);
  });

  it('does not link a machine a person unlinked, nor one of another organisation with the same serial', async () => {
    const other = await companyWithMachine();
    await reportedSerial(other.company, SERIAL, other.machineId);
    const company = await signUpCompany();
    expect((await createOk(company, { ...laptop, serial_number: SERIAL })).machine_id).toBeNull();
    expect((await machineOf(other.company, other.machineId)).hardware_asset_id).toBeNull();

    await post(other.company, `/api/agents/${other.machineId}/unlink`);
    expect((await createOk(other.company, { ...laptop, serial_number: SERIAL })).machine_id).toBeNull();
  });

  it('links imported rows to the machines that reported their serials', async () => {
    const { company, key, machineId } = await companyWithMachine();
    const second = machine({ machine_id: 'MACHINE-GUID-2', hostname: 'SALES-PC-02', service_tag: 'ABC777' });
    expect((await sendReport(key, second)).status).toBe(202);
    await reportedSerial(company, SERIAL, machineId);
    await reportedSerial(company, 'ABC777', second.machine_id);
    const csv = [
      'asset_type,manufacturer,model,serial_number,status,ram_gb',
      `Laptop,Dell,Latitude 5440,${SERIAL},Active,8`,
      'Laptop,Dell,Latitude 5440,NOT-REPORTED,Active,8',
      'Desktop,HP,EliteDesk,abc777,Active,',
    ].join('\n');
    const imported = await importCsv(company, csv);
    expect(imported).toMatchObject({ success: 3, failed: 0 });
    const first = await machineOf(company, machineId);
    const secondLinked = await machineOf(company, second.machine_id);
    expect(first.hardware_asset_id).toEqual(expect.any(String));
    expect(await detail(company, first.hardware_asset_id!)).toMatchObject({
      ram_gb: 8,
      serial_number: SERIAL,
    });
    expect(await detail(company, secondLinked.hardware_asset_id!)).toMatchObject({ ram_gb: 16 });
    expect(await dashboard(company)).toMatchObject({
      total_hardware: 3,
      assets_monitored: 2,
      assets_not_monitored: 1,
      machines_not_in_inventory: 0,
    });
  });

  it('unlinks the asset and removes the lookups when its machine is deleted', async () => {
    const { company, machineId } = await companyWithMachine();
    await reportedSerial(company, SERIAL, machineId);
    const asset = await createOk(company, { ...laptop, serial_number: SERIAL });
    expect(asset.machine_id).toBe(machineId);
    const deleted = await api(`/api/agents/${machineId}`, { method: 'DELETE', token: company.accessToken });
    expect(deleted.status).toBe(204);
    expect(await detail(company, asset.id)).toMatchObject({ machine_id: null, agent: null });
    const organizationId = await organizationIdOf(company);
    expect(await tableItem(machineLinks.key(organizationId, machineId))).toBeUndefined();
    expect(await tableItem(machineSerials.key(organizationId, SERIAL))).toBeUndefined();
    expect(await dashboard(company)).toMatchObject({ assets_monitored: 0, agents: 0 });
  });
});
