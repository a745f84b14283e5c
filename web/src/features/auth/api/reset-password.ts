import { useMutation } from '@tanstack/react-query';
import { confirmResetPassword, resetPassword } from 'aws-amplify/auth';

/** Asks Cognito to send a password reset code to the address; resolves to where it was sent. */
export async function requestPasswordReset(email: string): Promise<string> {
  const result = await resetPassword({ username: email });
  return result.nextStep.codeDeliveryDetails?.destination ?? email;
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
