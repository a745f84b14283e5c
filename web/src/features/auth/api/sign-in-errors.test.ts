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
  it('says the same for an unknown address and a wrong password', () => {
    const unknown = signInErrorMessage(cognitoError('UserNotFoundException', 'User does not exist.'));
    const wrong = signInErrorMessage(
      cognitoError('NotAuthorizedException', 'Incorrect username or password.'),
    );
    expect(unknown).toBe(AUTH_MESSAGES.incorrectCredentials);
    expect(wrong).toBe(AUTH_MESSAGES.incorrectCredentials);
  });

  it("passes Cognito's other refusals on as they are", () => {
    expect(signInErrorMessage(cognitoError('NotAuthorizedException', 'User is disabled.'))).toBe(
      'User is disabled.',
    );
    expect(
      signInErrorMessage(
        cognitoError('LimitExceededException', 'Attempt limit exceeded, please try after some time.'),
      ),
    ).toBe('Attempt limit exceeded, please try after some time.');
    expect(signInErrorMessage('boom')).toBe(AUTH_MESSAGES.generic);
  });
});
