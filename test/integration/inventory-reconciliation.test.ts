import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { recordAgentReport } from '../../functions/agent-reports/service';
import { getAgentMachine } from '../../functions/agents/service';
import { createHardwareAsset, getHardwareAsset } from '../../functions/hardware/service';
import { getItem, listAll } from '../../functions/lib/table/commands';
import { readCounters } from '../../functions/lib/table/counters';
import { LINKED_MACHINES_COUNTER } from '../../functions/inventory/counts';
import { auditLogItemSchema, auditLogs } from '../../functions/lib/table/items/audit';
import { machineLinkItemSchema, machineLinks } from '../../functions/lib/table/items/inventory';
import { agentReportSchema, type AgentReportInput } from '../../shared/agent-data';
import { DUPLICATE_SILENCE_DAYS } from '../../shared/machine-duplicates';
import { hardwareAssetInputSchema, type HardwareAssetFormValues } from '../../shared/hardware';
import { api, organizationIdOf, signUpCompany, useFunctionEnv } from '../support/api';
import { enrolInProcess, machine } from '../support/agents';

/**
 * One record per device (issue 27): a reporting machine is linked to its organisation's hardware
 * asset with the same cleaned serial number, in the transaction of the report that first carries it.
 */
describe('reconciliation by serial number', () => {
  useFunctionEnv();

  const person = { email: 'it@acme.test' };
  const at = (minutes: number) => new Date(Date.parse('2026-11-23T10:00:00Z') + minutes * 60_000);

  async function asset(organizationId: string, fields: Partial<HardwareAssetFormValues>) {
    const input = hardwareAssetInputSchema.parse({ asset_type: 'Laptop', status: 'Active', ...fields });
    return createHardwareAsset(organizationId, input, person, at(0));
  }

  async function report(organizationId: string, overrides: Partial<AgentReportInput>, minutes: number) {
    const identity = { machine_id: overrides.machine_id ?? 'MACHINE-GUID-1', hostname: 'ENROLLED-PC' };
    const device = await enrolInProcess(organizationId, identity, at(minutes));
    await recordAgentReport(device, agentReportSchema.parse(machine(overrides)), at(minutes + 1));
    return device;
  }

  const linkOf = (organizationId: string, machineId: string) =>
    getItem(machineLinkItemSchema, machineLinks.key(organizationId, machineId), { consistent: true });

  it('links on the first report, fills only the empty fields, and audits it', async () => {
    const organizationId = ulid();
    // A laptop imported before its agent: a person entered its CPU and RAM, not its model.
    const laptop = await asset(organizationId, {
      serial_number: '5cg1234xyz',
      manufacturer: 'HP',
      cpu: 'Core i7 (as bought)',
      ram_gb: 8,
    });
    await report(organizationId, { service_tag: '  5CG1234XYZ ' }, 5);

    expect((await getAgentMachine(organizationId, 'MACHINE-GUID-1')).hardware_asset_id).toBe(laptop.id);
    const linked = await getHardwareAsset(organizationId, laptop.id);
    expect(linked).toMatchObject({
      machine_id: 'MACHINE-GUID-1',
      // A person's entries stay; what was empty comes from the agent.
      cpu: 'Core i7 (as bought)',
      ram_gb: 8,
      manufacturer: 'HP',
      model: 'EliteBook 840 G10',
      storage_gb: 475,
      os: 'Windows 11 Pro 23H2',
      version: laptop.version + 1,
    });
    expect((await readCounters(organizationId))[LINKED_MACHINES_COUNTER]).toBe(1);
    const audit = await listAll(auditLogItemSchema, auditLogs.ofOrganization(organizationId), {
      consistent: true,
    });
    expect(audit.find((entry) => entry.changes.monitored_machine)).toMatchObject({
      entity_type: 'hardware_asset',
      entity_id: laptop.id,
      action: 'updated',
      changed_by: 'Monitoring agent (FINANCE-PC-01)',
      changes: {
        monitored_machine: { old: null, new: 'FINANCE-PC-01 (MACHINE-GUID-1)' },
        model: { old: null },
      },
    });

    // Later reports change nothing of the link, nor of the record.
    await report(organizationId, { service_tag: '5CG1234XYZ', memory_total_gb: 32 }, 40);
    expect(await getHardwareAsset(organizationId, laptop.id)).toMatchObject({
      ram_gb: 8,
      version: laptop.version + 1,
    });
  });

  it('never matches a placeholder serial', async () => {
    const organizationId = ulid();
    const placeholder = await asset(organizationId, { serial_number: 'To Be Filled By O.E.M.' });
    const zeros = await asset(organizationId, { serial_number: '0' });
    await report(organizationId, { service_tag: 'To Be Filled By O.E.M.' }, 5);
    await report(organizationId, { machine_id: 'MACHINE-GUID-2', service_tag: '0' }, 6);
    expect((await getAgentMachine(organizationId, 'MACHINE-GUID-1')).hardware_asset_id).toBeNull();
    expect((await getAgentMachine(organizationId, 'MACHINE-GUID-2')).hardware_asset_id).toBeNull();
    expect((await getHardwareAsset(organizationId, placeholder.id)).machine_id).toBeNull();
    expect((await getHardwareAsset(organizationId, zeros.id)).machine_id).toBeNull();
  });

  it('continues the same record when a reinstalled computer reports under a new machine id', async () => {
    const organizationId = ulid();
    const laptop = await asset(organizationId, { serial_number: '5CG1234XYZ' });
    await report(organizationId, { machine_id: 'OLD-INSTALL' }, 5);
    // Its old install silent for the whole DUPLICATE_SILENCE_DAYS (issue 35; sooner, machine-duplicates.test.ts).
    await report(organizationId, { machine_id: 'NEW-INSTALL' }, 6 + DUPLICATE_SILENCE_DAYS * 24 * 60);
    expect((await getHardwareAsset(organizationId, laptop.id)).machine_id).toBe('NEW-INSTALL');
    expect((await getAgentMachine(organizationId, 'NEW-INSTALL')).hardware_asset_id).toBe(laptop.id);
    expect(await linkOf(organizationId, 'OLD-INSTALL')).toMatchObject({ replaced_by: 'NEW-INSTALL' });
    expect((await getAgentMachine(organizationId, 'OLD-INSTALL')).hardware_asset_id).toBeNull();
    // Still one device: the counter moved once.
    expect((await readCounters(organizationId))[LINKED_MACHINES_COUNTER]).toBe(1);
  });

  it("never links to another organisation's asset with the same serial", async () => {
    const owner = ulid();
    const stranger = ulid();
    const laptop = await asset(owner, { serial_number: '5CG1234XYZ' });
    await report(stranger, {}, 5);
    expect((await getAgentMachine(stranger, 'MACHINE-GUID-1')).hardware_asset_id).toBeNull();
    expect((await getHardwareAsset(owner, laptop.id)).machine_id).toBeNull();
  });

  it('adds a new machine to the inventory when the organisation says so', async () => {
    const company = await signUpCompany();
    const organizationId = await organizationIdOf(company);
    const setting = await api('/api/organization', {
      method: 'PATCH',
      token: company.accessToken,
      body: { auto_add_machines: true },
    });
    expect(setting.body).toMatchObject({ auto_add_machines: true });
    await report(
      organizationId,
      { service_tag: 'PF3ABC12', model: 'ThinkPad T14 Gen 4', manufacturer: 'LENOVO' },
      5,
    );
    const { hardware_asset_id } = await getAgentMachine(organizationId, 'MACHINE-GUID-1');
    expect(hardware_asset_id).not.toBeNull();
    expect(await getHardwareAsset(organizationId, hardware_asset_id!)).toMatchObject({
      asset_type: 'Laptop',
      serial_number: 'PF3ABC12',
      manufacturer: 'LENOVO',
      model: 'ThinkPad T14 Gen 4',
      machine_id: 'MACHINE-GUID-1',
      status: 'Active',
    });
    const audit = await listAll(auditLogItemSchema, auditLogs.ofOrganization(organizationId), {
      consistent: true,
    });
    expect(
      audit.filter((entry) => entry.action === 'created' && entry.entity_type === 'hardware_asset'),
    ).toHaveLength(1);
    // A machine already known is not added again by later reports.
    await report(
      organizationId,
      { service_tag: 'PF3ABC12', model: 'ThinkPad T14 Gen 4', manufacturer: 'LENOVO' },
      40,
    );
    expect((await readCounters(organizationId))[LINKED_MACHINES_COUNTER]).toBe(1);
  });
});
