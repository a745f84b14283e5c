import { AUTH_MESSAGES } from '@shared/auth';
import { errorMessage } from '../../../api/api-client';

/**
 * Cognito's refusals that would tell a stranger something about an address: that it has no
 * account (UserNotFoundException, from a pool without user-existence protection), or that it has one
 * (NotAuthorizedException's other texts: 'User is disabled.', 'Password attempts exceeded', or a
 * sign-up that is not confirmed). Each of them reads as a wrong password (issue 25).
 */
const ABOUT_THE_ACCOUNT = new Set([
  'UserNotFoundException',
  'NotAuthorizedException',
  'UserNotConfirmedException',
  'PasswordResetRequiredException',
]);

/** What the sign-in form shows for a failed sign-in: one message whether or not the address has an account. */
export function signInErrorMessage(error: unknown): string {
  if (error instanceof Error && ABOUT_THE_ACCOUNT.has(error.name)) return AUTH_MESSAGES.incorrectCredentials;
  return errorMessage(error);
}
