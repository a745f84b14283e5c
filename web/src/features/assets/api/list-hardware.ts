import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import {
  HARDWARE_PAGE_SIZE,
  hardwareListResponseSchema,
  type HardwareListResponse,
} from '../../../../../shared/hardware';
import { apiRequest } from '../../../api/api-client';
import { hardwareKeys, type HardwareFilters } from './hardware-keys';

export function listHardware(
  filters: HardwareFilters,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<HardwareListResponse> {
  const params = new URLSearchParams();
  if (filters.q) params.set('q', filters.q);
  if (filters.status) params.set('status', filters.status);
  if (cursor) params.set('cursor', cursor);
  params.set('limit', String(HARDWARE_PAGE_SIZE));
  return apiRequest(`/api/hardware?${params.toString()}`, hardwareListResponseSchema, { signal });
}

/**
 * The hardware list, newest first, a page per cursor. With a search a page may hold fewer assets
 * than asked for (even none) while more remain: the caller keeps fetching (see useFilledTable).
 * While a new search loads, the previous results stay on screen (isPlaceholderData).
 */
export function useHardwareList(filters: HardwareFilters) {
  return useInfiniteQuery({
    queryKey: hardwareKeys.list(filters),
    queryFn: ({ pageParam, signal }) => listHardware(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.next_cursor,
    placeholderData: keepPreviousData,
  });
}
