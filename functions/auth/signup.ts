import { AUTH_MESSAGES, signupSchema, type SignupResponse } from '../../shared/auth';
import { publicRoute } from '../lib/http';
import { limitClient } from '../lib/rate-limits';
import { SIGNUP_LIMIT } from './limits';
import { registerCompany, registerInvitedMember } from './registration';

/**
 * A company sign-up answers the same whether or not the address has an account (registration.ts
 * emails its owner instead), so the answer tells a stranger nothing.
 */
export const handler = publicRoute(
  { body: signupSchema, status: 201 },
  async ({ body, event, now }): Promise<SignupResponse> => {
    await limitClient(SIGNUP_LIMIT, event, now);
    if ('invite_token' in body) {
      await registerInvitedMember(body, now);
      return { message: AUTH_MESSAGES.accountCreatedByInvitation };
    }
    await registerCompany(body, now);
    return { message: AUTH_MESSAGES.accountCreatedWithTrial };
  },
);
