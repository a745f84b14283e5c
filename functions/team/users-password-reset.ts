import { USER_MESSAGES, userIdParamsSchema, type PasswordResetResponse } from '../../shared/users';
import { sendPasswordResetCode } from '../lib/cognito';
import { userRoute } from '../lib/http';
import { resettableUser } from './users';

export const handler = userRoute(
  { params: userIdParamsSchema },
  async ({ caller, params }): Promise<PasswordResetResponse> => {
    const user = await resettableUser(caller.profile, params.id);
    await sendPasswordResetCode(user.id);
    return { message: USER_MESSAGES.resetSent(user.email) };
  },
);
