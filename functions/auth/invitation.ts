import { AUTH_MESSAGES } from '../../shared/auth';
import { invitationLookupSchema, type InvitationByToken } from '../../shared/invitations';
import { NotFound } from '../lib/errors';
import { publicRoute } from '../lib/http';
import { limitClient } from '../lib/rate-limits';
import { getOrganization } from '../lib/tenant';
import { findUsableInvitation } from '../people/invitations';
import { INVITATION_LOOKUP_LIMIT } from './limits';

/**
 * POST /api/invitations/lookup {token}: what the invite link's sign-up form shows, locked: the
 * invited email and the organisation. The token travels in the body, never in a path that access
 * logs keep (the link carries it in the fragment, which browsers do not send).
 */
export const handler = publicRoute(
  { body: invitationLookupSchema },
  async ({ body, event, now }): Promise<InvitationByToken> => {
    await limitClient(INVITATION_LOOKUP_LIMIT, event, now);
    const invitation = await findUsableInvitation(body.token, now);
    const organization = await getOrganization(invitation.organization_id);
    if (!organization) throw new NotFound(AUTH_MESSAGES.invalidInvitation, 'invalid_invitation');
    return {
      email: invitation.email,
      role: invitation.role,
      organization: { id: organization.id, name: organization.name },
    };
  },
);
