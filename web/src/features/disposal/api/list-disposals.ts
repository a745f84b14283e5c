import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import {
  DISPOSAL_PAGE_SIZE,
  DISPOSAL_PAGE_SIZE_MAX,
  disposalListResponseSchema,
  type DisposalItem,
  type DisposalListResponse,
} from '@shared/disposal';
import { apiRequest } from '../../../api/api-client';
import { disposalKeys, type DisposalFilters } from './disposal-keys';

export function listDisposals(
  filters: DisposalFilters,
  cursor: string | null,
  limit: number = DISPOSAL_PAGE_SIZE,
  signal?: AbortSignal,
): Promise<DisposalListResponse> {
  const params = new URLSearchParams();
  if (filters.q) params.set('q', filters.q);
  if (filters.status) params.set('status', filters.status);
  if (cursor) params.set('cursor', cursor);
  params.set('limit', String(limit));
  return apiRequest(`/api/disposals?${params.toString()}`, disposalListResponseSchema, { signal });
}

/**
 * The disposal list, newest first, a page per cursor. With a search a page may hold fewer items
 * than asked for (even none) while more remain: the caller keeps fetching (see useFilledTable).
 * While a new search loads, the previous results stay on screen (isPlaceholderData).
 */
export function useDisposalList(filters: DisposalFilters) {
  return useInfiniteQuery({
    queryKey: disposalKeys.list(filters),
    queryFn: ({ pageParam, signal }) => listDisposals(filters, pageParam, DISPOSAL_PAGE_SIZE, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.next_cursor,
    placeholderData: keepPreviousData,
  });
}

/**
 * Every item matching the filters, for the CSV export: pages of the largest size until the cursor
 * runs out, reporting the count so far after each page.
 */
export async function listAllDisposals(
  filters: DisposalFilters,
  onProgress: (loaded: number) => void,
  signal?: AbortSignal,
): Promise<DisposalItem[]> {
  const items: DisposalItem[] = [];
  let cursor: string | null = null;
  do {
    const page: DisposalListResponse = await listDisposals(filters, cursor, DISPOSAL_PAGE_SIZE_MAX, signal);
    items.push(...page.items);
    onProgress(items.length);
    cursor = page.next_cursor;
  } while (cursor);
  return items;
}
