import { mfaDisableSchema, type MfaStatus } from '../../shared/mfa-requests';
import { userRoute } from '../lib/http';
import { limitClient } from '../lib/rate-limits';
import { MFA_PROOF_LIMIT } from './limits';
import { turnOffMfa } from './mfa';

export const handler = userRoute(
  { body: mfaDisableSchema },
  async ({ caller, body, event, now }): Promise<MfaStatus> => {
    await limitClient(MFA_PROOF_LIMIT, event, now);
    return turnOffMfa(caller, body, now);
  },
);
