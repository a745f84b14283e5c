import { passwordChangeSchema } from '../../shared/mfa-requests';
import { userRoute } from '../lib/http';
import { changeSuperAdminPassword } from './mfa-password';

export const handler = userRoute(
  { body: passwordChangeSchema },
  ({ caller, body, now }): Promise<{ message: string }> => changeSuperAdminPassword(caller, body, now),
);
