import { passwordProofSchema, type PasswordProofAnswer } from '../../shared/mfa-requests';
import { userRoute } from '../lib/http';
import { provePasswordForSession } from './mfa-password';

export const handler = userRoute(
  { body: passwordProofSchema },
  ({ caller, body, now }): Promise<PasswordProofAnswer> => provePasswordForSession(caller, body, now),
);
