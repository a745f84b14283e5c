import type { EmailConfirmationResponse } from '../../shared/auth';
import { userRoute } from '../lib/http';
import { limitClient } from '../lib/rate-limits';
import { sendNewConfirmationCode } from './email-confirmation';
import { CONFIRMATION_EMAIL_LIMIT } from './limits';

/** POST /api/auth/email-confirmation/code: a new code by email, replacing the last one. */
export const handler = userRoute({}, async ({ caller, event, now }): Promise<EmailConfirmationResponse> => {
  await limitClient(CONFIRMATION_EMAIL_LIMIT, event, now);
  return { message: await sendNewConfirmationCode(caller, now) };
});
