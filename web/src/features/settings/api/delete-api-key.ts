import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod';
import type { ApiKeyListResponse } from '@shared/api-keys';
import { apiRequest } from '../../../api/api-client';
import { apiKeysQueryKey } from './get-api-keys';

/** Deletes a key (admins): agents using it are refused from then on. */
export async function deleteApiKey(id: string): Promise<void> {
  await apiRequest(`/api/api-keys/${encodeURIComponent(id)}`, z.unknown(), { method: 'DELETE' });
}

export function useDeleteApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteApiKey,
    onSuccess: (_result, id) => {
      queryClient.setQueryData<ApiKeyListResponse>(apiKeysQueryKey, (list) =>
        list ? { items: list.items.filter((item) => item.id !== id) } : list,
      );
      void queryClient.invalidateQueries({ queryKey: apiKeysQueryKey });
    },
  });
}
