import { INVITATION_MESSAGES, inviteSchema, type Invitation } from '../../shared/invitations';
import { findCognitoUserSub } from '../lib/cognito';
import { appUrl } from '../lib/config';
import { Conflict } from '../lib/errors';
import { userRoute } from '../lib/http';
import { planLimits } from '../lib/plan-limits';
import { cancelInvitation, createInvitation } from './invitations';
import { sendInvitationEmail } from './invitation-email';

/**
 * Invites an address into the caller's organisation and emails it the link. An address that already
 * has an account cannot be invited; one with a pending invitation gets a new one in its place.
 */
export const handler = userRoute(
  { body: inviteSchema, status: 201 },
  async ({ caller, body, now }): Promise<Invitation> => {
    if (await findCognitoUserSub(body.email))
      throw new Conflict(INVITATION_MESSAGES.accountExists, 'account_exists');
    // Before anything is written: without the app's address no link can be sent.
    appUrl('invitation links cannot be built');
    const { invitation, token } = await createInvitation(
      caller.organization.id,
      body,
      caller.profile,
      now,
      planLimits(caller.subscription),
    );
    try {
      await sendInvitationEmail(caller, invitation, token);
    } catch (error) {
      // An invitation nobody was told about is withdrawn, so the admin can simply try again.
      await cancelInvitation(caller.organization.id, invitation.id);
      throw error;
    }
    return invitation;
  },
);
