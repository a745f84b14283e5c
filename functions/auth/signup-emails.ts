import { confirmSignupLink, SIGNUP_CONFIRMATION_HOURS } from '../../shared/auth';
import { config } from '../lib/config';
import { sendEmail } from '../lib/mail';

/**
 * The emails a sign-up sends through the product's mail (SES; locally the outbox): the code that
 * proves a new company's address, and, when the address already has an account, a word to its owner
 * instead, since the sign-up's answer must not tell a stranger that the account exists.
 */
export const CONFIRMATION_CODE_SUBJECT = 'Your IT Asset Auditor confirmation code';
export const ACCOUNT_EXISTS_SUBJECT = 'Someone tried to sign up with your IT Asset Auditor address';
export const SIGNUP_ATTEMPT_SUBJECT = 'Your IT Asset Auditor sign-up is waiting for this code';

/** Where the email sends the person: the app, when its address is configured. */
function signInHint(): string {
  const { APP_URL } = config();
  return APP_URL ? `Sign in at ${APP_URL.replace(/\/+$/, '')}` : 'Sign in to IT Asset Auditor';
}

export async function sendConfirmationCodeEmail(email: string, code: string): Promise<void> {
  await sendEmail({
    to: email,
    subject: CONFIRMATION_CODE_SUBJECT,
    text: [
      'Welcome to IT Asset Auditor.',
      '',
      `Your confirmation code is: ${code}`,
      '',
      `${signInHint()} with the email address and password you chose, and enter the code when asked.`,
      `A sign-up that is not confirmed within ${SIGNUP_CONFIRMATION_HOURS} hours is removed.`,
      '',
      'If you did not sign up, ignore this email: nothing happens without the code.',
    ].join('\n'),
  });
}

export async function sendAccountExistsEmail(email: string): Promise<void> {
  await sendEmail({
    to: email,
    subject: ACCOUNT_EXISTS_SUBJECT,
    text: [
      'Someone tried to create a new IT Asset Auditor company account with this email address, which already has an account.',
      'No new account was created.',
      '',
      `If it was you: ${signInHint()} with your existing account. If you forgot your password, choose "Forgot password?" on the sign-in screen.`,
      '',
      'If it was not you, you can ignore this email.',
    ].join('\n'),
  });
}

/**
 * A later sign-up for an address with one already waiting (issue 35): its own code, and where to
 * enter it, since Cognito still holds the first sign-up's password. Nothing changes without it.
 */
export async function sendSignupAttemptCodeEmail(email: string, code: string): Promise<void> {
  const { APP_URL } = config();
  const where = APP_URL
    ? `open ${confirmSignupLink(APP_URL, email)}`
    : 'open "Confirm your sign-up" in IT Asset Auditor';
  await sendEmail({
    to: email,
    subject: SIGNUP_ATTEMPT_SUBJECT,
    text: [
      'Someone signed up for IT Asset Auditor with this email address, which already has a sign-up waiting for its confirmation code.',
      '',
      `The code of this new sign-up is: ${code}`,
      '',
      `If this new sign-up is yours: ${where} and enter the code with this email address and the password you chose. It replaces the earlier sign-up.`,
      'If the earlier sign-up is yours, sign in with its password and enter the code of its own email. Whichever code is entered first decides.',
      `A sign-up that is not confirmed within ${SIGNUP_CONFIRMATION_HOURS} hours is removed.`,
      '',
      'If you did not sign up, ignore this email: nothing happens without a code.',
    ].join('\n'),
  });
}
