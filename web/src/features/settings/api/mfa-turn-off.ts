import { useMutation, useQueryClient } from '@tanstack/react-query';
import { mfaStatusSchema, type MfaDisableRequest, type MfaStatus } from '@shared/mfa-requests';
import { apiRequest } from '../../../api/api-client';
import { meQueryOptions } from '../../../api/me';
import { cognitoMfaQueryKey } from './mfa-setup';

/**
 * Turns MFA off: the API proves the password and a current code to Cognito (a sign-in with them),
 * then turns it off there. Cognito offers no other way to check a code once the app is set up.
 */
export function turnOffMfa(request: MfaDisableRequest): Promise<MfaStatus> {
  return apiRequest('/api/me/mfa/disable', mfaStatusSchema, { method: 'POST', body: request });
}

export function useTurnOffMfa() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: turnOffMfa,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: cognitoMfaQueryKey });
      await queryClient.invalidateQueries({ queryKey: meQueryOptions.queryKey });
    },
  });
}
