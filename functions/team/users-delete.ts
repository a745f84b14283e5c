import { userIdParamsSchema } from '../../shared/users';
import { deleteCognitoUser } from '../lib/cognito';
import { userRoute } from '../lib/http';
import { deleteUserProfile } from './users';

/** The profile first (the API refuses the person at once), then their Cognito user (no sign-in). */
export const handler = userRoute({ params: userIdParamsSchema, status: 204 }, async ({ caller, params }) => {
  const sub = await deleteUserProfile(caller.profile, params.id);
  await deleteCognitoUser(sub);
  return null;
});
