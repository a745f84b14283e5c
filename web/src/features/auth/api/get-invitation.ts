import { queryOptions, useQuery } from '@tanstack/react-query';
import { AUTH_MESSAGES } from '@shared/auth';
import { invitationByTokenSchema, type InvitationByToken } from '@shared/invitations';
import { apiRequest, isApiError } from '../../../api/api-client';

/** The token goes in the body: a path would put it in access logs (issue 25). */
export function getInvitation(token: string): Promise<InvitationByToken> {
  return apiRequest('/api/invitations/lookup', invitationByTokenSchema, {
    method: 'POST',
    body: { token },
    auth: false,
  });
}

export function invitationQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['invitation', token],
    queryFn: () => getInvitation(token),
    retry: false,
    staleTime: Infinity,
  });
}

/** The invitation behind an invite link (#invite=); idle without a token. */
export function useInvitation(token: string | null) {
  return useQuery({ ...invitationQueryOptions(token ?? ''), enabled: !!token });
}

const CLIENT_SIDE_CODES = new Set(['http_error', 'network_error', 'invalid_response']);

/** Why an invitation could not be loaded, in the product's words or the server's. */
export function invitationErrorMessage(error: unknown): string {
  if (!isApiError(error)) return 'Failed to load invitation';
  if (error.status === 404) return AUTH_MESSAGES.invalidInvitation;
  if (error.status === 410)
    return CLIENT_SIDE_CODES.has(error.code) ? AUTH_MESSAGES.invitationExpired : error.message;
  return CLIENT_SIDE_CODES.has(error.code) ? 'Failed to load invitation' : error.message;
}
