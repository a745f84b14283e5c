import { createHash } from 'node:crypto';
import * as z from 'zod';
import { TTL_ATTRIBUTE } from '../definition';
import { create, getItem, listAll, listPage, patch, put, remove, type TableWrite } from '../commands';
import { allOf, equals, greaterThan, lessThan } from '../conditions';
import { key, stored, tableKey } from './stored';

interface ReadOptions {
  consistent?: boolean;
}

/**
 * A company sign-up waiting for its emailed code (issue 25): one item in the organisation's
 * partition, which exists exactly while the address is unproven. Its expiry is also its place in
 * gsi2's partition of unconfirmed sign-ups, so the sweep reads the expired ones in key order.
 */
export const emailConfirmationItemSchema = z.object({
  organization_id: z.string(),
  /** The owner's Cognito sub. */
  user_id: z.string(),
  email: z.string(),
  /** SHA-256 of the current code: the code itself is only ever in the email. */
  code_hash: z.string(),
  /** Wrong codes the current one still takes before it stops working. */
  attempts_left: z.number(),
  /** Codes sent for this sign-up so far, the first one included. */
  codes_sent: z.number(),
  created_at: z.string(),
  /** When the sign-up is removed if still unconfirmed. */
  expires_at: z.string(),
});
export type EmailConfirmationItem = z.infer<typeof emailConfirmationItemSchema>;

const UNCONFIRMED_PARTITION = 'UNCONFIRMEDSIGNUPS';

export const emailConfirmations = {
  key: (organizationId: string) => tableKey(`ORG#${organizationId}`, 'EMAILCONFIRMATION'),
  item: (confirmation: EmailConfirmationItem) =>
    stored(confirmation, {
      ...emailConfirmations.key(confirmation.organization_id),
      gsi2pk: key(UNCONFIRMED_PARTITION),
      gsi2sk: key(`${confirmation.expires_at}#${confirmation.organization_id}`),
    }),
  /** Unconfirmed sign-ups whose time ran out before `now`, oldest first. */
  expiredBy: (now: Date) => ({
    index: 'gsi2' as const,
    partition: key(UNCONFIRMED_PARTITION),
    // ISO times sort as text; '0' is before any of them.
    sortBetween: ['0', key(now.toISOString())] as [string, string],
  }),
  get: (organizationId: string, options?: ReadOptions): Promise<EmailConfirmationItem | null> =>
    getItem(emailConfirmationItemSchema, emailConfirmations.key(organizationId), options),
  /** One page of the sign-ups whose time ran out before `now`, oldest first. */
  pageExpiredBy: (
    now: Date,
    { limit, cursor }: { limit: number; cursor: string | null },
  ): Promise<{ items: EmailConfirmationItem[]; cursor: string | null }> =>
    listPage(emailConfirmationItemSchema, emailConfirmations.expiredBy(now), { limit, cursor }),
  create: (confirmation: EmailConfirmationItem): TableWrite => create(emailConfirmations.item(confirmation)),
  /** One try fewer, if the code is still the one read and has tries left. */
  spendTryIfCode: (organizationId: string, codeHash: string): TableWrite =>
    patch(
      emailConfirmations.key(organizationId),
      { add: { attempts_left: -1 } },
      allOf(equals('code_hash', codeHash), greaterThan('attempts_left', 0)),
    ),
  /** The right code entered: removed, if it is still that code, with tries left, unexpired at `now`. */
  removeIfCodeUsable: (organizationId: string, codeHash: string, now: Date): TableWrite =>
    remove(
      emailConfirmations.key(organizationId),
      allOf(
        equals('code_hash', codeHash),
        greaterThan('attempts_left', 0),
        greaterThan('expires_at', now.toISOString()),
      ),
    ),
  /** A new code with fresh tries, if no other code was sent since `codesSent` were. */
  replaceCodeIfSent: (
    organizationId: string,
    code: { codeHash: string; attemptsLeft: number },
    codesSent: number,
  ): TableWrite =>
    patch(
      emailConfirmations.key(organizationId),
      { set: { code_hash: code.codeHash, attempts_left: code.attemptsLeft }, add: { codes_sent: 1 } },
      equals('codes_sent', codesSent),
    ),
  /**
   * Removes the sign-up if its code is still the one read (no confirmation or new code came
   * between) and, with `expiredBy`, if its time ran out before then.
   */
  removeIfUnchanged: (
    organizationId: string,
    codeHash: string,
    { expiredBy }: { expiredBy?: Date } = {},
  ): TableWrite => {
    const still = equals('code_hash', codeHash);
    return remove(
      emailConfirmations.key(organizationId),
      expiredBy ? allOf(still, lessThan('expires_at', expiredBy.toISOString())) : still,
    );
  },
};

export function hashConfirmationCode(organizationId: string, code: string): string {
  return createHash('sha256').update(`${organizationId}:${code}`).digest('hex');
}

/**
 * A later company sign-up for an address whose first one still waits for its code (issue 35): it
 * does not replace the first, it waits beside it with a code of its own, emailed to the address.
 * Whoever reads that inbox decides: the first one's code confirms the first, this one's code (with
 * this one's password) makes this one the account instead. The password is kept as a scrypt hash
 * only, to be checked when the code is entered; TTL removes the item after its expiry.
 */
export const signupAttemptItemSchema = z.object({
  email: z.string(),
  attempt_id: z.string(),
  full_name: z.string(),
  company_name: z.string(),
  /** `scrypt:<salt>:<hash>`, both base64url. */
  password_hash: z.string(),
  code_hash: z.string(),
  /** Wrong codes entered for the address that this attempt still takes. */
  attempts_left: z.number(),
  created_at: z.string(),
  expires_at: z.string(),
});
export type SignupAttemptItem = z.infer<typeof signupAttemptItemSchema>;

/** The address, hashed: the partition names no address. */
function addressHash(email: string): string {
  return createHash('sha256').update(email).digest('hex').slice(0, 32);
}

const ATTEMPT_PREFIX = 'ATTEMPT#';

export const signupAttempts = {
  key: (email: string, attemptId: string) =>
    tableKey(`SIGNUPATTEMPTS#${addressHash(email)}`, `${ATTEMPT_PREFIX}${attemptId}`),
  item: (attempt: SignupAttemptItem) =>
    stored(
      { ...attempt, [TTL_ATTRIBUTE]: Math.ceil(Date.parse(attempt.expires_at) / 1000) },
      signupAttempts.key(attempt.email, attempt.attempt_id),
    ),
  /** The waiting attempts of an address, oldest first. */
  ofAddress: (email: string) => ({
    partition: key(`SIGNUPATTEMPTS#${addressHash(email)}`),
    sortPrefix: key(ATTEMPT_PREFIX),
  }),
  /** The attempts of an address, oldest first, read consistently. */
  listOfAddress: (email: string): Promise<SignupAttemptItem[]> =>
    listAll(signupAttemptItemSchema, signupAttempts.ofAddress(email), { consistent: true }),
  put: (attempt: SignupAttemptItem): TableWrite => put(signupAttempts.item(attempt)),
  /** One try fewer, if it has tries left. */
  spendTry: (email: string, attemptId: string): TableWrite =>
    patch(
      signupAttempts.key(email, attemptId),
      { add: { attempts_left: -1 } },
      greaterThan('attempts_left', 0),
    ),
  /** Taken, if its code is still the one read. */
  removeIfCode: (email: string, attemptId: string, codeHash: string): TableWrite =>
    remove(signupAttempts.key(email, attemptId), equals('code_hash', codeHash)),
  remove: (email: string, attemptId: string): TableWrite => remove(signupAttempts.key(email, attemptId)),
};

export function hashAttemptCode(email: string, attemptId: string, code: string): string {
  return createHash('sha256').update(`${email}:${attemptId}:${code}`).digest('hex');
}
