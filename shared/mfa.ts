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
  requireOn: 'Every member must now use multi-factor authentication',
  requireOff: 'Multi-factor authentication is now optional for members',
  /** 401 to a session that began before the person's MFA, password or organisation's rule changed. */
  sessionEnded:
    'Your sign-in has ended because your multi-factor authentication or password changed. Sign in again.',
  /** The sign-in screen's notice after the web app signed out on such a 401 (it says why, calmly). */
  signedOutSessionEnded: 'You were signed out because your sign-in settings changed. Sign in again.',
  /** 403 to a super_admin session whose password the API has not proven yet (issue 35). */
  passwordProofRequired: 'Sign in again: your password has to be checked before you continue',
  /** 403 to a super_admin session signed in with a password shorter than the rule. */
  passwordChangeRequired: 'Set a new password of at least 12 characters to continue',
  wrongPassword: 'The password is not right.',
  passwordChanged: 'Your password has been changed',
} as const;

export const MFA_REQUIRED_CODE = 'mfa_required';
export const SESSION_ENDED_CODE = 'session_ended';
export const PASSWORD_PROOF_REQUIRED_CODE = 'password_proof_required';
export const PASSWORD_CHANGE_REQUIRED_CODE = 'password_change_required';

/**
 * How long the API trusts its last read of Cognito's record of a session's person (MFA on, and when
 * the record last changed) before it reads it again: within one token session always, and at most
 * this long, so a change made with Cognito's own calls is noticed within minutes even by a session
 * that never signs in again.
 */
/** A sign-in's session lasts as long as its refresh token: the pool's setting (infra/user-pool-settings.ts). */
export const SESSION_LIFETIME_DAYS = 30;

export const MFA_RECHECK_MS = 5 * 60_000;

/** The issuer an authenticator app shows beside the account (in the otpauth:// address of the QR code). */
export const MFA_ISSUER = 'IT Asset Auditor';

/** Whether MFA is required of a person: always of the super_admin, of everyone where the organisation says so. */
export function isMfaRequired(role: Role, organizationRequiresMfa: boolean): boolean {
  return role === 'super_admin' || organizationRequiresMfa;
}

/** Whether a person must set MFA up before anything else: it is required of them and they have none. */
export function mustSetUpMfa(role: Role, organizationRequiresMfa: boolean, mfaEnabled: boolean): boolean {
  return isMfaRequired(role, organizationRequiresMfa) && !mfaEnabled;
}
