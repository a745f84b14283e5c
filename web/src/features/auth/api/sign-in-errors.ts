import { AUTH_MESSAGES } from '@shared/auth';
import { errorMessage } from '../../../api/api-client';

/**
 * Cognito's answers that mean "this address and password do not match an account". With the pool's
 * user-existence protection an unknown address is NotAuthorizedException too; UserNotFoundException
 * is what a pool without it says.
 */
const WRONG_CREDENTIALS = /^incorrect username or password\.?$/i;

/** What the sign-in form shows for a failed sign-in: one message whether or not the address has an account. */
export function signInErrorMessage(error: unknown): string {
  if (error instanceof Error) {
    if (error.name === 'UserNotFoundException') return AUTH_MESSAGES.incorrectCredentials;
    if (error.name === 'NotAuthorizedException' && WRONG_CREDENTIALS.test(error.message.trim()))
      return AUTH_MESSAGES.incorrectCredentials;
  }
  return errorMessage(error);
}
