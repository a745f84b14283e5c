import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { recordAgentReport } from '../../functions/agent-reports/service';
import { listAll } from '../../functions/lib/table/commands';
import { TTL_ATTRIBUTE } from '../../functions/lib/table/definition';
import { auditLogItemSchema, auditLogs } from '../../functions/lib/table/items/audit';
import { machineChangeSetItemSchema, machineChangeSets } from '../../functions/lib/table/items/inventory';
import {
  programVersions,
  softwareInstallationItemSchema,
  softwareInstallations,
  softwareProgramItemSchema,
  softwarePrograms,
} from '../../functions/lib/table/items/software';
import { agentReportSchema, type AgentReportInput } from '../../shared/agent-data';
import { CHANGE_RETENTION_DAYS, programKey } from '../../shared/inventory';
import { useFunctionEnv } from '../support/api';
import { enrolInProcess, machine } from '../support/agents';

/**
 * The machine timeline (issue 27): each report is compared with the machine's previous state; what
 * changed is stored once, as change events, software installs and removals also in the audit trail,
 * and the software inventory follows. Recorded through the report service in-process.
 */
describe('the machine timeline', () => {
  useFunctionEnv();

  const software = [
    { name: 'Google Chrome', version: '120.0.6099.110' },
    { name: '7-Zip', version: '23.01' },
    { name: 'Zoom Workplace', version: '5.17.0' },
  ];

  /** The machine after its changes: renamed, upgraded, Chrome updated, Slack in, Zoom out (disks used more: no change). */
  function changedState(): Partial<AgentReportInput> {
    return {
      hostname: 'FINANCE-PC-02',
      os_version: 'Windows 11 Pro 24H2',
      memory_total_gb: 32,
      cpu_info: {
        processor: 'Intel Core Ultra 7 165U',
        architecture: 'x64',
        cores_physical: 12,
        cores_logical: 14,
      },
      storage_info: [
        { device: 'C:', mountpoint: 'C:\\', used_gb: 181, total_gb: 475, percent: 38 },
        { device: 'D:', mountpoint: 'D:\\', used_gb: 10, total_gb: 931, percent: 1 },
      ],
      installed_software: [
        { name: 'Slack', version: '4.36.140' },
        { name: 'Google Chrome', version: '121.0.6167.85' },
        { name: '7-Zip', version: '23.01' },
      ],
    };
  }

  async function setUp() {
    const organizationId = ulid();
    const device = await enrolInProcess(organizationId);
    let clock = Date.parse('2026-11-23T10:00:00Z');
    const report = (overrides: Partial<AgentReportInput>) => {
      clock += 30 * 60_000;
      return recordAgentReport(device, agentReportSchema.parse(machine(overrides)), new Date(clock));
    };
    const changeSets = () =>
      listAll(machineChangeSetItemSchema, machineChangeSets.ofMachine(organizationId, device.machineId), {
        consistent: true,
      });
    const programs = async () =>
      new Map(
        (
          await listAll(softwareProgramItemSchema, softwarePrograms.ofOrganization(organizationId), {
            consistent: true,
          })
        ).map((program) => [
          program.program_key,
          { machines: program.machines, versions: programVersions(program) },
        ]),
      );
    return { organizationId, device, report, changeSets, programs };
  }

  it('stores nothing for a first report, and no phantom change from order, case or spacing', async () => {
    const { report, changeSets, programs } = await setUp();
    await report({ installed_software: software });
    expect(await changeSets()).toEqual([]);
    expect((await programs()).get(programKey('Google Chrome'))).toEqual({
      machines: 1,
      versions: [{ version: '120.0.6099.110', machines: 1 }],
    });

    await report({
      installed_software: [
        { name: ' zoom   workplace', version: '5.17.0 ' },
        { name: 'GOOGLE CHROME', version: '120.0.6099.110' },
        { name: '7-Zip', version: '23.01' },
      ],
      logged_in_user: 'acme\\JANE',
      hostname: 'finance-pc-01',
      storage_info: [{ device: 'C:', mountpoint: 'C:\\', used_gb: 190.4, total_gb: 475.2, percent: 40 }],
    });
    expect(await changeSets()).toEqual([]);
    expect((await programs()).get(programKey('Zoom Workplace'))?.machines).toBe(1);
  });

  it('finds each kind of change once, newest first, kept for the retention period', async () => {
    const { organizationId, report, changeSets, programs } = await setUp();
    await report({ installed_software: software });
    await report({ ...changedState(), logged_in_user: 'ACME\\john' });
    const [set, ...others] = await changeSets();
    expect(others).toEqual([]);
    const changes = set!.changes.map(
      ({ kind, detail }) => `${kind}: ${detail.subject} ${detail.from} → ${detail.to}`,
    );
    expect(changes.sort()).toEqual(
      [
        'hostname_changed: hostname FINANCE-PC-01 → FINANCE-PC-02',
        'user_changed: user ACME\\jane → ACME\\john',
        'os_changed: os Windows 11 Pro 23H2 (10.0.22631.4460) → Windows 11 Pro 24H2 (10.0.22631.4460)',
        'hardware_changed: memory 16 GB → 32 GB',
        'hardware_changed: cpu Intel Core i7-1365U (12 threads) → Intel Core Ultra 7 165U (14 threads)',
        'hardware_changed: disks C: 475 GB → C: 475 GB, D: 931 GB',
        'software_changed: Google Chrome 120.0.6099.110 → 121.0.6167.85',
        'software_installed: Slack null → 4.36.140',
        'software_removed: Zoom Workplace 5.17.0 → null',
      ].sort(),
    );
    const retention = Date.parse(set!.at) / 1000 + CHANGE_RETENTION_DAYS * 86_400;
    expect(set![TTL_ATTRIBUTE]).toBe(Math.floor(retention));

    // A user signing out is not a change; the same state again changes nothing.
    await report({ ...changedState(), logged_in_user: null });
    expect(await changeSets()).toHaveLength(1);

    // Installs, removals and updates are in the audit trail: one software installation entry.
    const audit = await listAll(auditLogItemSchema, auditLogs.ofOrganization(organizationId), {
      consistent: true,
    });
    expect(audit.filter((entry) => entry.entity_type === 'software_installation')).toEqual([
      expect.objectContaining({
        action: 'updated',
        entity_label:
          'Software on FINANCE-PC-02: installed Slack 4.36.140; removed Zoom Workplace 5.17.0; updated Google Chrome 121.0.6167.85',
        changed_by: 'Monitoring agent (FINANCE-PC-02)',
        changes: {
          installed: { old: null, new: ['Slack 4.36.140'] },
          removed: { old: ['Zoom Workplace 5.17.0'], new: null },
          updated: { old: ['Google Chrome 120.0.6099.110'], new: ['Google Chrome 121.0.6167.85'] },
        },
      }),
    ]);

    // The software inventory follows: Zoom gone, Slack in, Chrome on its new version only.
    const inventory = await programs();
    expect(inventory.get(programKey('Zoom Workplace'))).toEqual({ machines: 0, versions: [] });
    expect(inventory.get(programKey('Slack'))).toEqual({
      machines: 1,
      versions: [{ version: '4.36.140', machines: 1 }],
    });
    expect(inventory.get(programKey('Google Chrome'))?.versions).toEqual([
      { version: '121.0.6167.85', machines: 1 },
    ]);
    const chrome = await listAll(
      softwareInstallationItemSchema,
      softwareInstallations.ofProgram(organizationId, programKey('Google Chrome')),
      { consistent: true },
    );
    // Since when the machine has Chrome: its first report, whatever the version now.
    expect(chrome).toMatchObject([{ versions: ['121.0.6167.85'], since: '2026-11-23T10:30:00.000Z' }]);
  });

  it('keeps two machines apart in the inventory, and a collector that failed changes nothing', async () => {
    const { organizationId, report, changeSets, programs } = await setUp();
    const other = await enrolInProcess(organizationId, { machine_id: 'MACHINE-GUID-2', hostname: 'PC-2' });
    await report({ installed_software: software });
    await recordAgentReport(
      other,
      agentReportSchema.parse(
        machine({ machine_id: 'MACHINE-GUID-2', installed_software: software.slice(0, 1) }),
      ),
      new Date('2026-11-23T10:40:00Z'),
    );
    expect((await programs()).get(programKey('Google Chrome'))?.machines).toBe(2);
    await report({
      installed_software: [],
      collection_errors: [{ section: 'installed_software', message: 'PowerShell timed out' }],
    });
    expect(await changeSets()).toEqual([]);
    expect((await programs()).get(programKey('Google Chrome'))?.machines).toBe(2);
  });
});
