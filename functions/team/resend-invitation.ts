import {
  INVITATION_MESSAGES,
  invitationExpiry,
  isExpiredInvitation,
  type Invitation,
} from '../../shared/invitations';
import type { Caller } from '../lib/caller';
import { Conflict, NotFound } from '../lib/errors';
import { planLimits, withRoomForPeople } from '../lib/plan-limits';
import { invitationTokens, invitations, type InvitationItem } from '../lib/table/items/invitations';
import { transact } from '../lib/table/transaction';
import { newInvitationToken, toInvitation } from '../people/invitations';

export interface ResentInvitation {
  invitation: Invitation;
  /** For the new email; never stored. */
  token: string;
}

/**
 * Sends a pending invitation again (expired or not): a new token and a new lifetime, and the old
 * link stops working, all in one transaction. An expired invitation held no place under the plan's
 * user limit, so sending it again must find one, under the organisation's guard like an invitation.
 */
export async function renewInvitation(caller: Caller, id: string, now: Date): Promise<ResentInvitation> {
  const organizationId = caller.organization.id;
  const current = await invitations.get(organizationId, id, { consistent: true });
  if (!current) throw new NotFound(INVITATION_MESSAGES.notFound);
  if (current.status !== 'pending') throw new Conflict(INVITATION_MESSAGES.notPending, 'not_pending');

  return withRoomForPeople(organizationId, planLimits(caller.subscription), now, async (roomForOneMore) => {
    if (isExpiredInvitation(current, now)) await roomForOneMore(0);
    const { token, tokenHash } = newInvitationToken();
    const renewed: InvitationItem = {
      ...current,
      token_hash: tokenHash,
      expires_at: invitationExpiry(now),
      invited_by: caller.profile.email,
    };
    const canceled = await transact([
      invitations.renewIfUnchanged(organizationId, id, current.token_hash, renewed),
      invitationTokens.remove(current.token_hash),
      invitationTokens.create({ token_hash: tokenHash, organization_id: organizationId, invitation_id: id }),
    ]);
    if (canceled) throw new Conflict(INVITATION_MESSAGES.changedMeanwhile, 'conflict');
    return { invitation: toInvitation(renewed), token };
  });
}
