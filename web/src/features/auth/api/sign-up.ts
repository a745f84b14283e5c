import { useMutation } from '@tanstack/react-query';
import { signupResponseSchema } from '@shared/auth';
import type { SignupRequest, SignupResponse } from '@shared/auth';
import { apiRequest } from '../../../api/api-client';

/** Sign-up goes through our API, which creates the user, the organisation (or joins one) and the trial. */
export function signUp(input: SignupRequest): Promise<SignupResponse> {
  return apiRequest('/api/auth/signup', signupResponseSchema, { method: 'POST', body: input, auth: false });
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
