import { roleChangeSchema, userIdParamsSchema, type UserListItem } from '../../shared/users';
import { userRoute } from '../lib/http';
import { changeUserRole } from './users';

export const handler = userRoute(
  { body: roleChangeSchema, params: userIdParamsSchema },
  ({ caller, body, params }): Promise<UserListItem> => changeUserRole(caller.profile, params.id, body.role),
);
