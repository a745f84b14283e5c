import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createdApiKeySchema, type CreatedApiKey } from '@shared/api-keys';
import { apiRequest } from '../../../api/api-client';
import { apiKeysQueryKey } from './get-api-keys';

/** A new secret for a key (admins, issue 35): the old one stops enrolling; the answer shows the new one once. */
export function rotateApiKey(id: string): Promise<CreatedApiKey> {
  return apiRequest(`/api/api-keys/${encodeURIComponent(id)}/rotate`, createdApiKeySchema, {
    method: 'POST',
  });
}

export function useRotateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rotateApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryKey }),
  });
}
