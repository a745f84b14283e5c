import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { ulid } from 'ulid';
import {
  SIGNUP_ATTEMPT_MESSAGES,
  SIGNUP_CONFIRMATION_HOURS,
  type CompanySignupRequest,
  type SignupAttemptConfirmation,
} from '../../shared/auth';
import { BadRequest, Conflict } from '../lib/errors';
import { logger } from '../lib/logger';
import { hashAttemptCode, signupAttempts, type SignupAttemptItem } from '../lib/table/items/signups';
import { isConditionFailure, send } from '../lib/table/transaction';
import { addressStanding } from '../people/accounts';
import { CODE_ATTEMPTS, newConfirmationCode } from './email-confirmation';
import { sendSignupAttemptCodeEmail } from './signup-emails';

/**
 * Later sign-ups for an address whose first one still waits for its code (issue 35). A stranger's
 * sign-up used to replace the pending one, so the victim's password stopped working; now it waits
 * beside it with a code of its own, and the first stays usable until it is confirmed or expires.
 * Whoever reads the address's inbox decides by the code they enter: the first one's code (signed
 * in with the first password) confirms the first; a waiting one's code with its password (on the
 * confirm-sign-up page) removes the first and creates the company from the waiting one.
 *
 * At most MAX_WAITING_ATTEMPTS wait per address, each taking CODE_ATTEMPTS wrong tries (a wrong
 * try costs every waiting one of the address one), and a code is only ever in the email.
 */
export const MAX_WAITING_ATTEMPTS = 5;
const HOUR_MS = 3_600_000;

const scryptAsync = promisify(scrypt) as (password: string, salt: Buffer, length: number) => Promise<Buffer>;
const KEY_BYTES = 32;

async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scryptAsync(password, salt, KEY_BYTES);
  return `scrypt:${salt.toString('base64url')}:${hash.toString('base64url')}`;
}

async function passwordMatches(password: string, stored: string): Promise<boolean> {
  const [scheme, salt, hash] = stored.split(':');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await scryptAsync(password, Buffer.from(salt, 'base64url'), expected.length);
  return timingSafeEqual(actual, expected);
}

const sameHash = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** The attempts of an address still within their time (TTL removes the rest, late). */
async function waitingAttempts(email: string, now: Date): Promise<SignupAttemptItem[]> {
  const items = await signupAttempts.listOfAddress(email);
  return items.filter((attempt) => Date.parse(attempt.expires_at) > now.getTime());
}

/**
 * A company sign-up for an address whose first sign-up is pending: kept beside it with its own
 * code, by email. Past MAX_WAITING_ATTEMPTS nothing more is kept or sent; the answer is the same.
 */
export async function keepWaitingAttempt(request: CompanySignupRequest, now: Date): Promise<void> {
  const [waiting, passwordHash] = await Promise.all([
    waitingAttempts(request.email, now),
    hashPassword(request.password),
  ]);
  if (waiting.length >= MAX_WAITING_ATTEMPTS) {
    logger.warn('A sign-up was dropped: its address has enough sign-ups waiting');
    return;
  }
  const attemptId = ulid(now.getTime());
  const code = newConfirmationCode();
  await send(
    signupAttempts.put({
      email: request.email,
      attempt_id: attemptId,
      full_name: request.full_name,
      company_name: request.company_name,
      password_hash: passwordHash,
      code_hash: hashAttemptCode(request.email, attemptId, code),
      attempts_left: CODE_ATTEMPTS,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + SIGNUP_CONFIRMATION_HOURS * HOUR_MS).toISOString(),
    }),
  );
  try {
    await sendSignupAttemptCodeEmail(request.email, code);
  } catch (error) {
    logger.error('Sending a waiting sign-up its code failed', { error: error as Error });
  }
}

/** A wrong code or password: one try fewer for each attempt of the address. */
async function countWrongTry(attempts: SignupAttemptItem[]): Promise<never> {
  await Promise.all(
    attempts.map((attempt) =>
      send(signupAttempts.spendTry(attempt.email, attempt.attempt_id)).catch((error: unknown) => {
        if (!isConditionFailure(error)) throw error;
      }),
    ),
  );
  throw new BadRequest(SIGNUP_ATTEMPT_MESSAGES.wrongCode, 'wrong_code');
}

/**
 * POST /api/auth/signup/confirm: the waiting attempt whose code and password these are becomes the
 * address's company, confirmed (the code proves the address). A pending first sign-up gives way; an
 * address that has an account by now keeps it. The attempt is taken (removed) before anything is
 * created, so two confirmations of it create one company.
 */
export async function takeWaitingAttempt(
  input: SignupAttemptConfirmation,
  now: Date,
  createCompany: (request: CompanySignupRequest) => Promise<void>,
): Promise<string> {
  const waiting = await waitingAttempts(input.email, now);
  const matched = waiting.find(
    (attempt) =>
      attempt.attempts_left > 0 &&
      sameHash(hashAttemptCode(input.email, attempt.attempt_id, input.code), attempt.code_hash),
  );
  if (!matched || !(await passwordMatches(input.password, matched.password_hash)))
    return countWrongTry(waiting);
  const standing = await addressStanding(input.email, now);
  if (standing.kind === 'account') throw new Conflict(SIGNUP_ATTEMPT_MESSAGES.addressTaken, 'email_taken');
  try {
    await send(signupAttempts.removeIfCode(input.email, matched.attempt_id, matched.code_hash));
  } catch (error) {
    // Taken by a confirmation at the same moment.
    if (isConditionFailure(error)) throw new BadRequest(SIGNUP_ATTEMPT_MESSAGES.wrongCode, 'wrong_code');
    throw error;
  }
  // The first sign-up was confirmed between the look and the removal: the account stands.
  if (standing.kind === 'unconfirmed' && !(await standing.release()))
    throw new Conflict(SIGNUP_ATTEMPT_MESSAGES.addressTaken, 'email_taken');
  await createCompany({
    email: input.email,
    password: input.password,
    full_name: matched.full_name,
    company_name: matched.company_name,
  });
  // The others are moot now; TTL would remove them anyway.
  await Promise.all(
    waiting
      .filter((attempt) => attempt.attempt_id !== matched.attempt_id)
      .map((attempt) => send(signupAttempts.remove(attempt.email, attempt.attempt_id))),
  );
  return SIGNUP_ATTEMPT_MESSAGES.confirmed;
}
