import { PASSWORD_MIN_LENGTH } from '../shared/constants';

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
  refreshTokenValidityDays: 30,
  /** The password-reset email Cognito sends; {####} is replaced by the code. */
  passwordResetEmail: {
    subject: 'Your IT Asset Auditor password reset code',
    body:
      'Someone asked to reset the password of your IT Asset Auditor account. ' +
      "Open the app's /reset-password page and enter this code: {####}. " +
      'If it was not you, ignore this email.',
  },
} as const;
