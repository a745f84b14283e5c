import { PASSWORD_RESET_SUBJECT } from '../functions/auth/password-reset-email';
import { PASSWORD_MIN_LENGTH } from '../shared/constants';
import { SESSION_LIFETIME_DAYS } from '../shared/mfa';

/**
 * The user pool's settings, shared by the CDK Auth stack and the local stack's cognito-local pool
 * so the two cannot drift apart.
 */
export const USER_POOL_SETTINGS = {
  poolName: 'it-asset-auditor-users',
  clientName: 'it-asset-auditor-web',
  passwordMinLength: PASSWORD_MIN_LENGTH,
  /** Sign-in is by email: the email is the username. */
  usernameAttributes: ['email'] as const,
  accessTokenValidityMinutes: 60,
  idTokenValidityMinutes: 60,
  refreshTokenValidityDays: SESSION_LIFETIME_DAYS,
  /**
   * An unknown address fails sign-in exactly as a wrong password does, and "forgot password"
   * answers as if it sent a code: the pool does not tell a stranger who has an account.
   */
  preventUserExistenceErrors: true,
  /**
   * The standard attributes a signed-in user may change on their own account through the app client
   * (UpdateUserAttributes with their access token): their name only. Never the email, which is how
   * they sign in and receive password reset codes: one changed to another address would take that
   * address's identity. The product's own admin calls are not limited by it.
   */
  clientWriteAttributes: ['name'],
  /**
   * MFA is optional for the pool and by authenticator app (TOTP) only, never SMS: each person turns
   * it on in Settings → Security; the API requires it of the super_admin and, where an admin says
   * so, of every member of an organisation (issue 25).
   */
  mfa: { configuration: 'OPTIONAL', totp: true, sms: false },
  /**
   * The app client's sign-in flows beside SRP and refresh: the API proves a password and TOTP code
   * with AdminInitiateAuth (ADMIN_USER_PASSWORD_AUTH) before it turns MFA off.
   */
  adminPasswordAuth: true,
  /**
   * The pool's own password-reset email ({####} is replaced by the code), sent where the
   * CustomMessage trigger (functions/auth/custom-message.ts) has no app address to link to.
   */
  passwordResetEmail: {
    subject: PASSWORD_RESET_SUBJECT,
    body:
      'Someone asked to reset the password of your IT Asset Auditor account. ' +
      "Open the app's /reset-password page and enter this code: {####}. " +
      'If it was not you, ignore this email.',
  },
} as const;
