import { featureHandler } from '../lib/feature';
import { handler as cancelInvitation } from './invitations-cancel';
import { handler as createInvitation } from './invitations-create';
import { handler as listInvitations } from './invitations-list';
import { handler as updateOrganization } from './organization-update';
import { handler as resendInvitation } from './invitations-resend';
import { handler as deleteUser } from './users-delete';
import { handler as listUsers } from './users-list';
import { handler as resetPassword } from './users-password-reset';
import { handler as updateUser } from './users-update';

export const handler = featureHandler('team', {
  'invitations-list': listInvitations,
  'invitations-create': createInvitation,
  'invitations-cancel': cancelInvitation,
  'invitations-resend': resendInvitation,
  'users-list': listUsers,
  'users-update': updateUser,
  'users-delete': deleteUser,
  'users-password-reset': resetPassword,
  'organization-update': updateOrganization,
});
