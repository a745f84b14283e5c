import { expect } from 'vitest';
import {
  API_KEY_HEADER,
  DEVICE_TOKEN_PATTERN,
  type AgentEnrollmentResponse,
  type AgentReportInput,
} from '../../shared/agent-data';
import type { CreatedApiKey } from '../../shared/api-keys';
import type { DeviceCaller } from '../../functions/lib/agent-caller';
import { api, type ApiResponse, type TestCompany } from './api';
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

/** A Windows laptop's report, as the agent sends it, with what a test changes. */
export function machine(overrides: Partial<AgentReportInput> = {}): AgentReportInput {
  return {
    machine_id: 'MACHINE-GUID-1',
    hostname: 'FINANCE-PC-01',
    os_type: 'Windows',
    os_version: 'Windows 11 Pro 23H2',
    service_tag: '5CG1234XYZ',
    logged_in_user: 'ACME\\jane',
    manufacturer: 'HP',
    model: 'EliteBook 840 G10',
    bios_version: 'V70 Ver. 01.05.00',
    os_build: '10.0.22631.4460',
    domain: 'ACME',
    last_boot: '2026-11-23T07:58:12.000Z',
    ipv4_addresses: ['10.20.30.41'],
    mac_addresses: ['3C:52:82:1A:2B:3C'],
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

/** Every section of a report sent empty, as a broken collector would: what the wipe tests send. */
export const EMPTY_SECTIONS = {
  os_version: null,
  service_tag: null,
  logged_in_user: null,
  manufacturer: null,
  model: null,
  bios_version: null,
  os_build: null,
  domain: null,
  last_boot: null,
  ipv4_addresses: [],
  mac_addresses: [],
  memory_total_gb: null,
  cpu_info: null,
  storage_info: [],
  shared_folders: [],
  printers: [],
  installed_software: [],
} satisfies Partial<AgentReportInput>;

/** The Authorization header of an enrolled device's reports. */
export function deviceHeaders(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}

/**
 * The token each machine's device was last enrolled with in this process, by machine_id and then
 * by organisation (the token names its organisation): what the device sends when it enrols again,
 * as the agent does, to prove it is the enrolled device (issue 35).
 */
const currentTokens = new Map<string, Map<string, string>>();

/** The organisation each API key enrolled a device in, learnt from the token it got. */
const keyOrganizations = new Map<string, string>();

function organizationOfToken(token: string): string {
  const organizationId = DEVICE_TOKEN_PATTERN.exec(token)?.[1];
  if (!organizationId) throw new Error(`Not a device token: ${token}`);
  return organizationId;
}

function rememberToken(machineId: string, token: string): string {
  const organizationId = organizationOfToken(token);
  const byOrganization = currentTokens.get(machineId) ?? new Map<string, string>();
  byOrganization.delete(organizationId);
  byOrganization.set(organizationId, token);
  currentTokens.set(machineId, byOrganization);
  return organizationId;
}

/**
 * The token the machine's device holds in `organizationId`, or, when the organisation is not known
 * (a key not used yet), the one it was enrolled with last: the agent keeps one token and sends it.
 */
function currentToken(machineId: string, organizationId: string | undefined): string | undefined {
  const byOrganization = currentTokens.get(machineId);
  if (!byOrganization) return undefined;
  if (organizationId) return byOrganization.get(organizationId);
  return [...byOrganization.values()].at(-1);
}

/**
 * Enrols a device with the organisation's API key, as the agent does first: its token, shown once.
 * A machine enrolled in this process before sends its current token with the key, as the agent
 * does, so enrolling it again replaces its token instead of being held for approval (issue 35).
 */
export async function enrollDevice(
  key: string,
  identity: Pick<AgentReportInput, 'machine_id' | 'hostname'> = machine(),
  send: SendRequest = api,
): Promise<string> {
  const held = currentToken(identity.machine_id, keyOrganizations.get(key));
  const response = await send<AgentEnrollmentResponse>('/api/agent/enroll', {
    method: 'POST',
    headers: { [API_KEY_HEADER]: key, ...(held ? deviceHeaders(held) : {}) },
    body: { machine_id: identity.machine_id, hostname: identity.hostname },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  keyOrganizations.set(key, rememberToken(identity.machine_id, response.body.device_token));
  return response.body.device_token;
}

/** Each key's devices already enrolled in this test file: a machine enrols once, then reports. */
const enrolled = new Map<string, string>();

/**
 * Reports `body` as the device of its machine_id (enrolled with `key` on its first report), as the
 * agent does. A body without a usable machine_id reports as the default machine's device.
 */
export async function sendReport<T = Record<string, unknown>>(
  key: string,
  body: unknown,
  send: SendRequest = api,
): Promise<ApiResponse<T>> {
  const token = await deviceTokenFor(key, body, send);
  return send<T>('/api/agent/report', { method: 'POST', headers: deviceHeaders(token), body });
}

/** Reports `body` (sendReport), which must be accepted. */
export async function reportAccepted(key: string, body: AgentReportInput): Promise<void> {
  const response = await sendReport(key, body);
  expect(response.status, JSON.stringify(response.body)).toBe(202);
}

/** The token of the device reporting `body` (sendReport's), enrolled with `key` when it is not yet. */
export async function deviceTokenFor(key: string, body: unknown, send: SendRequest = api): Promise<string> {
  const named = typeof body === 'object' && body !== null && 'machine_id' in body ? body.machine_id : null;
  const machineId = typeof named === 'string' && named.trim() !== '' && named.length <= 200 ? named : null;
  const identity = machineId ? { machine_id: machineId, hostname: 'ENROLLED-PC' } : machine();
  const cacheKey = `${key}\n${identity.machine_id.trim().toLowerCase()}`;
  let token = enrolled.get(cacheKey);
  if (!token) {
    token = await enrollDevice(key, identity, send);
    enrolled.set(cacheKey, token);
  }
  return token;
}

/**
 * A device enrolled through the enrolment service, in this process (useFunctionEnv first): the
 * caller its reports would have, for tests that record reports through the data layer, and its
 * token, for tests that send them. A machine enrolled here before enrols again as its own device
 * does, with its current token (issue 35), and gets a new one.
 */
export async function enrolInProcess(
  organizationId: string,
  identity: Pick<AgentReportInput, 'machine_id' | 'hostname'> = machine(),
  now = new Date(),
): Promise<DeviceCaller & { token: string }> {
  const [{ enrolDevice }, { findDevice }, { hashDeviceToken }] = await Promise.all([
    import('../../functions/agent-reports/enrolment'),
    import('../../functions/lib/agent-caller'),
    import('../../functions/lib/table/items/devices'),
  ]);
  const previous = currentToken(identity.machine_id, organizationId);
  const { device_token } = await enrolDevice(
    { organizationId, apiKeyId: 'in-process', subscription: null },
    identity,
    now,
    previous ? hashDeviceToken(previous) : null,
  );
  const device = await findDevice(`Bearer ${device_token}`);
  if (!device) throw new Error('The device just enrolled is not found by its token');
  if (device.pending)
    throw new Error(`${identity.machine_id} is enrolled by a device this process did not enrol`);
  rememberToken(identity.machine_id, device_token);
  return { ...device, token: device_token };
}
