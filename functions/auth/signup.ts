import { setTimeout as sleep } from 'node:timers/promises';
import { AUTH_MESSAGES, signupSchema, type SignupResponse } from '../../shared/auth';
import { publicRoute } from '../lib/http';
import { limitClient } from '../lib/rate-limits';
import { SIGNUP_ANSWER_STEP_MS, SIGNUP_LIMIT } from './limits';
import { registerCompany, registerInvitedMember } from './registration';

/**
 * The answer of a company sign-up is sent on the next whole step of SIGNUP_ANSWER_STEP_MS since the
 * request began (issue 35): a fresh address (a Cognito user, a transaction, an email), an address
 * with an account (an email) and one with a sign-up waiting (a kept attempt, an email) do different
 * work, and answers 20 ms apart told a stranger which it was. The same step for all three hides it
 * unless the work itself crosses a step, which the step's size makes rare.
 */
async function answerOnStep(startedAt: number): Promise<void> {
  const elapsed = performance.now() - startedAt;
  const step = Math.max(1, Math.ceil(elapsed / SIGNUP_ANSWER_STEP_MS)) * SIGNUP_ANSWER_STEP_MS;
  await sleep(step - elapsed);
}

/**
 * A company sign-up answers the same whether or not the address has an account or a sign-up
 * waiting (registration.ts emails its owner instead), and as soon, so the answer tells nothing.
 */
export const handler = publicRoute(
  { body: signupSchema, status: 201 },
  async ({ body, event, now }): Promise<SignupResponse> => {
    await limitClient(SIGNUP_LIMIT, event, now);
    if ('invite_token' in body) {
      await registerInvitedMember(body, now);
      return { message: AUTH_MESSAGES.accountCreatedByInvitation };
    }
    const startedAt = performance.now();
    try {
      await registerCompany(body, now);
    } finally {
      // A failure answers on the step too: a 5xx sooner than a success would tell as much.
      await answerOnStep(startedAt);
    }
    return { message: AUTH_MESSAGES.accountCreatedWithTrial };
  },
);
