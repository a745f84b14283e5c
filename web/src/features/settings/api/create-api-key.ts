import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  createdApiKeySchema,
  type ApiKey,
  type ApiKeyListResponse,
  type CreatedApiKey,
} from '@shared/api-keys';
import { apiRequest } from '../../../api/api-client';
import { apiKeysQueryKey } from './get-api-keys';

/** A new key for the caller's organisation (admins). The answer is the only time the full key is sent. */
export function createApiKey(): Promise<CreatedApiKey> {
  return apiRequest('/api/api-keys', createdApiKeySchema, { method: 'POST', body: {} });
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiKey,
    onSuccess: (created) => {
      // The list shows the new key at once; the full key itself stays out of the cache.
      const listed: ApiKey = {
        id: created.id,
        name: created.name,
        prefix: created.prefix,
        created_at: created.created_at,
        last_used_at: created.last_used_at,
      };
      queryClient.setQueryData<ApiKeyListResponse>(apiKeysQueryKey, (list) =>
        list ? { items: [listed, ...list.items.filter((item) => item.id !== listed.id)] } : list,
      );
      void queryClient.invalidateQueries({ queryKey: apiKeysQueryKey });
    },
  });
}
