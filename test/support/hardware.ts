import { expect } from 'vitest';
import type { DashboardResponse } from '../../shared/api';
import type { AuditLogListResponse } from '../../shared/audit';
import { HARDWARE_FIELDS, type HardwareAsset, type HardwareListResponse } from '../../shared/hardware';
import { api, type TestCompany } from './api';
import type { SendRequest } from './stack-client';

/**
 * The hardware API as the hardware, audit and import tests call it. Bodies go as a client might send
 * them, valid or not (createHardwareAsset in ./api takes typed form values instead). Calls go over
 * HTTP to the run's stack unless given callHandler (./handlers.ts).
 */

/** The asset the tests start from and vary: an Active Dell laptop. */
export const laptop = {
  asset_type: 'Laptop',
  manufacturer: 'Dell',
  model: 'Latitude 5440',
  status: 'Active',
};

/** What an edit sends: the editable fields only (the API refuses the read-only ones by name). */
export function editableFields(
  asset: HardwareAsset,
): Partial<Record<(typeof HARDWARE_FIELDS)[number], unknown>> {
  return Object.fromEntries(HARDWARE_FIELDS.map((field) => [field, asset[field]]));
}

export async function create(company: TestCompany, body: Record<string, unknown>, send: SendRequest = api) {
  return send<HardwareAsset>('/api/hardware', { method: 'POST', token: company.accessToken, body });
}

export async function createOk(
  company: TestCompany,
  body: Record<string, unknown> = laptop,
  send: SendRequest = api,
): Promise<HardwareAsset> {
  const response = await create(company, body, send);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

export async function list(company: TestCompany, query = '', send: SendRequest = api) {
  return send<HardwareListResponse>(`/api/hardware${query}`, { token: company.accessToken });
}

/** The organisation's first 100 assets, newest first; the list must answer. */
export async function listAssets(company: TestCompany): Promise<HardwareAsset[]> {
  const response = await list(company, '?limit=100');
  expect(response.status).toBe(200);
  return response.body.items;
}

export async function dashboard(company: TestCompany, send: SendRequest = api): Promise<DashboardResponse> {
  return (await send<DashboardResponse>('/api/dashboard', { token: company.accessToken })).body;
}

export async function auditLogs(company: TestCompany, send: SendRequest = api) {
  return (await send<AuditLogListResponse>('/api/audit-logs', { token: company.accessToken })).body.items;
}
