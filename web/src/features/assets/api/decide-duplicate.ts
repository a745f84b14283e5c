import { useMutation, useQueryClient } from '@tanstack/react-query';
import { agentLinkResponseSchema, type AgentLinkResponse } from '@shared/inventory';
import type { DuplicateDecisionRequest } from '@shared/machine-duplicates';
import { apiRequest } from '../../../api/api-client';
import { invalidateInventory } from '../../../api/inventory-keys';
import { agentKeys } from './agent-keys';

/** An admin's decision on a possible duplicate (issue 35), asked of the newcomer. */
export function decideDuplicate(
  machineId: string,
  decision: DuplicateDecisionRequest,
): Promise<AgentLinkResponse> {
  return apiRequest(`/api/agents/${encodeURIComponent(machineId)}/duplicate`, agentLinkResponseSchema, {
    method: 'POST',
    body: decision,
  });
}

/** Both machines, the fleet, the hardware list and the dashboard move. */
export function useDecideDuplicate(machineId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: DuplicateDecisionRequest) => decideDuplicate(machineId, decision),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: agentKeys.all }),
        invalidateInventory(queryClient),
      ]),
  });
}
