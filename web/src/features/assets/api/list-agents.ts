import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { agentListResponseSchema, type AgentListResponse } from '@shared/agent-data';
import { apiRequest } from '../../../api/api-client';
import { agentKeys, type AgentFilters } from './agent-keys';

/** The grid refreshes itself this often while the page is visible (issue 22). */
export const AGENT_LIST_REFRESH_MS = 60_000;

/** The fleet's light fields, searched, filtered by freshness and ordered by the API. */
export function listAgents(filters: AgentFilters, signal?: AbortSignal): Promise<AgentListResponse> {
  const params = new URLSearchParams();
  if (filters.q) params.set('q', filters.q);
  if (filters.freshness) params.set('freshness', filters.freshness);
  params.set('sort', filters.sort);
  return apiRequest(`/api/agents?${params.toString()}`, agentListResponseSchema, { signal });
}

/**
 * Refreshed every minute, but only while the document is visible: TanStack Query skips the
 * interval's fetches while it is hidden, and fetches once as it becomes visible again. While other
 * filters load, the previous machines stay on screen.
 */
export function useAgentList(filters: AgentFilters) {
  return useQuery({
    queryKey: agentKeys.list(filters),
    queryFn: ({ signal }) => listAgents(filters, signal),
    placeholderData: keepPreviousData,
    refetchInterval: AGENT_LIST_REFRESH_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
  });
}
