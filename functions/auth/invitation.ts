import { invitationTokenParamsSchema, type InvitationByToken } from '../../shared/invitations';
import { publicRoute } from '../lib/http';
import { getOrganization } from '../lib/tenant';
import { findUsableInvitation } from '../team/invitations';
import { NotFound } from '../lib/errors';
import { AUTH_MESSAGES } from '../../shared/auth';

/** What the invite link's sign-up form shows, locked: the invited email and the organisation. */
export const handler = publicRoute(
  { params: invitationTokenParamsSchema },
  async ({ params, now }): Promise<InvitationByToken> => {
    const invitation = await findUsableInvitation(params.token, now);
    const organization = await getOrganization(invitation.organization_id);
    if (!organization) throw new NotFound(AUTH_MESSAGES.invalidInvitation, 'invalid_invitation');
    return {
      email: invitation.email,
      role: invitation.role,
      organization: { id: organization.id, name: organization.name },
    };
  },
);
