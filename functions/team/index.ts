import { featureHandler } from '../lib/feature';
import { handler as cancelInvitation } from './invitations-cancel';
import { handler as createInvitation } from './invitations-create';
import { handler as listInvitations } from './invitations-list';

export const handler = featureHandler('team', {
  'invitations-list': listInvitations,
  'invitations-create': createInvitation,
  'invitations-cancel': cancelInvitation,
});
