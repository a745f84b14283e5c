import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchMFAPreference, setUpTOTP, updateMFAPreference, verifyTOTPSetup } from 'aws-amplify/auth';
import { MFA_ISSUER, MFA_MESSAGES } from '@shared/mfa';
import { mfaStatusSchema, type MfaStatus } from '@shared/mfa-requests';
import { apiRequest } from '../../../api/api-client';
import { meQueryOptions } from '../../../api/me';

/**
 * MFA with an authenticator app, set up through Cognito with Amplify's own calls. The API is then
 * told that it changed (POST /api/me/mfa) and reads it from Cognito itself: it never takes our word.
 */
export const cognitoMfaQueryKey = ['cognito-mfa'] as const;

/** Whether Cognito has TOTP MFA on for the signed-in person (fetchMFAPreference). */
export function useCognitoMfa() {
  return useQuery({
    queryKey: cognitoMfaQueryKey,
    queryFn: async () => ({ enabled: (await fetchMFAPreference()).enabled?.includes('TOTP') ?? false }),
  });
}

/** Asks the API to re-read the caller's MFA from Cognito and record it. */
export function recordMfaChange(): Promise<MfaStatus> {
  return apiRequest('/api/me/mfa', mfaStatusSchema, { method: 'POST' });
}

export interface TotpSetup {
  /** The key to type into an authenticator app that cannot scan. */
  secret: string;
  /** The otpauth:// address the QR code holds. */
  uri: string;
}

/** A new authenticator key for the person (Cognito's AssociateSoftwareToken). */
export function useStartTotpSetup() {
  return useMutation({
    mutationFn: async (accountName: string): Promise<TotpSetup> => {
      const details = await setUpTOTP();
      return { secret: details.sharedSecret, uri: details.getSetupUri(MFA_ISSUER, accountName).toString() };
    },
  });
}

/** Cognito's answer to a code that does not match the new key. */
function isWrongCode(error: unknown): boolean {
  return (
    error instanceof Error &&
    ['CodeMismatchException', 'EnableSoftwareTokenMFAException'].includes(error.name)
  );
}

/** The first code proves the app holds the key; MFA is then turned on and the API told. */
export function useFinishTotpSetup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (code: string): Promise<MfaStatus> => {
      try {
        await verifyTOTPSetup({ code });
      } catch (error) {
        throw isWrongCode(error) ? new Error(MFA_MESSAGES.wrongCode) : error;
      }
      await updateMFAPreference({ totp: 'PREFERRED' });
      return recordMfaChange();
    },
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: cognitoMfaQueryKey });
      await queryClient.invalidateQueries({ queryKey: meQueryOptions.queryKey });
    },
  });
}
