import { invitationIdParamsSchema, type Invitation } from '../../shared/invitations';
import { addressStanding } from '../people/accounts';
import { appUrl } from '../lib/config';
import { userRoute } from '../lib/http';
import { sendAccountExistsInvitationEmail, sendInvitationEmail } from './invitation-email';
import { renewInvitation } from './resend-invitation';

/**
 * POST /api/invitations/{id}/resend: a pending invitation (an expired one too) gets a new link, by
 * email; the old link stops working. If the email cannot be sent the invitation stays pending with
 * the new link unknown to anyone, and the admin can send it again.
 */
export const handler = userRoute(
  { params: invitationIdParamsSchema },
  async ({ caller, params, now }): Promise<Invitation> => {
    appUrl('invitation links cannot be built');
    const { invitation, token } = await renewInvitation(caller, params.id, now);
    // As when it was first sent: an address with an account is told why no link comes.
    if ((await addressStanding(invitation.email, now)).kind === 'account')
      await sendAccountExistsInvitationEmail(caller, invitation);
    else await sendInvitationEmail(caller, invitation, token);
    return invitation;
  },
);
