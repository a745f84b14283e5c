import { useQuery } from '@tanstack/react-query';
import { invitationListResponseSchema, type Invitation } from '@shared/invitations';
import { apiRequest } from '../../../api/api-client';
import { invitationKeys } from './user-keys';

/** Pending invitations only, newest first: the viewer's organisation's, or all for a super_admin. */
export async function listPendingInvitations(signal?: AbortSignal): Promise<Invitation[]> {
  const response = await apiRequest('/api/invitations', invitationListResponseSchema, { signal });
  return response.items;
}

export function usePendingInvitations() {
  return useQuery({
    queryKey: invitationKeys.pending(),
    queryFn: ({ signal }) => listPendingInvitations(signal),
  });
}
