import { useQuery } from '@tanstack/react-query';
import { apiKeyDevicesResponseSchema } from '@shared/api-keys';
import { apiRequest } from '../../../api/api-client';
import { apiKeysQueryKey } from './get-api-keys';

/** How many devices a key enrolled, read when its delete dialog opens (issue 35). */
export function useApiKeyDevices(id: string) {
  return useQuery({
    queryKey: [...apiKeysQueryKey, id, 'devices'],
    queryFn: () => apiRequest(`/api/api-keys/${encodeURIComponent(id)}/devices`, apiKeyDevicesResponseSchema),
    staleTime: 0,
  });
}
