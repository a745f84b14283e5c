import { expect } from 'vitest';
import { api } from './api';

/**
 * Issue 35's routes as the tenant and role matrix attacks them (test/reliability/tenant-matrix.test.ts):
 * the victim's device held for approval, and the victim's enrolment key.
 */
export interface DeviceIdentityVictim {
  /** A second device of the victim's machine id, held for approval. */
  pendingDeviceId: string;
}

export function deviceIdentityCalls(victim: DeviceIdentityVictim & { apiKeyId: string }) {
  const pending = { object: 'agent' as const, params: { device_id: victim.pendingDeviceId } };
  const key = { object: 'API key' as const, params: { id: victim.apiKeyId } };
  return {
    'GET /api/pending-devices': { ownStatus: 200 },
    'POST /api/pending-devices/{device_id}/approve': pending,
    'POST /api/pending-devices/{device_id}/reject': pending,
    'POST /api/api-keys/{id}/rotate': key,
    'GET /api/api-keys/{id}/devices': key,
  };
}

/** A second device of the victim's machine id, enrolled with the key alone: held for approval (202). */
export async function heldDevice(key: string, machineId: string): Promise<string> {
  const held = await api<{ device_id: string }>('/api/agent/enroll', {
    method: 'POST',
    headers: { 'x-api-key': key },
    body: { machine_id: machineId, hostname: 'VICTIM-CLONE' },
  });
  expect(held.status, JSON.stringify(held.body)).toBe(202);
  return held.body.device_id;
}
