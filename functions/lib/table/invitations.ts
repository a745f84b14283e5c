import { createHash, randomBytes } from 'node:crypto';
import type { EntityItem } from 'electrodb';
import { ulid } from 'ulid';
import { UNLIMITED } from '../../../shared/constants';
import {
  INVITATION_LIFETIME_DAYS,
  INVITATION_MESSAGES,
  invitationState,
  type Invitation,
  type InviteRequest,
} from '../../../shared/invitations';
import { AUTH_MESSAGES } from '../../../shared/auth';
import { PLAN_LIMIT_MESSAGES } from '../../../shared/billing';
import type { PlanLimits } from '../plan-limits';
import { underPlanLimitGuard } from './plan-limit-guard';
import { Conflict, Gone, NotFound } from '../errors';
import type { Actor } from './audit';
import type { invitationEntity } from './invitation';
import { db } from './service';

/**
 * Invitations. The token is in the invitation email only; the table keeps its SHA-256, as the
 * lookup item's key, which exists exactly while the invitation is pending. Each address has at most
 * one pending invitation per organisation: inviting it again replaces the earlier one.
 */
type InvitationItem = EntityItem<typeof invitationEntity>;

const DAY_MS = 24 * 60 * 60 * 1000;

export function hashInvitationToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function toInvitation(item: InvitationItem): Invitation {
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

/**
 * The people an organisation has for its plan's user_limit: members and pending invitations. Read
 * from the organisation's partition, consistently (not from the status index, which lags), since
 * it is counted right after the previous inviter let go of the guard.
 */
export async function countPeople(organizationId: string): Promise<number> {
  const [members, pending] = await Promise.all([
    db()
      .entities.userProfile.query.primary({ organization_id: organizationId })
      .go({ pages: 'all', attributes: ['id'], consistent: true }),
    db()
      .entities.invitation.query.primary({ organization_id: organizationId })
      .where(({ status }, { eq }) => eq(status, 'pending'))
      .go({ pages: 'all', attributes: ['id'], consistent: true }),
  ]);
  return members.data.length + pending.data.length;
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
  return underPlanLimitGuard(organizationId, 'users', limits.userLimit, () =>
    writeInvitation(organizationId, request, inviter, now, limits),
  );
}

async function writeInvitation(
  organizationId: string,
  request: InviteRequest,
  inviter: Actor,
  now: Date,
  limits: PlanLimits,
): Promise<CreatedInvitation> {
  const entities = db().entities;
  const { data: earlier } = await entities.pendingInvitation
    .get({ organization_id: organizationId, email: request.email })
    .go({ consistent: true });
  // A replaced invitation frees its place, so it does not count against the limit.
  const { planName, userLimit } = limits;
  if (userLimit < UNLIMITED && (await countPeople(organizationId)) - (earlier ? 1 : 0) >= userLimit) {
    throw new Conflict(PLAN_LIMIT_MESSAGES.users(planName, userLimit), 'plan_limit');
  }
  const replaced = earlier
    ? (
        await entities.invitation
          .get({ organization_id: organizationId, id: earlier.invitation_id })
          .go({ consistent: true })
      ).data
    : null;

  const token = randomBytes(32).toString('base64url');
  const item: InvitationItem = {
    id: ulid(now.getTime()),
    organization_id: organizationId,
    email: request.email,
    role: request.role,
    invited_by: inviter.email,
    token_hash: hashInvitationToken(token),
    status: 'pending',
    expires_at: new Date(now.getTime() + INVITATION_LIFETIME_DAYS * DAY_MS).toISOString(),
    created_at: now.toISOString(),
  };
  const { canceled } = await db()
    .transaction.write(({ invitation, invitationToken, pendingInvitation }) => [
      invitation.create(item).commit(),
      invitationToken
        .create({ token_hash: item.token_hash, organization_id: organizationId, invitation_id: item.id })
        .commit(),
      ...(replaced
        ? [
            invitation
              .patch({ organization_id: organizationId, id: replaced.id })
              .set({ status: 'cancelled' })
              .where(({ status }, { eq }) => eq(status, 'pending'))
              .commit(),
            invitationToken.delete({ token_hash: replaced.token_hash }).commit(),
            pendingInvitation
              .patch({ organization_id: organizationId, email: request.email })
              .set({ invitation_id: item.id })
              .where(({ invitation_id }, { eq }) => eq(invitation_id, replaced.id))
              .commit(),
          ]
        : [
            pendingInvitation
              .create({ organization_id: organizationId, email: request.email, invitation_id: item.id })
              .commit(),
          ]),
    ])
    .go();
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
  const entity = db().entities.invitation;
  const { data } = organizationId
    ? await entity.query
        .byStatus({ organization_id: organizationId, status: 'pending' })
        .go({ order: 'desc', pages: 'all' })
    : await entity.query.byStatusEverywhere({ status: 'pending' }).go({ order: 'desc', pages: 'all' });
  return data.map(toInvitation);
}

/** Pending → cancelled: the link stops working at once. */
export async function cancelInvitation(organizationId: string, id: string): Promise<Invitation> {
  const { data } = await db()
    .entities.invitation.get({ organization_id: organizationId, id })
    .go({ consistent: true });
  if (!data) throw new NotFound(INVITATION_MESSAGES.notFound);
  if (data.status !== 'pending') throw new Conflict(INVITATION_MESSAGES.notPending, 'not_pending');
  const { canceled } = await db()
    .transaction.write(({ invitation, invitationToken, pendingInvitation }) => [
      invitation
        .patch({ organization_id: organizationId, id })
        .set({ status: 'cancelled' })
        .where(({ status }, { eq }) => eq(status, 'pending'))
        .commit(),
      invitationToken.delete({ token_hash: data.token_hash }).commit(),
      pendingInvitation
        .delete({ organization_id: organizationId, email: data.email })
        .where(({ invitation_id }, { eq }) => eq(invitation_id, id))
        .commit(),
    ])
    .go();
  if (canceled) throw new Conflict(INVITATION_MESSAGES.notPending, 'not_pending');
  return { ...toInvitation(data), status: 'cancelled' };
}

/**
 * The invitation behind an invite link, if it can still be used: 404 'Invalid or expired invitation
 * link' when there is none (or it was used or cancelled), 410 'This invitation has expired'.
 */
export async function findUsableInvitation(token: string, now: Date): Promise<Invitation> {
  const { data: lookup } = await db()
    .entities.invitationToken.get({ token_hash: hashInvitationToken(token) })
    .go({ consistent: true });
  if (!lookup) throw new NotFound(AUTH_MESSAGES.invalidInvitation, 'invalid_invitation');
  const { data } = await db()
    .entities.invitation.get({ organization_id: lookup.organization_id, id: lookup.invitation_id })
    .go({ consistent: true });
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
  const { canceled } = await db()
    .transaction.write(({ invitation: invitations, invitationToken, pendingInvitation, userProfile }) => [
      invitations
        .patch({ organization_id: invitation.organization_id, id: invitation.id })
        .set({ status: 'accepted', accepted_at: acceptedAt })
        .where(
          ({ status, expires_at }, { eq, gt }) =>
            `${eq(status, 'pending')} AND ${gt(expires_at, acceptedAt)}`,
        )
        .commit(),
      invitationToken.delete({ token_hash: hashInvitationToken(token) }).commit(),
      pendingInvitation
        .delete({ organization_id: invitation.organization_id, email: invitation.email })
        .commit(),
      userProfile
        .create({
          id: member.userId,
          organization_id: invitation.organization_id,
          email: invitation.email,
          full_name: member.fullName,
          role: invitation.role,
          created_at: acceptedAt,
        })
        .commit(),
    ])
    .go();
  if (canceled) throw new NotFound(AUTH_MESSAGES.invalidInvitation, 'invalid_invitation');
}
