import type { RouteInput } from './cases';

/**
 * Issue 35's routes (devices held for approval, an enrolment key's rotation and device count) as
 * the bad-input fuzzing calls them (test/reliability/bad-input.test.ts). Ids of the right shape
 * that the organisation does not have: 404, nothing written, whatever the case.
 */
const UNKNOWN_ID = '01JZZZZZZZZZZZZZZZZZZZZZZZ';

export function deviceIdentityInputs(spareKeyId: string): Record<string, RouteInput> {
  return {
    'GET /api/pending-devices': { caller: 'admin', body: { kind: 'none' } },
    'POST /api/pending-devices/{device_id}/approve': {
      caller: 'admin',
      params: { device_id: UNKNOWN_ID },
      body: { kind: 'none' },
    },
    'POST /api/pending-devices/{device_id}/reject': {
      caller: 'admin',
      params: { device_id: UNKNOWN_ID },
      body: { kind: 'none' },
    },
    'POST /api/api-keys/{id}/rotate': { caller: 'admin', params: { id: UNKNOWN_ID }, body: { kind: 'none' } },
    'GET /api/api-keys/{id}/devices': { caller: 'admin', params: { id: spareKeyId }, body: { kind: 'none' } },
  };
}
