import { USER_MESSAGES, userIdParamsSchema, type PasswordResetResponse } from '../../shared/users';
import { sendPasswordResetCode } from '../lib/cognito';
import { userRoute } from '../lib/http';
import { limitClient, type RateLimit } from '../lib/rate-limits';
import { resettableUser } from './users';

/** Each reset is an email to someone's inbox: an admin sends a few, a script many (issue 25). */
export const PASSWORD_RESET_LIMIT: RateLimit = {
  name: 'password-reset',
  max: 10,
  windowSeconds: 3600,
  message: 'Too many password reset emails were sent from your network. Please try again later.',
};

export const handler = userRoute(
  { params: userIdParamsSchema },
  async ({ caller, params, event, now }): Promise<PasswordResetResponse> => {
    await limitClient(PASSWORD_RESET_LIMIT, event, now);
    const user = await resettableUser(caller.profile, params.id);
    await sendPasswordResetCode(user.id);
    return { message: USER_MESSAGES.resetSent(user.email) };
  },
);
