import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { AUTH_MESSAGES } from '../../../../../shared/auth';
import { ROLES } from '../../../../../shared/constants';
import { apiRequest, isApiError } from '../../../api/api-client';

const invitationSchema = z.object({
  email: z.string(),
  role: z.enum(ROLES),
  organization: z.object({ id: z.string(), name: z.string() }),
});
export type Invitation = z.infer<typeof invitationSchema>;

export function getInvitation(token: string): Promise<Invitation> {
  return apiRequest(`/api/invitations/by-token/${encodeURIComponent(token)}`, invitationSchema, {
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

/** The invitation behind an ?invite= link; idle without a token. */
export function useInvitation(token: string | null) {
  return useQuery({ ...invitationQueryOptions(token ?? ''), enabled: !!token });
}

const CLIENT_SIDE_CODES = new Set(['http_error', 'network_error', 'invalid_response']);

/** Why an invitation could not be loaded, in the product's words or the server's. */
export function invitationErrorMessage(error: unknown): string {
  if (!isApiError(error)) return 'Failed to load invitation';
  // 404 also covers a server that has no invitation route yet.
  if (error.status === 404) return AUTH_MESSAGES.invalidInvitation;
  if (error.status === 410)
    return CLIENT_SIDE_CODES.has(error.code) ? AUTH_MESSAGES.invitationExpired : error.message;
  return CLIENT_SIDE_CODES.has(error.code) ? 'Failed to load invitation' : error.message;
}
