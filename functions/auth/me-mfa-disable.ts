import { mfaDisableSchema, type MfaStatus } from '../../shared/mfa-requests';
import { userRoute } from '../lib/http';
import { turnOffMfa } from './mfa';

export const handler = userRoute({ body: mfaDisableSchema }, ({ caller, body, now }): Promise<MfaStatus> =>
  turnOffMfa(caller, body, now),
);
