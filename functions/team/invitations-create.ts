import { inviteSchema, type Invitation } from '../../shared/invitations';
import { addressStanding } from '../people/accounts';
import { appUrl } from '../lib/config';
import { userRoute } from '../lib/http';
import { planLimits } from '../lib/plan-limits';
import { cancelInvitation, createInvitation } from '../people/invitations';
import { sendAccountExistsInvitationEmail, sendInvitationEmail } from './invitation-email';

/**
 * Invites an address into the caller's organisation and emails it the link; one with a pending
 * invitation gets a new one in its place. An address that already has an account is answered and
 * listed like any other (the answer must not tell who has an account): its owner is emailed that
 * they cannot accept it with that address, and no link is sent. An address held only by an
 * unconfirmed company sign-up gets the link: accepting it proves the address and frees it.
 */
export const handler = userRoute(
  { body: inviteSchema, status: 201 },
  async ({ caller, body, now }): Promise<Invitation> => {
    // Before anything is written: without the app's address no link can be sent.
    appUrl('invitation links cannot be built');
    const standing = await addressStanding(body.email, now);
    const { invitation, token } = await createInvitation(
      caller.organization.id,
      body,
      caller.profile,
      now,
      planLimits(caller.subscription),
    );
    try {
      if (standing.kind === 'account') await sendAccountExistsInvitationEmail(caller, invitation);
      else await sendInvitationEmail(caller, invitation, token);
    } catch (error) {
      // An invitation nobody was told about is withdrawn, so the admin can simply try again.
      await cancelInvitation(caller.organization.id, invitation.id);
      throw error;
    }
    return invitation;
  },
);
