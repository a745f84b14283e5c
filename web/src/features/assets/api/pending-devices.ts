import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod';
import { pendingDeviceListResponseSchema, type PendingDeviceListResponse } from '@shared/device-approvals';
import { apiRequest } from '../../../api/api-client';
import { agentKeys } from './agent-keys';

/** Under the fleet's key: approving a device changes the machine it replaces. */
export const pendingDevicesKey = [...agentKeys.all, 'pending-devices'] as const;

/** Devices held for approval (issue 35): another device already has their machine id. */
export function usePendingDevices() {
  return useQuery({
    queryKey: pendingDevicesKey,
    queryFn: (): Promise<PendingDeviceListResponse> =>
      apiRequest('/api/pending-devices', pendingDeviceListResponseSchema),
  });
}

export type PendingDecision = 'approve' | 'reject';

/** Approves (the device replaces the enrolled one) or rejects (it is deleted) a held device; admins. */
export function useDecidePendingDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ deviceId, decision }: { deviceId: string; decision: PendingDecision }) =>
      apiRequest(`/api/pending-devices/${encodeURIComponent(deviceId)}/${decision}`, z.unknown(), {
        method: 'POST',
      }),
    onSuccess: (_answer, { deviceId }) => {
      queryClient.setQueryData<PendingDeviceListResponse>(pendingDevicesKey, (list) =>
        list ? { items: list.items.filter((item) => item.device_id !== deviceId) } : list,
      );
      return queryClient.invalidateQueries({ queryKey: agentKeys.all });
    },
  });
}
