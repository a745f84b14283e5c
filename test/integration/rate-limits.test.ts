import { describe, expect, it } from 'vitest';
import {
  CONFIRMATION_LIMIT,
  INVITATION_LOOKUP_LIMIT,
  MFA_PROOF_LIMIT,
  SIGNUP_LIMIT,
} from '../../functions/auth/limits';
import type { RateLimit } from '../../functions/lib/rate-limits';
import { PASSWORD_RESET_LIMIT } from '../../functions/team/users-password-reset';
import {
  addMember,
  apiWithHeaders,
  signUpCompany,
  testClientAddress,
  uniqueEmail,
  type ApiOptions,
} from '../support/api';
import { signUpUnconfirmed } from '../support/signups';

/**
 * The per-client limits (issue 25), against the local stack: one client (one address, as the test
 * stack's gateway reads it from X-Forwarded-For) sends a limit's fill and one more; the one more is
 * refused with 429 and Retry-After, and another client is still served.
 */
async function exhaust(limit: RateLimit, path: string, options: (n: number) => ApiOptions) {
  const client = testClientAddress();
  const statuses: number[] = [];
  for (let n = 0; n < limit.max; n++) {
    const answer = await apiWithHeaders(path, { ...options(n), headers: { 'x-forwarded-for': client } });
    statuses.push(answer.status);
  }
  const refused = await apiWithHeaders(path, {
    ...options(limit.max),
    headers: { 'x-forwarded-for': client },
  });
  const other = await apiWithHeaders(path, {
    ...options(limit.max + 1),
    headers: { 'x-forwarded-for': testClientAddress() },
  });
  return { statuses, refused, other };
}

function expectRefused(answer: { status: number; body: unknown; headers: Headers }, limit: RateLimit) {
  expect(answer.status).toBe(429);
  expect(answer.body).toEqual({ error: { code: 'too_many_requests', message: limit.message } });
  const retryAfter = Number(answer.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(limit.windowSeconds);
}

describe('per-client rate limits', () => {
  it(`sign-up: ${SIGNUP_LIMIT.max} an hour from one client`, async () => {
    const { statuses, refused, other } = await exhaust(SIGNUP_LIMIT, '/api/auth/signup', () => ({
      method: 'POST',
      body: { email: uniqueEmail('flood'), password: 'flood-pass', full_name: 'F', company_name: 'F' },
    }));
    expect(statuses).toEqual(Array(SIGNUP_LIMIT.max).fill(201));
    expectRefused(refused, SIGNUP_LIMIT);
    expect(other.status).toBe(201);
  });

  it(`the emailed code: ${CONFIRMATION_LIMIT.max} tries an hour from one client`, async () => {
    const signup = await signUpUnconfirmed();
    const { statuses, refused, other } = await exhaust(
      CONFIRMATION_LIMIT,
      '/api/auth/email-confirmation',
      () => ({
        method: 'POST',
        token: signup.accessToken,
        body: { code: '000000' },
      }),
    );
    expect(statuses.every((status) => status === 400)).toBe(true);
    expectRefused(refused, CONFIRMATION_LIMIT);
    expect(other.status).toBe(400);
  });

  it(`invitation lookup: ${INVITATION_LOOKUP_LIMIT.max} an hour from one client`, async () => {
    const { statuses, refused, other } = await exhaust(
      INVITATION_LOOKUP_LIMIT,
      '/api/invitations/lookup',
      (n) => ({
        method: 'POST',
        body: { token: `not-a-token-${n}` },
      }),
    );
    expect(statuses).toEqual(Array(INVITATION_LOOKUP_LIMIT.max).fill(404));
    expectRefused(refused, INVITATION_LOOKUP_LIMIT);
    expect(other.status).toBe(404);
  });

  it(`password reset emails: ${PASSWORD_RESET_LIMIT.max} an hour from one client`, async () => {
    const company = await signUpCompany();
    const member = await addMember(company, 'user');
    const { statuses, refused, other } = await exhaust(
      PASSWORD_RESET_LIMIT,
      `/api/users/${member.id}/password-reset`,
      () => ({ method: 'POST', token: company.accessToken }),
    );
    expect(statuses).toEqual(Array(PASSWORD_RESET_LIMIT.max).fill(200));
    expectRefused(refused, PASSWORD_RESET_LIMIT);
    expect(other.status).toBe(200);
  });

  it(`turning MFA off: ${MFA_PROOF_LIMIT.max} password-and-code proofs an hour from one client`, async () => {
    const company = await signUpCompany();
    const { statuses, refused, other } = await exhaust(MFA_PROOF_LIMIT, '/api/me/mfa/disable', () => ({
      method: 'POST',
      token: company.accessToken,
      body: { password: 'not-the-password', code: '123456' },
    }));
    expect(statuses).toEqual(Array(MFA_PROOF_LIMIT.max).fill(400));
    expectRefused(refused, MFA_PROOF_LIMIT);
    expect(other.status).toBe(400);
  });
});
