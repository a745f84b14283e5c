import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { recordAgentReport } from '../../functions/agent-reports/service';
import { getAgentMachine } from '../../functions/agents/service';
import { createHardwareAsset } from '../../functions/hardware/service';
import { countAssets } from '../../functions/lib/plan-limits';
import { put, send } from '../../functions/lib/table/commands';
import { limitGuards } from '../../functions/lib/table/items/organizations';
import { agentReportSchema } from '../../shared/agent-data';
import { hardwareAssetInputSchema } from '../../shared/hardware';
import { useFunctionEnv } from '../support/api';
import { enrolInProcess, machine } from '../support/agents';

/**
 * Issue 36 item 2: an agent's auto-add counts and writes under the plan's asset guard, with terms
 * of its own: a short wait and a silent outcome (the report is recorded, the machine not added).
 */
describe('auto-add under the asset guard', () => {
  useFunctionEnv();
  const at = (minutes: number) => new Date(Date.parse('2026-12-02T10:00:00Z') + minutes * 60_000);
  const LIMIT = 2;

  async function organisationOneBelowItsLimit() {
    const organizationId = ulid();
    const input = hardwareAssetInputSchema.parse({ asset_type: 'Laptop', status: 'Active' });
    await createHardwareAsset(organizationId, input, { email: 'it@acme.test' }, at(0));
    expect(await countAssets(organizationId)).toBe(LIMIT - 1);
    return organizationId;
  }

  async function enrolled(organizationId: string, index: number) {
    const identity = { machine_id: `MACHINE-${index}`, hostname: `PC-${index}` };
    const device = await enrolInProcess(organizationId, identity, at(5));
    return { ...device, autoAddMachines: true, assetLimit: LIMIT };
  }

  const firstReport = (index: number) =>
    agentReportSchema.parse(
      machine({ machine_id: `MACHINE-${index}`, hostname: `PC-${index}`, service_tag: `SERIAL-${index}` }),
    );

  it('adds one machine of two first reports sent at once, one asset below the limit', async () => {
    const organizationId = await organisationOneBelowItsLimit();
    const callers = await Promise.all([1, 2].map((index) => enrolled(organizationId, index)));
    await Promise.all(callers.map((caller, at0) => recordAgentReport(caller, firstReport(at0 + 1), at(6))));

    expect(await countAssets(organizationId)).toBe(LIMIT);
    const machines = await Promise.all(
      [1, 2].map((index) => getAgentMachine(organizationId, `MACHINE-${index}`)),
    );
    expect(machines.filter((item) => item.hardware_asset_id !== null)).toHaveLength(1);
  });

  it('records a report without the add while the guard is held (a long import)', async () => {
    const organizationId = await organisationOneBelowItsLimit();
    const caller = await enrolled(organizationId, 1);
    await send(
      put({
        ...limitGuards.key(organizationId, 'assets'),
        holder: 'an import',
        lease_until: Date.now() + 60_000,
      }),
    );
    await expect(recordAgentReport(caller, firstReport(1), at(6))).resolves.toBeUndefined();

    expect(await countAssets(organizationId)).toBe(LIMIT - 1);
    expect(await getAgentMachine(organizationId, 'MACHINE-1')).toMatchObject({
      machine_id: 'MACHINE-1',
      hardware_asset_id: null,
    });
  });
});
