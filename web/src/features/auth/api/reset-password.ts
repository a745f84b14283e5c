import { useMutation } from '@tanstack/react-query';
import { confirmResetPassword, resetPassword } from 'aws-amplify/auth';
import type { ResetPasswordOutput } from 'aws-amplify/auth';

/** Asks Cognito to send a password reset code to the address. */
export function requestPasswordReset(email: string): Promise<ResetPasswordOutput> {
  return resetPassword({ username: email });
}

export interface ConfirmPasswordResetInput {
  email: string;
  code: string;
  newPassword: string;
}

export function confirmPasswordReset({ email, code, newPassword }: ConfirmPasswordResetInput): Promise<void> {
  return confirmResetPassword({ username: email, confirmationCode: code, newPassword });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}

export function useConfirmPasswordReset() {
  return useMutation({ mutationFn: confirmPasswordReset });
}
