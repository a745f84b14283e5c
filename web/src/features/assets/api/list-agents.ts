import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { AGENT_PAGE_SIZE, agentListResponseSchema, type AgentListResponse } from '@shared/agent-data';
import { apiRequest } from '../../../api/api-client';
import { agentKeys, type AgentFilters } from './agent-keys';

/** The grid refreshes itself this often while the page is visible (issue 22). */
export const AGENT_LIST_REFRESH_MS = 60_000;

/** A page of the fleet's light fields, searched, filtered by freshness and ordered by the API. */
export function listAgents(
  filters: AgentFilters,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<AgentListResponse> {
  const params = new URLSearchParams();
  if (filters.q) params.set('q', filters.q);
  if (filters.freshness) params.set('freshness', filters.freshness);
  if (filters.inventory) params.set('inventory', filters.inventory);
  params.set('sort', filters.sort);
  if (cursor) params.set('cursor', cursor);
  params.set('limit', String(AGENT_PAGE_SIZE));
  return apiRequest(`/api/agents?${params.toString()}`, agentListResponseSchema, { signal });
}

/**
 * The fleet a page per cursor (Load more), refreshed every minute, but only while the document is
 * visible: TanStack Query skips the interval's fetches while it is hidden, and fetches once as it
 * becomes visible again (the pages loaded, again from the first). While other filters load, the
 * previous machines stay on screen.
 */
export function useAgentList(filters: AgentFilters) {
  return useInfiniteQuery({
    queryKey: agentKeys.list(filters),
    queryFn: ({ pageParam, signal }) => listAgents(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.next_cursor,
    placeholderData: keepPreviousData,
    refetchInterval: AGENT_LIST_REFRESH_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
  });
}
