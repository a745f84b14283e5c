import {
  INVITATION_MESSAGES,
  invitationExpiry,
  isExpiredInvitation,
  type Invitation,
} from '../../shared/invitations';
import type { Caller } from '../lib/caller';
import { Conflict, NotFound } from '../lib/errors';
import { planLimits, withRoomForPeople } from '../lib/plan-limits';
import { create, getItem, patch, remove } from '../lib/table/commands';
import { allOf, equals } from '../lib/table/conditions';
import {
  invitationItemSchema,
  invitationTokens,
  invitations,
  type InvitationItem,
} from '../lib/table/items/invitations';
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
  const current = await getItem(invitationItemSchema, invitations.key(organizationId, id), {
    consistent: true,
  });
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
      patch(
        invitations.key(organizationId, id),
        {
          set: {
            token_hash: renewed.token_hash,
            expires_at: renewed.expires_at,
            invited_by: renewed.invited_by,
          },
        },
        // Nobody accepted, cancelled or resent it since it was read.
        allOf(equals('status', 'pending'), equals('token_hash', current.token_hash)),
      ),
      remove(invitationTokens.key(current.token_hash)),
      create(
        invitationTokens.item({ token_hash: tokenHash, organization_id: organizationId, invitation_id: id }),
      ),
    ]);
    if (canceled) throw new Conflict(INVITATION_MESSAGES.changedMeanwhile, 'conflict');
    return { invitation: toInvitation(renewed), token };
  });
}
