import { useMutation } from '@tanstack/react-query';
import { signupResponseSchema, type SignupAttemptConfirmation, type SignupResponse } from '@shared/auth';
import { apiRequest } from '../../../api/api-client';

/**
 * POST /api/auth/signup/confirm: a sign-up that waited beside an earlier one for its address,
 * confirmed with its emailed code and its password (issue 35). Public: its owner cannot sign in yet.
 */
export function confirmSignUp(input: SignupAttemptConfirmation): Promise<SignupResponse> {
  return apiRequest('/api/auth/signup/confirm', signupResponseSchema, {
    method: 'POST',
    body: input,
    auth: false,
  });
}

export function useConfirmSignUp() {
  return useMutation({ mutationFn: confirmSignUp });
}
