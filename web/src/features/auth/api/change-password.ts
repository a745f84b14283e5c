import { useMutation } from '@tanstack/react-query';
import * as z from 'zod';
import { apiRequest } from '../../../api/api-client';
import { passwordReplaced } from '../../../api/session-proof';

/** POST /api/me/password: a super_admin's new password (at least 12 characters), proving the current one. */
export async function changePassword(input: { current_password: string; new_password: string }) {
  const answer = await apiRequest('/api/me/password', z.object({ message: z.string() }), {
    method: 'POST',
    body: input,
  });
  passwordReplaced();
  return answer.message;
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
