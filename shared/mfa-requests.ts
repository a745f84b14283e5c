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
