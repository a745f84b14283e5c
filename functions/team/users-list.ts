import type { UserListResponse } from '../../shared/users';
import { userRoute } from '../lib/http';
import { listUsers } from './users';

/** An admin sees their organisation's users; the super_admin everyone's, with organisations (SPEC 6). */
export const handler = userRoute({}, async ({ caller }): Promise<UserListResponse> => ({
  items: await listUsers(caller.profile.role === 'super_admin' ? null : caller.organization.id),
}));
