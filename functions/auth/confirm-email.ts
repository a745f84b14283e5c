import { emailConfirmationSchema, type EmailConfirmationResponse } from '../../shared/auth';
import { userRoute } from '../lib/http';
import { limitClient } from '../lib/rate-limits';
import { confirmEmail } from './email-confirmation';
import { CONFIRMATION_LIMIT } from './limits';

/** POST /api/auth/email-confirmation: the signed-in owner of a new company enters the emailed code. */
export const handler = userRoute(
  { body: emailConfirmationSchema },
  async ({ caller, body, event, now }): Promise<EmailConfirmationResponse> => {
    await limitClient(CONFIRMATION_LIMIT, event, now);
    return { message: await confirmEmail(caller, body.code, now) };
  },
);
