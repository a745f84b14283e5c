import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod';
import { apiRequest } from '../../../api/api-client';
import { invalidateInventory } from '../../../api/inventory-keys';

export async function deleteHardware(id: string): Promise<void> {
  await apiRequest(`/api/hardware/${encodeURIComponent(id)}`, z.unknown(), { method: 'DELETE' });
}

export function useDeleteHardware() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteHardware,
    onSuccess: () => invalidateInventory(queryClient),
  });
}
