import { invitationLink, type Invitation } from '../../shared/invitations';
import type { Caller } from '../lib/caller';
import { appUrl } from '../lib/config';
import { sendEmail } from '../lib/mail';

function inviterName(caller: Caller): string {
  return caller.profile.full_name || caller.profile.email;
}

/** Both invitation emails open alike: who invites the address, to which organisation, as what. */
function sendInvitedEmail(caller: Caller, invitation: Invitation, rest: string[]) {
  const { organization } = caller;
  return sendEmail({
    to: invitation.email,
    subject: `You are invited to ${organization.name} on IT Asset Auditor`,
    text: [
      `${inviterName(caller)} invited you to join ${organization.name} on IT Asset Auditor as ${invitation.role === 'admin' ? 'an admin' : 'a user'}.`,
      '',
      ...rest,
    ].join('\n'),
  });
}

/** The invitation email with its link (the token is only ever here), from the admin who sent it. */
export async function sendInvitationEmail(caller: Caller, invitation: Invitation, token: string) {
  const link = invitationLink(appUrl('invitation links cannot be built'), token);
  await sendInvitedEmail(caller, invitation, [
    `Create your account here: ${link}`,
    '',
    `The link works once and expires on ${new Date(invitation.expires_at).toUTCString()}.`,
  ]);
}

/**
 * What an address that already has an account gets instead of a link (issue 25): the invitation is
 * answered and listed like any other, so the admin learns nothing about the address, and its owner
 * learns why no link came. An address holds one account, so joining means leaving the other first.
 */
export async function sendAccountExistsInvitationEmail(caller: Caller, invitation: Invitation) {
  const { organization } = caller;
  await sendInvitedEmail(caller, invitation, [
    'This email address already has an IT Asset Auditor account, and an address can belong to one account only, so this invitation cannot be accepted with it.',
    `To join ${organization.name}, ask ${inviterName(caller)} to invite another address of yours, or have your current account removed first.`,
    '',
    'If you did not expect this, you can ignore this email.',
  ]);
}
