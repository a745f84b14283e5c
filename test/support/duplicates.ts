import { expect } from 'vitest';
import type { AgentListResponse, AgentMachine } from '../../shared/agent-data';
import type { HardwareAsset } from '../../shared/hardware';
import type { AgentLinkResponse, HardwareAssetDetail } from '../../shared/inventory';
import type { DuplicateDecisionRequest } from '../../shared/machine-duplicates';
import { api, createHardwareAsset, signUpCompany, type TestCompany } from './api';
import { createKey, machine, reportAccepted } from './agents';

/**
 * A serial takeover attempt (issue 35, item 3), through the real routes: an organisation's laptop is
 * an asset linked to its real machine, and a second device enrolled with the same key reports that
 * laptop's serial number from a new machine id.
 */

export const TAKEN_SERIAL = '5CG1234XYZ';
export const REAL = { machine_id: 'REAL-MACHINE', hostname: 'FINANCE-PC-01' };
export const ROGUE = { machine_id: 'ROGUE-MACHINE', hostname: 'ROGUE-PC' };

export interface TakeoverAttempt {
  company: TestCompany;
  key: string;
  asset: HardwareAsset;
}

/** The real machine reports (and is linked), then the rogue one reports the same serial. */
export async function serialTakeoverAttempt(company?: TestCompany): Promise<TakeoverAttempt> {
  const owner = company ?? (await signUpCompany());
  const { key } = await createKey(owner);
  // 8 GB by hand: the real machine's 16 GB is a difference the editor would offer to Accept.
  const asset = await createHardwareAsset(owner, {
    serial_number: TAKEN_SERIAL,
    model: 'EliteBook 840 G10',
    ram_gb: 8,
  });
  await reportAccepted(key, machine({ ...REAL, service_tag: TAKEN_SERIAL }));
  expect((await machineDetail(owner, REAL.machine_id)).hardware_asset_id).toBe(asset.id);
  await reportAccepted(
    key,
    machine({ ...ROGUE, service_tag: TAKEN_SERIAL, memory_total_gb: 64, logged_in_user: 'EVIL\\mallory' }),
  );
  return { company: owner, key, asset };
}

export async function machineDetail(company: TestCompany, machineId: string): Promise<AgentMachine> {
  const response = await api<AgentMachine>(`/api/agents/${encodeURIComponent(machineId)}`, {
    token: company.accessToken,
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

export async function assetDetail(company: TestCompany, id: string): Promise<HardwareAssetDetail> {
  return (await api<HardwareAssetDetail>(`/api/hardware/${id}`, { token: company.accessToken })).body;
}

export async function fleet(company: TestCompany, query = ''): Promise<AgentListResponse> {
  return (await api<AgentListResponse>(`/api/agents${query}`, { token: company.accessToken })).body;
}

/** An admin's decision on the newcomer (POST /api/agents/{machine_id}/duplicate). */
export function decide(
  token: string,
  machineId: string,
  body: DuplicateDecisionRequest | Record<string, unknown>,
) {
  return api<AgentLinkResponse & { error?: { code: string; message: string } }>(
    `/api/agents/${encodeURIComponent(machineId)}/duplicate`,
    { method: 'POST', token, body },
  );
}
