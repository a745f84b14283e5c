import { InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, it, inject } from 'vitest';
import { SIGNUP_LIMIT } from '../../functions/auth/limits';
import type { Invitation } from '../../shared/invitations';
import {
  api,
  apiWithHeaders,
  cognitoClient,
  inviteTokenSentTo,
  signIn,
  signUpCompany,
  signUpUnlimitedCompany,
  testClientAddress,
  uniqueEmail,
} from '../support/api';
import { signUpInvited } from '../support/invitations';

/**
 * Issue 25's abuse of sign-up: a flood of sign-ups with made-up addresses from one client (400 of
 * them once took 4.6 s and each could sign in and use the product at once), and probes that ask
 * sign-up, invitation and sign-in whether an address has an account.
 */
const FLOOD = 400;
const BURST = 20;
const PROBES = 15;

describe('sign-up abuse', () => {
  it(`a flood of ${FLOOD} sign-ups from one client: limited, no server error, nothing squatted`, async () => {
    const client = testClientAddress();
    const started = Date.now();
    const emails = Array.from({ length: FLOOD }, (_, at) => uniqueEmail(`flood-${at}`));
    const answers: { email: string; status: number; retryAfter: string | null; body: unknown }[] = [];
    for (let start = 0; start < FLOOD; start += BURST) {
      answers.push(
        ...(await Promise.all(
          emails.slice(start, start + BURST).map(async (email) => {
            const answer = await apiWithHeaders('/api/auth/signup', {
              method: 'POST',
              headers: { 'x-forwarded-for': client },
              body: { email, password: 'flood-pass-1', full_name: 'Flood', company_name: 'Flood Co' },
            });
            return {
              email,
              status: answer.status,
              retryAfter: answer.headers.get('retry-after'),
              body: answer.body,
            };
          }),
        )),
      );
    }
    const seconds = (Date.now() - started) / 1000;
    const accepted = answers.filter((answer) => answer.status === 201);
    const limited = answers.filter((answer) => answer.status === 429);
    const serverErrors = answers.filter((answer) => answer.status >= 500);
    const retryAfter = limited.map((answer) => Number(answer.retryAfter));

    // Each accepted sign-up signs in, but its organisation is usable for nothing without the code.
    let usable = 0;
    for (const { email } of accepted) {
      const tokens = await signIn(email, 'flood-pass-1');
      for (const path of ['/api/me', '/api/dashboard', '/api/invitations', '/api/api-keys']) {
        const answer = await api(path, { token: tokens.AccessToken! });
        if (answer.status !== 403) usable++;
      }
    }
    // A flooded address is still its owner's: an employer's invitation reaches it and is accepted.
    const employer = await signUpCompany('Real Employer');
    const squatted = accepted[0]!.email;
    const invited = await api<Invitation>('/api/invitations', {
      method: 'POST',
      token: employer.accessToken,
      body: { email: squatted, role: 'user' },
    });
    const joined = await signUpInvited(await inviteTokenSentTo(squatted), squatted, 'owner-pass-1');

    console.log(
      `[reliability] sign-up flood: ${FLOOD} sign-ups from one client in ${seconds.toFixed(1)} s: ` +
        `${accepted.length} accepted (limit ${SIGNUP_LIMIT.max} an hour), ${limited.length} refused 429 ` +
        `(Retry-After ${Math.min(...retryAfter)}–${Math.max(...retryAfter)} s), ${serverErrors.length} server errors; ` +
        `${usable} routes usable without the code; the employer's invitation of a flooded address: ` +
        `${invited.status}, accepted ${joined.status}`,
    );
    expect(serverErrors).toEqual([]);
    expect(accepted).toHaveLength(SIGNUP_LIMIT.max);
    expect(limited).toHaveLength(FLOOD - SIGNUP_LIMIT.max);
    expect(retryAfter.every((value) => value > 0 && value <= SIGNUP_LIMIT.windowSeconds)).toBe(true);
    expect(usable).toBe(0);
    expect(invited.status).toBe(201);
    expect(joined.status).toBe(201);
  });

  it('enumeration probes: sign-up, invitation and sign-in answer alike for addresses with and without accounts', async () => {
    // Unlimited: a trial's 5 users would refuse most of the probes' invitations (409 plan_limit).
    const inviter = await signUpUnlimitedCompany('Prober Co');
    const holders = await Promise.all(Array.from({ length: PROBES }, () => signUpCompany('Holder Co')));
    const strangers = Array.from({ length: PROBES }, () => uniqueEmail('stranger'));
    const signup = (email: string) =>
      api('/api/auth/signup', {
        method: 'POST',
        body: { email, password: 'probe-pass-1', full_name: 'Probe', company_name: 'Probe Co' },
      });
    const invitation = async (email: string) => {
      const answer = await api<Invitation>('/api/invitations', {
        method: 'POST',
        token: inviter.accessToken,
        body: { email, role: 'user' },
      });
      const { id, email: _email, created_at, expires_at, ...rest } = answer.body;
      return {
        status: answer.status,
        body: { ...rest, id: typeof id, created_at: typeof created_at, expires_at: typeof expires_at },
      };
    };
    const signInFailure = async (email: string) => {
      try {
        await cognitoClient().send(
          new InitiateAuthCommand({
            AuthFlow: 'USER_PASSWORD_AUTH',
            ClientId: inject('runtimeConfig').userPoolClientId,
            AuthParameters: { USERNAME: email, PASSWORD: 'not-the-password' },
          }),
        );
        return 'signed in';
      } catch (error) {
        return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      }
    };
    const distinct = async (probe: (email: string) => Promise<unknown>) => {
      const existing = new Set(
        (await Promise.all(holders.map((holder) => probe(holder.email)))).map((a) => JSON.stringify(a)),
      );
      const fresh = new Set(
        (await Promise.all(strangers.map((email) => probe(email)))).map((a) => JSON.stringify(a)),
      );
      return {
        existing: [...existing],
        fresh: [...fresh],
        alike: existing.size === 1 && fresh.size === 1 && [...existing][0] === [...fresh][0],
      };
    };
    const signups = await distinct(signup);
    const invitations = await distinct(invitation);
    // Sign-in probes the addresses of accounts and of addresses now signed up without their code.
    const signIns = await distinct(signInFailure);

    console.log(
      `[reliability] enumeration: ${PROBES} addresses with accounts against ${PROBES} without: ` +
        `sign-up ${signups.alike ? 'identical' : 'DIFFERENT'} (${signups.existing.join(' | ')}), ` +
        `invitation ${invitations.alike ? 'identical' : 'DIFFERENT'} (status and body but ids and times), ` +
        `sign-in ${signIns.alike ? 'identical' : 'DIFFERENT'} (${signIns.existing.join(' | ')})`,
    );
    expect(signups).toMatchObject({ alike: true });
    expect(invitations).toMatchObject({ alike: true });
    expect(signIns).toMatchObject({ alike: true });
  });
});
