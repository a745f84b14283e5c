import { useMutation } from '@tanstack/react-query';
import { confirmSignIn } from 'aws-amplify/auth';
import { MFA_MESSAGES } from '@shared/mfa';
import { errorMessage } from '../../../api/api-client';
import { proveSignedInSession } from './sign-in';

/** The sign-in's second step for a person with MFA: the code of their authenticator app. */
export async function confirmSignInWithTotp(code: string): Promise<boolean> {
  const result = await confirmSignIn({ challengeResponse: code });
  if (result.isSignedIn) await proveSignedInSession();
  return result.isSignedIn;
}

export function useConfirmSignInWithTotp() {
  return useMutation({ mutationFn: confirmSignInWithTotp });
}

/** Cognito's answers in the words the code step shows; an expired step sends the person back. */
export function totpStepError(error: unknown): { message: string; restart: boolean } {
  if (error instanceof Error) {
    if (error.name === 'CodeMismatchException') return { message: MFA_MESSAGES.wrongCode, restart: false };
    if (error.name === 'NotAuthorizedException' || error.name === 'SignInException') {
      return { message: 'Your sign-in took too long. Sign in again.', restart: true };
    }
  }
  return { message: errorMessage(error), restart: false };
}
