import { AUTH_MESSAGES, signupSchema, type SignupResponse } from '../../shared/auth';
import { BadRequest } from '../lib/errors';
import { publicRoute } from '../lib/http';
import { registerCompany } from './registration';

export const handler = publicRoute(
  { body: signupSchema, status: 201 },
  async ({ body, now }): Promise<SignupResponse> => {
    // Invitations arrive with the team feature; until then no token is valid.
    if ('invite_token' in body) throw new BadRequest(AUTH_MESSAGES.invalidInvitation, 'invalid_invitation');
    await registerCompany(body, now);
    return { message: AUTH_MESSAGES.accountCreatedWithTrial };
  },
);
