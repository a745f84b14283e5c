import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  disposalDeleteResponseSchema,
  disposalItemSchema,
  type DisposalDeleteResponse,
  type DisposalItem,
  type DisposalItemInput,
} from '@shared/disposal';
import { apiRequest } from '../../../api/api-client';
import { invalidateInventory } from '../../../api/inventory-keys';

export function addDisposalItem(input: DisposalItemInput): Promise<DisposalItem> {
  return apiRequest('/api/disposals', disposalItemSchema, { method: 'POST', body: input });
}

/** Pending → Completed; 409 when it is Completed already. */
export function completeDisposal(id: string): Promise<DisposalItem> {
  return apiRequest(`/api/disposals/${encodeURIComponent(id)}/complete`, disposalItemSchema, {
    method: 'POST',
  });
}

/** Completed → Pending; 409 when it is Pending already. */
export function revertDisposal(id: string): Promise<DisposalItem> {
  return apiRequest(`/api/disposals/${encodeURIComponent(id)}/revert`, disposalItemSchema, {
    method: 'POST',
  });
}

/** Up to DISPOSAL_DELETE_MAX items, all or nothing; their linked assets go back to Active. */
export function deleteDisposals(ids: readonly string[]): Promise<DisposalDeleteResponse> {
  return apiRequest('/api/disposals/delete', disposalDeleteResponseSchema, {
    method: 'POST',
    body: { ids },
  });
}

// Every disposal change may move its linked asset's status, and the dashboard counts both.

export function useAddDisposalItem() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addDisposalItem, onSuccess: () => invalidateInventory(queryClient) });
}

export function useCompleteDisposal() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: completeDisposal, onSettled: () => invalidateInventory(queryClient) });
}

export function useRevertDisposal() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: revertDisposal, onSettled: () => invalidateInventory(queryClient) });
}

export function useDeleteDisposals() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteDisposals, onSettled: () => invalidateInventory(queryClient) });
}
