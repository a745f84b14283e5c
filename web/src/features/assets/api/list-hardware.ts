import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import {
  HARDWARE_PAGE_SIZE,
  hardwareListResponseSchema,
  type HardwareAsset,
  type HardwareListResponse,
} from '@shared/hardware';
import { PAGE_SIZE_MAX } from '@shared/list';
import { apiRequest } from '../../../api/api-client';
import { hardwareKeys, type HardwareFilters } from './hardware-keys';

export function listHardware(
  filters: HardwareFilters,
  cursor: string | null,
  signal?: AbortSignal,
  limit: number = HARDWARE_PAGE_SIZE,
): Promise<HardwareListResponse> {
  const params = new URLSearchParams();
  if (filters.q) params.set('q', filters.q);
  if (filters.status) params.set('status', filters.status);
  if (filters.type) params.set('type', filters.type);
  if (filters.location) params.set('location', filters.location);
  params.set('sort', filters.sort);
  params.set('order', filters.order);
  if (cursor) params.set('cursor', cursor);
  params.set('limit', String(limit));
  return apiRequest(`/api/hardware?${params.toString()}`, hardwareListResponseSchema, { signal });
}

/**
 * The hardware list in the order asked for, a page per cursor. With a search or a filter the
 * server reads on past, a page may hold fewer assets than asked for (even none) while more remain:
 * the caller keeps fetching (see useFilledTable).
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

/**
 * Every asset matching the filters, for the CSV export: pages of the largest size until the cursor
 * runs out, reporting after each page the assets so far, and of how many when the first page knew.
 */
export async function listAllHardware(
  filters: HardwareFilters,
  onProgress: (loaded: number, of: number | null) => void,
  signal?: AbortSignal,
): Promise<HardwareAsset[]> {
  const assets: HardwareAsset[] = [];
  let cursor: string | null = null;
  let of: number | null = null;
  do {
    const page: HardwareListResponse = await listHardware(filters, cursor, signal, PAGE_SIZE_MAX);
    if (cursor === null && page.total_exact) of = page.total;
    assets.push(...page.items);
    onProgress(assets.length, of);
    cursor = page.next_cursor;
  } while (cursor);
  return assets;
}
