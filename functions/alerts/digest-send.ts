import { ALERT_MESSAGES, DIGEST_SENDS_PER_HOUR, type DigestSendResponse } from '../../shared/alerts';
import { userRoute } from '../lib/http';
import { countClientRequest, type RateLimit } from '../lib/rate-limits';
import { sendOrganizationDigest } from './service';

/** Counted per admin, not per address: one session is one sender wherever it calls from. */
const DIGEST_SEND_LIMIT: RateLimit = {
  name: 'digest-send',
  max: DIGEST_SENDS_PER_HOUR,
  windowSeconds: 3600,
  message: ALERT_MESSAGES.tooManySends,
};

/** "Send digest now" (Settings → Alerts): the organisation's digest, to the admins who opted in. */
export const handler = userRoute({}, async ({ caller, now }): Promise<DigestSendResponse> => {
  await countClientRequest(DIGEST_SEND_LIMIT, `admin:${caller.userId}`, now);
  return sendOrganizationDigest(caller.organization, now, caller.profile);
});
