import { INVITATION_MESSAGES, invitationLink, inviteSchema, type Invitation } from '../../shared/invitations';
import { findCognitoUserSub } from '../lib/cognito';
import { appUrl } from '../lib/config';
import { Conflict } from '../lib/errors';
import { userRoute } from '../lib/http';
import { sendEmail } from '../lib/mail';
import { planLimits } from '../lib/plan-limits';
import { cancelInvitation, createInvitation } from '../lib/table/invitations';

/**
 * Invites an address into the caller's organisation and emails it the link. An address that already
 * has an account cannot be invited; one with a pending invitation gets a new one in its place.
 */
export const handler = userRoute(
  { body: inviteSchema, status: 201 },
  async ({ caller, body, now }): Promise<Invitation> => {
    if (await findCognitoUserSub(body.email))
      throw new Conflict(INVITATION_MESSAGES.accountExists, 'account_exists');
    const baseUrl = appUrl('invitation links cannot be built');
    const { invitation, token } = await createInvitation(
      caller.organization.id,
      body,
      caller.profile,
      now,
      planLimits(caller.subscription),
    );
    const link = invitationLink(baseUrl, token);
    try {
      await sendEmail({
        to: invitation.email,
        subject: `You are invited to ${caller.organization.name} on IT Asset Auditor`,
        text: [
          `${caller.profile.full_name || caller.profile.email} invited you to join ${caller.organization.name} on IT Asset Auditor as ${invitation.role === 'admin' ? 'an admin' : 'a user'}.`,
          '',
          `Create your account here: ${link}`,
          '',
          `The link works once and expires on ${new Date(invitation.expires_at).toUTCString()}.`,
        ].join('\n'),
      });
    } catch (error) {
      // An invitation nobody was told about is withdrawn, so the admin can simply try again.
      await cancelInvitation(caller.organization.id, invitation.id);
      throw error;
    }
    return invitation;
  },
);
