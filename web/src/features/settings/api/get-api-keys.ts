import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiKeyListResponseSchema, type ApiKeyListResponse } from '@shared/api-keys';
import { apiRequest } from '../../../api/api-client';

export const apiKeysQueryKey = ['api-keys'] as const;

/** The organisation's keys, newest first: names and prefixes, never the keys themselves. */
export function getApiKeys(): Promise<ApiKeyListResponse> {
  return apiRequest('/api/api-keys', apiKeyListResponseSchema);
}

export const apiKeysQueryOptions = queryOptions({
  queryKey: apiKeysQueryKey,
  queryFn: getApiKeys,
});

export function useApiKeys() {
  return useQuery(apiKeysQueryOptions);
}
