import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod';
import type { Role } from '@shared/constants';
import {
  passwordResetResponseSchema,
  userListItemSchema,
  type PasswordResetResponse,
  type RoleChange,
  type UserListItem,
} from '@shared/users';
import { apiRequest } from '../../../api/api-client';
import { invalidateUsers } from './user-keys';

const userPath = (id: string) => `/api/users/${encodeURIComponent(id)}`;

/** Refused (403/409) for one's own role, a super_admin grant by an admin, or the last admin. */
export function changeUserRole(id: string, role: Role): Promise<UserListItem> {
  const body: RoleChange = { role };
  return apiRequest(userPath(id), userListItemSchema, { method: 'PATCH', body });
}

export function sendPasswordReset(id: string): Promise<PasswordResetResponse> {
  return apiRequest(`${userPath(id)}/password-reset`, passwordResetResponseSchema, { method: 'POST' });
}

/** super_admin only, never oneself; 204. */
export async function deleteUser(id: string): Promise<void> {
  await apiRequest(userPath(id), z.unknown(), { method: 'DELETE' });
}

export function useChangeUserRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, role }: { id: string; role: Role }) => changeUserRole(id, role),
    onSettled: () => invalidateUsers(queryClient),
  });
}

export function useSendPasswordReset() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: sendPasswordReset, onSettled: () => invalidateUsers(queryClient) });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteUser, onSettled: () => invalidateUsers(queryClient) });
}
