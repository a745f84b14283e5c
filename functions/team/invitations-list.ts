import type { InvitationListResponse } from '../../shared/invitations';
import { userRoute } from '../lib/http';
import { listPendingInvitations } from '../people/invitations';

/** Pending invitations: an admin sees their organisation's, the super_admin everyone's (SPEC 6). */
export const handler = userRoute({}, async ({ caller }): Promise<InvitationListResponse> => ({
  items: await listPendingInvitations(caller.profile.role === 'super_admin' ? null : caller.organization.id),
}));
