import { signupAttemptConfirmationSchema } from '../../../shared/auth';
import { duplicateDecisionRequestSchema } from '../../../shared/machine-duplicates';
import { passwordChangeSchema, passwordProofSchema } from '../../../shared/mfa-requests';
import { uniqueEmail } from '../api';
import type { RouteInput } from './cases';

/**
 * Issue 35's routes (devices held for approval, an enrolment key's rotation and device count, a
 * possible duplicate's decision, a waiting sign-up's confirmation, a session's password proof and
 * change) as the bad-input fuzzing calls them (test/reliability/bad-input.test.ts). Ids of the right
 * shape that the organisation does not have: 404, nothing written, whatever the case.
 */
const UNKNOWN_ID = '01JZZZZZZZZZZZZZZZZZZZZZZZ';

export function deviceIdentityInputs(spareKeyId: string, machineId: string): Record<string, RouteInput> {
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
    // The fuzzed machine is no possible duplicate: a valid decision is refused (409).
    'POST /api/agents/{machine_id}/duplicate': {
      caller: 'admin',
      params: { machine_id: machineId },
      body: { kind: 'json', schema: duplicateDecisionRequestSchema, valid: { decision: 'keep' } },
    },
    // No sign-up waits for the address: a valid confirmation is refused, and nothing is created.
    'POST /api/auth/signup/confirm': {
      caller: 'public',
      body: {
        kind: 'json',
        schema: signupAttemptConfirmationSchema,
        valid: { email: uniqueEmail('fuzz-confirm'), password: 'fuzz-pass-1', code: '123456' },
      },
    },
    'POST /api/me/password-proof': {
      caller: 'admin',
      body: { kind: 'json', schema: passwordProofSchema, valid: { password: 'fuzz-pass-1' } },
    },
    'POST /api/me/password': {
      caller: 'admin',
      body: {
        kind: 'json',
        schema: passwordChangeSchema,
        valid: { current_password: 'fuzz-pass-1', new_password: 'fuzz-pass-2' },
      },
    },
  };
}
