import { AUTH_MESSAGES, signupSchema, type SignupResponse } from '../../shared/auth';
import { publicRoute } from '../lib/http';
import { registerCompany, registerInvitedMember } from './registration';

export const handler = publicRoute(
  { body: signupSchema, status: 201 },
  async ({ body, now }): Promise<SignupResponse> => {
    if ('invite_token' in body) {
      await registerInvitedMember(body, now);
      return { message: AUTH_MESSAGES.accountCreatedByInvitation };
    }
    await registerCompany(body, now);
    return { message: AUTH_MESSAGES.accountCreatedWithTrial };
  },
);
