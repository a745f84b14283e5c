import { signupAttemptConfirmationSchema, type SignupResponse } from '../../shared/auth';
import { publicRoute } from '../lib/http';
import { limitClient } from '../lib/rate-limits';
import { CONFIRMATION_LIMIT } from './limits';
import { confirmWaitingSignup } from './registration';

/**
 * POST /api/auth/signup/confirm: a sign-up that waited beside an earlier one for its address is
 * confirmed with its emailed code and its password (issue 35). Public: its owner cannot sign in to
 * it. Counted with the codes typed in at the signed-in confirmation.
 */
export const handler = publicRoute(
  { body: signupAttemptConfirmationSchema },
  async ({ body, event, now }): Promise<SignupResponse> => {
    await limitClient(CONFIRMATION_LIMIT, event, now);
    return { message: await confirmWaitingSignup(body, now) };
  },
);
