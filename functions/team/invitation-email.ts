import { invitationLink, type Invitation } from '../../shared/invitations';
import type { Caller } from '../lib/caller';
import { appUrl } from '../lib/config';
import { sendEmail } from '../lib/mail';

/** The invitation email with its link (the token is only ever here), from the admin who sent it. */
export async function sendInvitationEmail(caller: Caller, invitation: Invitation, token: string) {
  const link = invitationLink(appUrl('invitation links cannot be built'), token);
  const { organization, profile } = caller;
  await sendEmail({
    to: invitation.email,
    subject: `You are invited to ${organization.name} on IT Asset Auditor`,
    text: [
      `${profile.full_name || profile.email} invited you to join ${organization.name} on IT Asset Auditor as ${invitation.role === 'admin' ? 'an admin' : 'a user'}.`,
      '',
      `Create your account here: ${link}`,
      '',
      `The link works once and expires on ${new Date(invitation.expires_at).toUTCString()}.`,
    ].join('\n'),
  });
}
