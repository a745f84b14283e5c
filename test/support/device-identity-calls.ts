import { expect } from 'vitest';
import { api } from './api';

/**
 * Issue 35's routes as the tenant and role matrix attacks them (test/reliability/tenant-matrix.test.ts):
 * the victim's device held for approval, and the victim's enrolment key. A session's password proof
 * and change act on the caller alone: an admin has nothing to prove (200), and only a super_admin
 * sets a password there (403).
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
    'POST /api/me/password-proof': { ownStatus: 200, options: { body: { password: 'not-the-password' } } },
    'POST /api/me/password': {
      ownStatus: 403,
      options: { body: { current_password: 'not-the-password', new_password: 'a-long-new-password-1' } },
    },
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
