import { alertSettingsUpdateSchema } from '../../../shared/alerts';
import type { RouteInput } from './cases';

/** The alert digest's routes as the bad-input fuzzing calls them (test/reliability/bad-input.test.ts). */
export const ALERTS_INPUTS: Record<string, RouteInput> = {
  'GET /api/me/alerts': { caller: 'admin', body: { kind: 'none' } },
  // Off, as it already is: a valid request changes nothing.
  'PATCH /api/me/alerts': {
    caller: 'admin',
    body: { kind: 'json', schema: alertSettingsUpdateSchema, valid: { alert_digest: false } },
  },
  // Nobody of the fuzzed organisation opted in: the digest reads and sends nothing.
  'POST /api/alerts/digest': { caller: 'admin', body: { kind: 'none' } },
};
