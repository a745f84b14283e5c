import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invitationSchema, type Invitation, type InviteRequest } from '@shared/invitations';
import { apiRequest } from '../../../api/api-client';
import { invalidateUsers } from './user-keys';

/** Creates a pending invitation; the server emails its link to the invitee. 409 when the address has an account. */
export function sendInvitation(input: InviteRequest): Promise<Invitation> {
  return apiRequest('/api/invitations', invitationSchema, { method: 'POST', body: input });
}

/** Pending → cancelled: its link stops working. */
export function cancelInvitation(id: string): Promise<Invitation> {
  return apiRequest(`/api/invitations/${encodeURIComponent(id)}/cancel`, invitationSchema, {
    method: 'POST',
  });
}

/** A pending (or expired) invitation gets a new link by email; the old link stops working. */
export function resendInvitation(id: string): Promise<Invitation> {
  return apiRequest(`/api/invitations/${encodeURIComponent(id)}/resend`, invitationSchema, {
    method: 'POST',
  });
}

export function useSendInvitation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: sendInvitation, onSettled: () => invalidateUsers(queryClient) });
}

export function useCancelInvitation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: cancelInvitation, onSettled: () => invalidateUsers(queryClient) });
}

export function useResendInvitation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: resendInvitation, onSettled: () => invalidateUsers(queryClient) });
}
