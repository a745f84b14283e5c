import { invitationIdParamsSchema, type Invitation } from '../../shared/invitations';
import { userRoute } from '../lib/http';
import { cancelInvitation } from '../people/invitations';

export const handler = userRoute(
  { params: invitationIdParamsSchema },
  ({ caller, params }): Promise<Invitation> => cancelInvitation(caller.organization.id, params.id),
);
