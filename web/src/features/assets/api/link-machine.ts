import { useMutation, useQueryClient } from '@tanstack/react-query';
import { agentLinkResponseSchema, type AgentLinkResponse } from '@shared/inventory';
import { apiRequest } from '../../../api/api-client';
import { invalidateInventory } from '../../../api/inventory-keys';
import { agentKeys } from './agent-keys';

/** What a person does to a machine's place in the inventory (issue 27). */
export type MachineLinkAction =
  { kind: 'link'; hardwareAssetId: string } | { kind: 'unlink' } | { kind: 'add-to-inventory' };

export function changeMachineLink(machineId: string, action: MachineLinkAction): Promise<AgentLinkResponse> {
  const path = `/api/agents/${encodeURIComponent(machineId)}/${action.kind}`;
  return apiRequest(path, agentLinkResponseSchema, {
    method: 'POST',
    ...(action.kind === 'link' && { body: { hardware_asset_id: action.hardwareAssetId } }),
  });
}

/** Link, unlink or add: the machine, the hardware list and the dashboard's counts move. */
export function useChangeMachineLink(machineId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: MachineLinkAction) => changeMachineLink(machineId, action),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: agentKeys.detail(machineId) }),
        invalidateInventory(queryClient),
      ]),
  });
}
