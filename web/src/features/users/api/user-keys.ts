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

/** Every organizations query key starts with 'organizations'. */
export const organizationKeys = {
  all: ['organizations'] as const,
  list: () => ['organizations', 'list'] as const,
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

/**
 * After an organisation is deleted: it leaves the organizations list, and its users and
 * invitations leave theirs, so all three are refetched.
 */
export async function invalidateOrganizations(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: organizationKeys.all }),
    invalidateUsers(queryClient),
  ]);
}
