import { useQuery } from '@tanstack/react-query';
import { agentMachineSchema, type AgentMachine } from '@shared/agent-data';
import { apiRequest } from '../../../api/api-client';
import { agentKeys } from './agent-keys';

/** One machine with everything it reported: storage, shared folders, printers, software. */
export function getAgent(machineId: string, signal?: AbortSignal): Promise<AgentMachine> {
  return apiRequest(`/api/agents/${encodeURIComponent(machineId)}`, agentMachineSchema, { signal });
}

export function useAgentMachine(machineId: string) {
  return useQuery({
    queryKey: agentKeys.detail(machineId),
    queryFn: ({ signal }) => getAgent(machineId, signal),
  });
}
