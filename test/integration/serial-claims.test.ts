import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { recordAgentReport } from '../../functions/agent-reports/service';
import { getAgentMachine } from '../../functions/agents/service';
import { createHardwareAsset, getHardwareAsset } from '../../functions/hardware/service';
import { migrateSerialClaims } from '../../functions/inventory/serial-claims';
import { getItem, listAll, remove, send, put } from '../../functions/lib/table/commands';
import {
  hardwareAssetItemSchema,
  hardwareAssets,
  hardwareIdentifierItemSchema,
  hardwareIdentifiers,
} from '../../functions/lib/table/items/hardware';
import { agentReportSchema, type AgentReportInput } from '../../shared/agent-data';
import { hardwareAssetInputSchema, type HardwareAssetFormValues } from '../../shared/hardware';
import { useFunctionEnv } from '../support/api';
import { enrolInProcess, machine } from '../support/agents';

/**
 * One normal form for "the same serial" (issue 36): an asset entered with `5CG  1234XYZ` (two
 * spaces) is the machine reporting `5CG 1234XYZ`. Before, the asset's claim kept the inner spaces
 * and the machine's lookup collapsed them, so auto-add made a second asset for the one device.
 */
describe('serial claims', () => {
  useFunctionEnv();

  const person = { email: 'it@acme.test' };
  const at = (minutes: number) => new Date(Date.parse('2026-12-02T10:00:00Z') + minutes * 60_000);

  async function asset(organizationId: string, fields: Partial<HardwareAssetFormValues>) {
    const input = hardwareAssetInputSchema.parse({ asset_type: 'Laptop', status: 'Active', ...fields });
    return createHardwareAsset(organizationId, input, person, at(0));
  }

  async function report(organizationId: string, overrides: Partial<AgentReportInput>, autoAdd: boolean) {
    const identity = { machine_id: overrides.machine_id ?? 'MACHINE-GUID-1', hostname: 'FINANCE-PC-01' };
    const device = await enrolInProcess(organizationId, identity, at(5));
    const caller = { ...device, autoAddMachines: autoAdd, assetLimit: 100 };
    await recordAgentReport(caller, agentReportSchema.parse(machine(overrides)), at(6));
  }

  const assetsOf = (organizationId: string) =>
    listAll(hardwareAssetItemSchema, hardwareAssets.ofOrganization(organizationId), { consistent: true });
  const serialClaims = (organizationId: string) =>
    listAll(hardwareIdentifierItemSchema, hardwareIdentifiers.ofKind(organizationId, 'serial_number'), {
      consistent: true,
    });

  it('links a machine to the asset whose serial has other spacing, and auto-add adds no second asset', async () => {
    const organizationId = ulid();
    const laptop = await asset(organizationId, { serial_number: '5CG  1234XYZ' });
    await report(organizationId, { service_tag: '5CG 1234XYZ' }, true);

    expect(await assetsOf(organizationId)).toHaveLength(1);
    expect((await getAgentMachine(organizationId, 'MACHINE-GUID-1')).hardware_asset_id).toBe(laptop.id);
    // The person's spelling stays on the record; the claim is the serial's one form.
    expect(await getHardwareAsset(organizationId, laptop.id)).toMatchObject({
      serial_number: '5CG  1234XYZ',
      machine_id: 'MACHINE-GUID-1',
    });
    expect((await serialClaims(organizationId)).map((claim) => claim.value)).toEqual(['5cg 1234xyz']);
  });

  it('refuses a second asset whose serial differs only in spacing and case', async () => {
    const organizationId = ulid();
    await asset(organizationId, { serial_number: '5CG 1234XYZ' });
    await expect(asset(organizationId, { serial_number: ' 5cg\t 1234xyz' })).rejects.toMatchObject({
      statusCode: 409,
    });
    expect(await assetsOf(organizationId)).toHaveLength(1);
  });

  /** Puts an asset's serial claim back the way it was made before issue 36: trimmed and lower-cased. */
  async function claimTheOldWay(organizationId: string, assetId: string, serial: string) {
    const claims = await serialClaims(organizationId);
    const current = claims.find((claim) => claim.asset_id === assetId);
    if (current) await send(remove(hardwareIdentifiers.key(organizationId, current)));
    await send(
      put(
        hardwareIdentifiers.item({
          organization_id: organizationId,
          kind: 'serial_number',
          value: serial.trim().toLowerCase(),
          asset_id: assetId,
        }),
      ),
    );
  }

  it('migrates claims made the old way, once, and reports a clash instead of moving it', async () => {
    const organizationId = ulid();
    const laptop = await asset(organizationId, { serial_number: '5CG  1234XYZ' });
    const desktop = await asset(organizationId, { serial_number: 'CZC 55  AB' });
    await claimTheOldWay(organizationId, laptop.id, '5CG  1234XYZ');
    await claimTheOldWay(organizationId, desktop.id, 'CZC 55  AB');
    // Two assets entered with different spacing before the fix: one device's serial, twice.
    const twin = await asset(organizationId, { serial_number: 'MXL 777' });
    await claimTheOldWay(organizationId, twin.id, 'MXL  777');
    const original = await asset(organizationId, { serial_number: 'MXL 777 ' });

    const first = await migrateSerialClaims({ only: [organizationId] });
    expect(first).toMatchObject({ organizations: 1, claims: 4, moved: 2 });
    expect(first?.clashes).toEqual([
      { organization_id: organizationId, serial: 'mxl  777', asset_id: twin.id },
    ]);
    const byValue = new Map(
      (await serialClaims(organizationId)).map((claim) => [claim.value, claim.asset_id]),
    );
    expect(Object.fromEntries(byValue)).toEqual({
      '5cg 1234xyz': laptop.id,
      'czc 55 ab': desktop.id,
      'mxl 777': original.id,
      'mxl  777': twin.id,
    });

    // Again: nothing more to move, the clash still said.
    const second = await migrateSerialClaims({ only: [organizationId] });
    expect(second).toMatchObject({ claims: 4, moved: 0, clashes: [{ asset_id: twin.id }] });

    // The migrated claim is what a machine's report finds.
    await report(organizationId, { service_tag: '5CG 1234XYZ' }, true);
    expect((await getHardwareAsset(organizationId, laptop.id)).machine_id).toBe('MACHINE-GUID-1');
    expect(await assetsOf(organizationId)).toHaveLength(4);
    expect(
      await getItem(
        hardwareIdentifierItemSchema,
        hardwareIdentifiers.key(organizationId, { kind: 'serial_number', value: '5cg  1234xyz' }),
        { consistent: true },
      ),
    ).toBeNull();
  });
});
