import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod';
import type { ApiKeyListResponse } from '@shared/api-keys';
import { apiRequest } from '../../../api/api-client';
import { apiKeysQueryKey } from './get-api-keys';

/**
 * Deletes a key (admins): it enrols no device from then on. With `revokeDevices` (issue 35) every
 * device it enrolled is revoked too; without, they keep reporting with their own tokens.
 */
export async function deleteApiKey({
  id,
  revokeDevices,
}: {
  id: string;
  revokeDevices: boolean;
}): Promise<void> {
  const query = revokeDevices ? '?revoke_devices=true' : '';
  await apiRequest(`/api/api-keys/${encodeURIComponent(id)}${query}`, z.unknown(), { method: 'DELETE' });
}

export function useDeleteApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteApiKey,
    onSuccess: (_result, { id }) => {
      queryClient.setQueryData<ApiKeyListResponse>(apiKeysQueryKey, (list) =>
        list ? { items: list.items.filter((item) => item.id !== id) } : list,
      );
      void queryClient.invalidateQueries({ queryKey: apiKeysQueryKey });
    },
  });
}
