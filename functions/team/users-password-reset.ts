import { USER_MESSAGES, userIdParamsSchema, type PasswordResetResponse } from '../../shared/users';
import { sendPasswordResetCode } from '../lib/cognito';
import { userRoute } from '../lib/http';
import { resettableUserEmail } from './users';

export const handler = userRoute(
  { params: userIdParamsSchema },
  async ({ caller, params }): Promise<PasswordResetResponse> => {
    const email = await resettableUserEmail(caller.profile, params.id);
    await sendPasswordResetCode(email);
    return { message: USER_MESSAGES.resetSent(email) };
  },
);
