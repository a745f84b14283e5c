import { useMutation } from '@tanstack/react-query';
import { emailConfirmationResponseSchema, type EmailConfirmationResponse } from '@shared/auth';
import { apiRequest, isApiError } from '../../../api/api-client';

/** The API's refusal of a company whose emailed code was not entered yet (issue 25). */
export function isUnconfirmedEmail(error: unknown): boolean {
  return isApiError(error) && error.status === 403 && error.code === 'email_unconfirmed';
}

export function confirmEmail(code: string): Promise<EmailConfirmationResponse> {
  return apiRequest('/api/auth/email-confirmation', emailConfirmationResponseSchema, {
    method: 'POST',
    body: { code },
  });
}

export function sendNewCode(): Promise<EmailConfirmationResponse> {
  return apiRequest('/api/auth/email-confirmation/code', emailConfirmationResponseSchema, { method: 'POST' });
}

export function useConfirmEmail() {
  return useMutation({ mutationFn: confirmEmail });
}

export function useSendNewCode() {
  return useMutation({ mutationFn: sendNewCode });
}
