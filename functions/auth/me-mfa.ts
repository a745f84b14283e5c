import type { MfaStatus } from '../../shared/mfa-requests';
import { userRoute } from '../lib/http';
import { refreshMfaFromCognito } from './mfa';

export const handler = userRoute({}, ({ caller, now }): Promise<MfaStatus> =>
  refreshMfaFromCognito(caller, now),
);
