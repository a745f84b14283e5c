import * as z from 'zod';
import { TTL_ATTRIBUTE } from '../definition';
import { tableKey } from './stored';

/**
 * A token session of a person MFA is required of (functions/lib/mfa-session.ts): what the API last
 * read of Cognito's record for it, and whether the session proved its password. One sign-in and
 * all its refreshes share the session (the tokens' origin_jti); DynamoDB removes it once the
 * session's refresh token would have expired.
 */
export const sessionItemSchema = z.object({
  user_id: z.string(),
  session_id: z.string(),
  /** Cognito's UserMFASettingList had TOTP when last read. */
  mfa_enabled: z.boolean(),
  /** When the API last read Cognito's record (ISO). */
  checked_at: z.string(),
  /** When the session's password was proven (a super_admin's, POST /api/me/password-proof). */
  password_proven_at: z.string().optional(),
  /** The proven password is shorter than the caller's rule: only a new one may be set. */
  password_too_short: z.boolean().optional(),
});
export type SessionItem = z.infer<typeof sessionItemSchema>;

export const sessions = {
  key: (organizationId: string, userId: string, sessionId: string) =>
    tableKey(`ORG#${organizationId}`, `SESSION#${userId}#${sessionId}`),
  /** Epoch seconds: the sign-in's time and its refresh token's life, and a day. */
  expiry: (authTimeSeconds: number, refreshDays: number) => ({
    [TTL_ATTRIBUTE]: authTimeSeconds + (refreshDays + 1) * 86_400,
  }),
};
