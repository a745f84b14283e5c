import type { DigestSendResponse } from '../../shared/alerts';
import { userRoute } from '../lib/http';
import { sendOrganizationDigest } from './service';

/** "Send digest now" (Settings → Alerts): the organisation's digest, to the admins who opted in. */
export const handler = userRoute({}, ({ caller, now }): Promise<DigestSendResponse> =>
  sendOrganizationDigest(caller.organization, now, caller.profile),
);
