import * as z from 'zod';
import { MFA_MESSAGES } from './mfa';

// The MFA routes' requests and answers (shared/mfa.ts has the rules and texts).

/** A code from an authenticator app: six digits, spaces a person may type between them ignored. */
export const totpCodeSchema = z
  .string({ error: MFA_MESSAGES.invalidCode })
  .transform((code) => code.replace(/\s/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, { error: MFA_MESSAGES.invalidCode }));

/** POST /api/me/mfa/disable: the password and a current code, which Cognito checks by signing in with them. */
export const mfaDisableSchema = z.strictObject({
  password: z.string({ error: 'Enter your password' }).min(1, { error: 'Enter your password' }).max(256),
  code: totpCodeSchema,
});
export type MfaDisableRequest = z.output<typeof mfaDisableSchema>;

/** POST /api/me/mfa and /api/me/mfa/disable answer with what Cognito says now. */
export const mfaStatusSchema = z.object({ mfa_enabled: z.boolean() });
export type MfaStatus = z.infer<typeof mfaStatusSchema>;

const passwordField = (message: string) => z.string({ error: message }).min(1, { error: message }).max(256);

/**
 * POST /api/me/password-proof: the web app sends the password it signed in with, right after the
 * sign-in, so the API can prove it (a super_admin session must, issue 35) and check its length.
 */
export const passwordProofSchema = z.strictObject({ password: passwordField('Enter your password') });
export type PasswordProofRequest = z.output<typeof passwordProofSchema>;

/** Whether the password meets the caller's rule; false: the session may only set a new one. */
export const passwordProofAnswerSchema = z.object({ password_ok: z.boolean() });
export type PasswordProofAnswer = z.infer<typeof passwordProofAnswerSchema>;

/** POST /api/me/password: the current password and a new one (a super_admin's: shared/super-admin.ts). */
export const passwordChangeSchema = z.strictObject({
  current_password: passwordField('Enter your current password'),
  new_password: passwordField('Enter a new password'),
});
export type PasswordChangeRequest = z.output<typeof passwordChangeSchema>;
