import { randomInt, timingSafeEqual } from 'node:crypto';
import {
  CONFIRMATION_CODE_LENGTH,
  EMAIL_CONFIRMATION_MESSAGES,
  SIGNUP_CONFIRMATION_HOURS,
} from '../../shared/auth';
import type { Caller } from '../lib/caller';
import { BadRequest, Gone, TooManyRequests } from '../lib/errors';
import { logger } from '../lib/logger';
import { organizations } from '../lib/table/items/organizations';
import {
  emailConfirmations,
  hashConfirmationCode,
  type EmailConfirmationItem,
} from '../lib/table/items/signups';
import { isConditionFailure, send, transact } from '../lib/table/transaction';
import { sendConfirmationCodeEmail } from './signup-emails';
import { findEmailConfirmation, removeUnconfirmedSignup } from '../people/unconfirmed-signups';

/**
 * Proving a company sign-up's address (issue 25). The code is our own, sent through the product's
 * mail, rather than Cognito's SignUp/ConfirmSignUp: those need the pool's self-service sign-up,
 * which would let anyone create Cognito users past this API (and its rate limits); cognito-local has
 * no ResendConfirmationCode; and Cognito's own sender allows some 50 emails a day. This way the same
 * code runs locally and in AWS, and the Cognito user is created by AdminCreateUser as before.
 *
 * Until the code is entered the organisation carries `unconfirmed_since` and the API refuses it
 * everything but the confirmation (lib/caller.ts). A code takes 5 wrong tries; a sign-up gets at most
 * 10 codes, so guessing one is a chance of 50 in a million at best, whatever the client's address.
 */
export const CODE_ATTEMPTS = 5;
export const MAX_CODES_PER_SIGNUP = 10;
const HOUR_MS = 3_600_000;

export function newConfirmationCode(): string {
  return String(randomInt(0, 10 ** CONFIRMATION_CODE_LENGTH)).padStart(CONFIRMATION_CODE_LENGTH, '0');
}

/** The confirmation item of a new sign-up, with its first code. */
export function newEmailConfirmation(
  owner: { organizationId: string; userId: string; email: string },
  code: string,
  now: Date,
): EmailConfirmationItem {
  return {
    organization_id: owner.organizationId,
    user_id: owner.userId,
    email: owner.email,
    code_hash: hashConfirmationCode(owner.organizationId, code),
    attempts_left: CODE_ATTEMPTS,
    codes_sent: 1,
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + SIGNUP_CONFIRMATION_HOURS * HOUR_MS).toISOString(),
  };
}

function sameHash(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

/** The caller's code: right, the organisation is usable from now on; wrong, one try fewer. */
export async function confirmEmail(caller: Caller, code: string, now: Date): Promise<string> {
  const organizationId = caller.organization.id;
  const confirmation = await findEmailConfirmation(organizationId);
  if (!confirmation || confirmation.user_id !== caller.userId) {
    if (!caller.organization.unconfirmed_since) return EMAIL_CONFIRMATION_MESSAGES.alreadyConfirmed;
    throw new Gone(EMAIL_CONFIRMATION_MESSAGES.expired, 'signup_expired');
  }
  if (Date.parse(confirmation.expires_at) <= now.getTime())
    throw new Gone(EMAIL_CONFIRMATION_MESSAGES.expired, 'signup_expired');
  if (confirmation.attempts_left <= 0)
    throw new BadRequest(EMAIL_CONFIRMATION_MESSAGES.codeUsedUp, 'code_used_up');

  if (!sameHash(hashConfirmationCode(organizationId, code), confirmation.code_hash)) {
    // Under the condition that it is still this code with tries left: racing wrong guesses each cost one.
    await send(emailConfirmations.spendTryIfCode(organizationId, confirmation.code_hash)).catch(
      (error: unknown) => {
        if (!isConditionFailure(error)) throw error;
      },
    );
    throw new BadRequest(EMAIL_CONFIRMATION_MESSAGES.wrongCode, 'wrong_code');
  }
  const canceled = await transact([
    emailConfirmations.removeIfCodeUsable(organizationId, confirmation.code_hash, now),
    organizations.markConfirmed(organizationId),
  ]);
  // A new code was sent (or the tries ran out) between the read and the write.
  if (canceled) throw new BadRequest(EMAIL_CONFIRMATION_MESSAGES.wrongCode, 'wrong_code');
  return EMAIL_CONFIRMATION_MESSAGES.confirmed;
}

/** A new code for the caller's sign-up, replacing the last one (with its tries), by email. */
export async function sendNewConfirmationCode(caller: Caller, now: Date): Promise<string> {
  const confirmation = await findEmailConfirmation(caller.organization.id);
  if (!confirmation || confirmation.user_id !== caller.userId) {
    if (!caller.organization.unconfirmed_since) return EMAIL_CONFIRMATION_MESSAGES.alreadyConfirmed;
    throw new Gone(EMAIL_CONFIRMATION_MESSAGES.expired, 'signup_expired');
  }
  const untilExpiry = Math.ceil((Date.parse(confirmation.expires_at) - now.getTime()) / 1000);
  if (untilExpiry <= 0) throw new Gone(EMAIL_CONFIRMATION_MESSAGES.expired, 'signup_expired');
  if (confirmation.codes_sent >= MAX_CODES_PER_SIGNUP)
    throw new TooManyRequests(EMAIL_CONFIRMATION_MESSAGES.noMoreCodes, untilExpiry);
  const code = newConfirmationCode();
  try {
    await send(
      emailConfirmations.replaceCodeIfSent(
        caller.organization.id,
        { codeHash: hashConfirmationCode(caller.organization.id, code), attemptsLeft: CODE_ATTEMPTS },
        confirmation.codes_sent,
      ),
    );
  } catch (error) {
    // Another code was sent at the same moment: that one is in the mail.
    if (isConditionFailure(error)) return EMAIL_CONFIRMATION_MESSAGES.codeSent;
    throw error;
  }
  await sendConfirmationCodeEmail(confirmation.email, code);
  return EMAIL_CONFIRMATION_MESSAGES.codeSent;
}

/**
 * The scheduled sweep (an EventBridge rule in AWS, an hourly timer in the local stack): every
 * sign-up still unconfirmed when its time ran out is removed. `now` is the caller's, so a test can
 * run it a day ahead. Answers how many it removed.
 */
export async function removeExpiredSignups(now: Date): Promise<number> {
  let removed = 0;
  let cursor: string | null = null;
  do {
    const page: { items: EmailConfirmationItem[]; cursor: string | null } =
      await emailConfirmations.pageExpiredBy(now, { limit: 100, cursor });
    for (const confirmation of page.items) {
      try {
        if (await removeUnconfirmedSignup(confirmation, { expiredBy: now })) removed++;
      } catch (error) {
        // One sign-up that cannot be removed now is tried again at the next sweep.
        logger.error('Removing an expired sign-up failed', {
          organization_id: confirmation.organization_id,
          error: error as Error,
        });
      }
    }
    cursor = page.cursor;
  } while (cursor);
  return removed;
}
