import { resetPasswordLink } from '../../shared/auth';

export const PASSWORD_RESET_SUBJECT = 'Your IT Asset Auditor password reset code';

/**
 * The password reset email, as the Cognito CustomMessage trigger writes it: a link to the app's
 * /reset-password page with the address filled in, and the code (Cognito puts it where
 * `codeParameter` stands, so the code itself never passes through our function).
 */
export function passwordResetEmail(appUrl: string, email: string, codeParameter: string) {
  return {
    subject: PASSWORD_RESET_SUBJECT,
    body: [
      'Someone asked to reset the password of your IT Asset Auditor account.',
      '',
      `To choose a new password, open ${resetPasswordLink(appUrl, email)} and enter this code: ${codeParameter}`,
      '',
      'If it was not you, ignore this email: your password stays as it is.',
    ].join('\n'),
  };
}
