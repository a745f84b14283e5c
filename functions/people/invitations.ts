import { randomBytes } from 'node:crypto';
import { ulid } from 'ulid';
import { AUTH_MESSAGES } from '../../shared/auth';
import {
  INVITATION_MESSAGES,
  invitationExpiry,
  invitationState,
  isExpiredInvitation,
  type Invitation,
  type InviteRequest,
} from '../../shared/invitations';
import type { Actor } from '../lib/audit-trail';
import { Conflict, Gone, NotFound } from '../lib/errors';
import { withRoomForPeople, type PlanLimits, type RoomForOneMore } from '../lib/plan-limits';
import {
  hashInvitationToken,
  invitations,
  invitationTokens,
  pendingInvitations,
  type InvitationItem,
} from '../lib/table/items/invitations';
import { userProfiles } from '../lib/table/items/organizations';
import { transact } from '../lib/table/transaction';

/**
 * Invitations. The token is in the invitation email only; the table keeps its SHA-256, as the
 * lookup item's key, which exists exactly while the invitation is pending. Each address has at most
 * one pending invitation per organisation: inviting it again replaces the earlier one.
 */

/** A new invite link's token (32 random bytes) and the hash the table keeps of it. */
export function newInvitationToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashInvitationToken(token) };
}

export function toInvitation(item: InvitationItem): Invitation {
  return {
    id: item.id,
    organization_id: item.organization_id,
    email: item.email,
    role: item.role,
    invited_by: item.invited_by,
    status: item.status,
    expires_at: item.expires_at,
    accepted_at: item.accepted_at ?? null,
    created_at: item.created_at,
  };
}

export interface CreatedInvitation {
  invitation: Invitation;
  /** For the invitation email; never stored. */
  token: string;
}

/** Counting the people and writing the invitation happen under the guard of a limited plan. */
export function createInvitation(
  organizationId: string,
  request: InviteRequest,
  inviter: Actor,
  now: Date,
  limits: PlanLimits,
): Promise<CreatedInvitation> {
  return withRoomForPeople(organizationId, limits, now, (roomForOneMore) =>
    writeInvitation(organizationId, request, inviter, now, roomForOneMore),
  );
}

async function writeInvitation(
  organizationId: string,
  request: InviteRequest,
  inviter: Actor,
  now: Date,
  roomForOneMore: RoomForOneMore,
): Promise<CreatedInvitation> {
  const earlier = await pendingInvitations.get(organizationId, request.email, { consistent: true });
  const replaced = earlier
    ? await invitations.get(organizationId, earlier.invitation_id, { consistent: true })
    : null;
  // A replaced invitation frees its place, so it does not count against the limit (an expired one
  // held none).
  await roomForOneMore(replaced && !isExpiredInvitation(replaced, now) ? 1 : 0);

  const { token, tokenHash } = newInvitationToken();
  const item: InvitationItem = {
    id: ulid(now.getTime()),
    organization_id: organizationId,
    email: request.email,
    role: request.role,
    invited_by: inviter.email,
    token_hash: tokenHash,
    status: 'pending',
    expires_at: invitationExpiry(now),
    created_at: now.toISOString(),
  };
  const canceled = await transact([
    invitations.create(item),
    invitationTokens.create({
      token_hash: item.token_hash,
      organization_id: organizationId,
      invitation_id: item.id,
    }),
    ...(replaced
      ? [
          invitations.cancelIfPending(organizationId, replaced.id),
          invitationTokens.remove(replaced.token_hash),
          pendingInvitations.repointIfStill(organizationId, request.email, replaced.id, item.id),
        ]
      : [
          pendingInvitations.create({
            organization_id: organizationId,
            email: request.email,
            invitation_id: item.id,
          }),
        ]),
  ]);
  if (canceled) {
    throw new Conflict(
      'This address was invited by someone else at the same moment. Reload the list and try again.',
      'conflict',
    );
  }
  return { invitation: toInvitation(item), token };
}

/** Pending invitations, newest first: the organisation's, or for the super_admin everyone's. */
export async function listPendingInvitations(organizationId: string | null): Promise<Invitation[]> {
  const pending = await invitations.listWithStatus(organizationId, 'pending');
  return pending.map(toInvitation);
}

/** Pending → cancelled: the link stops working at once. */
export async function cancelInvitation(organizationId: string, id: string): Promise<Invitation> {
  const invitation = await invitations.get(organizationId, id, { consistent: true });
  if (!invitation) throw new NotFound(INVITATION_MESSAGES.notFound);
  if (invitation.status !== 'pending') throw new Conflict(INVITATION_MESSAGES.notPending, 'not_pending');
  const canceled = await transact([
    invitations.cancelIfPending(organizationId, id),
    invitationTokens.remove(invitation.token_hash),
    pendingInvitations.removeIfFor(organizationId, invitation.email, id),
  ]);
  if (canceled) throw new Conflict(INVITATION_MESSAGES.notPending, 'not_pending');
  return { ...toInvitation(invitation), status: 'cancelled' };
}

/**
 * The invitation behind an invite link, if it can still be used: 404 'Invalid or expired invitation
 * link' when there is none (or it was used or cancelled), 410 'This invitation has expired'.
 */
export async function findUsableInvitation(token: string, now: Date): Promise<Invitation> {
  const lookup = await invitationTokens.get(hashInvitationToken(token), { consistent: true });
  if (!lookup) throw new NotFound(AUTH_MESSAGES.invalidInvitation, 'invalid_invitation');
  const data = await invitations.get(lookup.organization_id, lookup.invitation_id, { consistent: true });
  const state = data ? invitationState(data, now) : 'invalid';
  if (state === 'expired') throw new Gone(AUTH_MESSAGES.invitationExpired, 'invitation_expired');
  if (!data || state === 'invalid') throw new NotFound(AUTH_MESSAGES.invalidInvitation, 'invalid_invitation');
  return toInvitation(data);
}

/**
 * Joins the invitation's organisation: the new member's profile and the invitation's acceptance in
 * one transaction, conditional on the invitation still being pending and unexpired, so a token
 * works once. Throws when it no longer can.
 */
export async function acceptInvitation(
  token: string,
  invitation: Invitation,
  member: { userId: string; fullName: string },
  now: Date,
): Promise<void> {
  const acceptedAt = now.toISOString();
  const canceled = await transact([
    invitations.acceptIfUsable(invitation.organization_id, invitation.id, now),
    invitationTokens.remove(hashInvitationToken(token)),
    pendingInvitations.remove(invitation.organization_id, invitation.email),
    userProfiles.create({
      id: member.userId,
      organization_id: invitation.organization_id,
      email: invitation.email,
      full_name: member.fullName,
      role: invitation.role,
      created_at: acceptedAt,
    }),
  ]);
  if (canceled) throw new NotFound(AUTH_MESSAGES.invalidInvitation, 'invalid_invitation');
}
