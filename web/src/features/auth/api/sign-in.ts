import { useMutation } from '@tanstack/react-query';
import { signIn } from 'aws-amplify/auth';
import type { SignInOutput } from 'aws-amplify/auth';
import { getRuntimeConfig } from '../../../config/runtime-config';

export interface SignInInput {
  email: string;
  password: string;
}

/** Signs in with Cognito. On success Amplify announces 'signedIn' and the session takes over. */
export function signInWithPassword({ email, password }: SignInInput): Promise<SignInOutput> {
  return signIn({
    username: email,
    password,
    options: { authFlowType: getRuntimeConfig().authFlow },
  });
}

export function useSignIn() {
  return useMutation({ mutationFn: signInWithPassword });
}
