import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bulkStatusResponseSchema, type BulkStatusResponse } from '@shared/hardware';
import type { BulkUpdate } from '@shared/hardware-list';
import { apiRequest } from '../../../api/api-client';
import { invalidateInventory } from '../../../api/inventory-keys';

/** Sets a status, a location or who they are assigned to on up to BULK_STATUS_MAX_ASSETS assets; all or nothing. */
export function updateHardwareInBulk(change: BulkUpdate): Promise<BulkStatusResponse> {
  return apiRequest('/api/hardware/bulk-update', bulkStatusResponseSchema, { method: 'POST', body: change });
}

export function useBulkUpdate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateHardwareInBulk,
    onSuccess: () => invalidateInventory(queryClient),
  });
}
