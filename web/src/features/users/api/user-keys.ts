import type { QueryClient } from '@tanstack/react-query';

/** Every users query key starts with 'users'. */
export const userKeys = {
  all: ['users'] as const,
  list: () => ['users', 'list'] as const,
};

/** Every invitations query key starts with 'invitations'. */
export const invitationKeys = {
  all: ['invitations'] as const,
  pending: () => ['invitations', 'pending'] as const,
};

/**
 * After any change to a user or an invitation: an accepted invitation becomes a user, a role
 * change moves the summary counts, so both lists are refetched.
 */
export async function invalidateUsers(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: userKeys.all }),
    queryClient.invalidateQueries({ queryKey: invitationKeys.all }),
  ]);
}
