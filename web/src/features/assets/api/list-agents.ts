import { useQuery } from '@tanstack/react-query';
import { agentListResponseSchema, type AgentSummary } from '../../../../../shared/agent-data';
import { apiRequest } from '../../../api/api-client';
import { agentKeys } from './agent-keys';

/** The fleet: the light fields of every machine, latest report first. */
export async function listAgents(signal?: AbortSignal): Promise<AgentSummary[]> {
  const response = await apiRequest('/api/agents', agentListResponseSchema, { signal });
  return response.items;
}

export function useAgentList() {
  return useQuery({
    queryKey: agentKeys.list(),
    queryFn: ({ signal }) => listAgents(signal),
  });
}
