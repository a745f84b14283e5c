import { expect } from 'vitest';
import { API_KEY_HEADER, type AgentReportInput } from '../../shared/agent-data';
import type { CreatedApiKey } from '../../shared/api-keys';
import { api, type TestCompany } from './api';
import type { SendRequest } from './stack-client';

/** An organisation's new agent API key, made through the API: the whole key is in this answer only. */
export async function createKey(company: TestCompany, send: SendRequest = api): Promise<CreatedApiKey> {
  const response = await send<CreatedApiKey>('/api/api-keys', {
    method: 'POST',
    token: company.accessToken,
    body: {},
  });
  expect(response.status).toBe(201);
  return response.body;
}

/**
 * Sends a report as an agent does, with the credential an agent holds: the one place that says how
 * a report authenticates, so tests follow it when that changes.
 */
export function sendReport(credential: string, body: unknown, send: SendRequest = api) {
  return send('/api/agent/report', { method: 'POST', headers: { [API_KEY_HEADER]: credential }, body });
}

/** A Windows laptop's report, as the agent sends it, with what a test changes. */
export function machine(overrides: Partial<AgentReportInput> = {}): AgentReportInput {
  return {
    machine_id: 'MACHINE-GUID-1',
    hostname: 'FINANCE-PC-01',
    os_type: 'Windows',
    os_version: 'Windows 11 Pro 23H2',
    service_tag: '5CG1234XYZ',
    logged_in_user: 'ACME\\jane',
    agent_version: '1.0.0',
    update_available: false,
    memory_total_gb: 16,
    cpu_info: {
      processor: 'Intel Core i7-1365U',
      architecture: 'x64',
      cores_physical: 10,
      cores_logical: 12,
    },
    storage_info: [{ device: 'C:', mountpoint: 'C:\\', used_gb: 180, total_gb: 475, percent: 37.9 }],
    shared_folders: [{ name: 'Scans', path: 'D:\\Scans' }],
    printers: [{ name: 'HP LaserJet', driver: 'HP Universal', network: true, shared: false }],
    installed_software: [{ name: '7-Zip', version: '23.01' }],
    ...overrides,
  };
}
