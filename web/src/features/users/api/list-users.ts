import { useQuery } from '@tanstack/react-query';
import { userListResponseSchema, type UserListItem } from '@shared/users';
import { apiRequest } from '../../../api/api-client';
import { userKeys } from './user-keys';

/** The users the viewer manages, newest first: their organisation's, or everyone's for a super_admin. */
export async function listUsers(signal?: AbortSignal): Promise<UserListItem[]> {
  const response = await apiRequest('/api/users', userListResponseSchema, { signal });
  return response.items;
}

export function useUserList() {
  return useQuery({ queryKey: userKeys.list(), queryFn: ({ signal }) => listUsers(signal) });
}
