import * as z from 'zod';
import type { Role } from './constants';

/**
 * Multi-factor authentication with an authenticator app (TOTP through Cognito, issue 25). Cognito
 * holds the secret and asks for the code at sign-in; the API keeps on the profile whether Cognito
 * says the person has it, and refuses a person who must have it and does not.
 */
export const MFA_MESSAGES = {
  /** The 403 a person who must have MFA and has none gets from every route but /me and MFA's own. */
  required: 'Set up multi-factor authentication in Settings → Security to continue',
  invalidCode: 'Enter the 6-digit code from your authenticator app',
  wrongCode: 'That code is not valid. Enter the current code from your authenticator app.',
  wrongPasswordOrCode: 'The password or the code is not right.',
  notEnabled: 'Multi-factor authentication is not on for your account',
  enabled: 'Multi-factor authentication is on',
  disabled: 'Multi-factor authentication is off',
  /** Turning it off is refused to whom it is required of. */
  stillRequired:
    'Your role or your organization requires multi-factor authentication: it cannot be turned off',
  /** An admin cannot require of others what they have not set up themselves (they would be refused at once). */
  setUpYourselfFirst: 'Set up multi-factor authentication for yourself before requiring it of everyone',
  requireConfirm: 'Require multi-factor authentication for every member of your organization?',
  requireOn: 'Every member must now use multi-factor authentication',
  requireOff: 'Multi-factor authentication is now optional for members',
} as const;

export const MFA_REQUIRED_CODE = 'mfa_required';

/** The issuer an authenticator app shows beside the account. */
export const MFA_ISSUER = 'IT Asset Auditor';

/** Whether MFA is required of a person: always of the super_admin, of everyone where the organisation says so. */
export function isMfaRequired(role: Role, organizationRequiresMfa: boolean): boolean {
  return role === 'super_admin' || organizationRequiresMfa;
}

/** Whether a person must set MFA up before anything else: it is required of them and they have none. */
export function mustSetUpMfa(role: Role, organizationRequiresMfa: boolean, mfaEnabled: boolean): boolean {
  return isMfaRequired(role, organizationRequiresMfa) && !mfaEnabled;
}

/** The otpauth:// address an authenticator app reads from the QR code (Key Uri Format). */
export function totpSetupUri(secret: string, accountName: string): string {
  const label = `${encodeURIComponent(MFA_ISSUER)}:${encodeURIComponent(accountName)}`;
  const query = new URLSearchParams({ secret, issuer: MFA_ISSUER });
  return `otpauth://totp/${label}?${query.toString()}`;
}

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

/** PATCH /api/organization: whether every member of the organisation must use MFA. */
export const organizationSecuritySchema = z.strictObject({
  require_mfa: z.boolean({ error: 'require_mfa must be true or false' }),
});
export type OrganizationSecurity = z.output<typeof organizationSecuritySchema>;
