import { useMutation } from '@tanstack/react-query';
import { signIn } from 'aws-amplify/auth';
import type { SignInOutput } from 'aws-amplify/auth';
import { passwordProofAnswerSchema } from '@shared/mfa-requests';
import { apiRequest } from '../../../api/api-client';
import { forgetSignOutReason } from '../../../api/sign-out-notice';
import { holdRequestsForProof, proveSession, releaseRequests } from '../../../api/session-proof';
import { getRuntimeConfig } from '../../../config/runtime-config';

export interface SignInInput {
  email: string;
  password: string;
}

/** POST /api/me/password-proof, sent while every other request waits for it. */
function sendProof(password: string) {
  return apiRequest('/api/me/password-proof', passwordProofAnswerSchema, {
    method: 'POST',
    body: { password },
    proof: true,
  });
}

/** The sign-in is complete: the session proves its password before the app's requests go. */
export function proveSignedInSession(): Promise<void> {
  return proveSession(sendProof);
}

/**
 * Signs in with Cognito. On success Amplify announces 'signedIn' and the session takes over; its
 * requests wait until the password is proven to the API (api/session-proof.ts).
 */
export async function signInWithPassword({ email, password }: SignInInput): Promise<SignInOutput> {
  forgetSignOutReason();
  holdRequestsForProof(password);
  try {
    const result = await signIn({
      username: email,
      password,
      options: { authFlowType: getRuntimeConfig().authFlow },
    });
    if (result.isSignedIn) await proveSignedInSession();
    // The code step keeps the hold until it completes (confirm-sign-in.ts).
    else if (result.nextStep.signInStep !== 'CONFIRM_SIGN_IN_WITH_TOTP_CODE') releaseRequests();
    return result;
  } catch (error) {
    releaseRequests();
    throw error;
  }
}

export function useSignIn() {
  return useMutation({ mutationFn: signInWithPassword });
}
