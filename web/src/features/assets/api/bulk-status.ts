import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bulkStatusResponseSchema, type BulkStatusChange, type BulkStatusResponse } from '@shared/hardware';
import { apiRequest } from '../../../api/api-client';
import { invalidateInventory } from '../../../api/inventory-keys';

/** Sets one status on up to BULK_STATUS_MAX_ASSETS assets; all or nothing. */
export function changeHardwareStatus(change: BulkStatusChange): Promise<BulkStatusResponse> {
  return apiRequest('/api/hardware/bulk-status', bulkStatusResponseSchema, { method: 'POST', body: change });
}

export function useBulkStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeHardwareStatus,
    onSuccess: () => invalidateInventory(queryClient),
  });
}
