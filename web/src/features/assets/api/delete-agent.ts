import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod';
import { apiRequest } from '../../../api/api-client';
import { INVENTORY_KEYS } from '../../../api/inventory-keys';
import { agentKeys } from './agent-keys';

/** Deletes a machine (admin): its agent's device token is revoked, so it must enrol again. */
export async function deleteAgent(machineId: string): Promise<void> {
  await apiRequest(`/api/agents/${encodeURIComponent(machineId)}`, z.unknown(), { method: 'DELETE' });
}

export function useDeleteAgent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAgent,
    // The dashboard counts the machines too.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: agentKeys.all }),
        queryClient.invalidateQueries({ queryKey: INVENTORY_KEYS.dashboard }),
      ]),
  });
}
