import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@shared/auth';
import { signInErrorMessage } from './sign-in-errors';

/** An error as Amplify throws it: the Cognito exception's name and message. */
function cognitoError(name: string, message: string): Error {
  const error = new Error(message);
  error.name = name;
  return error;
}

describe('signInErrorMessage', () => {
  it('says one thing for an unknown address, a wrong password and anything else about the account', () => {
    for (const [name, message] of [
      ['UserNotFoundException', 'User does not exist.'],
      ['NotAuthorizedException', 'Incorrect username or password.'],
      ['NotAuthorizedException', 'User is disabled.'],
      ['NotAuthorizedException', 'Password attempts exceeded'],
      ['UserNotConfirmedException', 'User is not confirmed.'],
      ['PasswordResetRequiredException', 'Password reset required for the user'],
    ])
      expect(signInErrorMessage(cognitoError(name!, message!)), name).toBe(
        AUTH_MESSAGES.incorrectCredentials,
      );
  });

  it("passes Cognito's refusals that say nothing about the address on as they are", () => {
    expect(
      signInErrorMessage(
        cognitoError('LimitExceededException', 'Attempt limit exceeded, please try after some time.'),
      ),
    ).toBe('Attempt limit exceeded, please try after some time.');
    expect(signInErrorMessage('boom')).toBe(AUTH_MESSAGES.generic);
  });
});
