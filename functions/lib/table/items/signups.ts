import { createHash } from 'node:crypto';
import * as z from 'zod';
import { key, stored, tableKey } from './stored';

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
};

export function hashConfirmationCode(organizationId: string, code: string): string {
  return createHash('sha256').update(`${organizationId}:${code}`).digest('hex');
}
