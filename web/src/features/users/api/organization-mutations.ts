import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod';
import { apiRequest } from '../../../api/api-client';
import { invalidateOrganizations } from './user-keys';

/**
 * super_admin only; 204. Removes everything of the organisation, its users too. Refused (400)
 * for the super_admin's own organisation.
 */
export async function deleteOrganization(id: string): Promise<void> {
  await apiRequest(`/api/organizations/${encodeURIComponent(id)}`, z.unknown(), { method: 'DELETE' });
}

export function useDeleteOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteOrganization,
    onSettled: () => invalidateOrganizations(queryClient),
  });
}
