import { createHash } from 'node:crypto';
import * as z from 'zod';
import {
  INVITABLE_ROLES,
  INVITATION_STATUSES,
  USABLE_INVITATION_STATUS,
  type InvitationStatus,
} from '../../../../shared/invitations';
import { create, getItem, listAll, patch, remove, type TableWrite } from '../commands';
import { allOf, equals, greaterThan, type Condition } from '../conditions';
import { key, stored, tableKey } from './stored';

interface ReadOptions {
  consistent?: boolean;
}

/** An invitation to join an organisation (SPEC.md section 3, user_invitations). */
export const invitationItemSchema = z.object({
  /** A ULID: "newest first" is the key order. */
  id: z.string(),
  organization_id: z.string(),
  email: z.string(),
  role: z.enum(INVITABLE_ROLES),
  invited_by: z.string(),
  /** SHA-256 of the token: the token itself is only ever in the invitation email. */
  token_hash: z.string(),
  status: z.enum(INVITATION_STATUSES),
  expires_at: z.string(),
  accepted_at: z.string().optional(),
  created_at: z.string(),
});
export type InvitationItem = z.infer<typeof invitationItemSchema>;

export const invitations = {
  key: (organizationId: string, id: string) => tableKey(`ORG#${organizationId}`, `INVITE#${id}`),
  /** The status indexes' partitions: a status change moves the invitation between them. */
  statusPartitions: (organizationId: string, status: InvitationStatus) => ({
    gsi1pk: key(`ORG#${organizationId}#INVITESTATUS#${status}`),
    gsi2pk: key(`INVITESTATUS#${status}`),
  }),
  item: (invitation: InvitationItem) =>
    stored(invitation, {
      ...invitations.key(invitation.organization_id, invitation.id),
      ...invitations.statusPartitions(invitation.organization_id, invitation.status),
      gsi1sk: key(`INVITE#${invitation.id}`),
      gsi2sk: key(`INVITE#${invitation.id}`),
    }),
  ofOrganization: (organizationId: string) => ({
    partition: key(`ORG#${organizationId}`),
    sortPrefix: key('INVITE#'),
  }),
  /** An invitation still usable at `now` (shared/invitations.ts, isUsableInvitation), as a condition. */
  usable: (now: Date): Condition =>
    allOf(equals('status', USABLE_INVITATION_STATUS), greaterThan('expires_at', now.toISOString())),
  /** An admin's list: the organisation's invitations of one status, newest first. */
  withStatus: (organizationId: string, status: InvitationStatus) => ({
    index: 'gsi1' as const,
    partition: key(`ORG#${organizationId}#INVITESTATUS#${status}`),
    sortPrefix: key('INVITE#'),
  }),
  /** The super_admin's list: every organisation's invitations of one status, newest first. */
  withStatusEverywhere: (status: InvitationStatus) => ({
    index: 'gsi2' as const,
    partition: key(`INVITESTATUS#${status}`),
    sortPrefix: key('INVITE#'),
  }),
  /** Every invitation of the organisation, whatever its status. */
  listOfOrganization: (organizationId: string): Promise<InvitationItem[]> =>
    listAll(invitationItemSchema, invitations.ofOrganization(organizationId)),
  get: (organizationId: string, id: string, options?: ReadOptions): Promise<InvitationItem | null> =>
    getItem(invitationItemSchema, invitations.key(organizationId, id), options),
  /** Invitations of one status, newest first: an organisation's, or (null) every organisation's. */
  listWithStatus: (organizationId: string | null, status: InvitationStatus): Promise<InvitationItem[]> =>
    listAll(
      invitationItemSchema,
      organizationId
        ? invitations.withStatus(organizationId, status)
        : invitations.withStatusEverywhere(status),
      { newestFirst: true },
    ),
  create: (invitation: InvitationItem): TableWrite => create(invitations.item(invitation)),
  /** Pending → cancelled, moved to the cancelled ones in the status indexes. */
  cancelIfPending: (organizationId: string, id: string): TableWrite =>
    patch(
      invitations.key(organizationId, id),
      { set: { status: 'cancelled', ...invitations.statusPartitions(organizationId, 'cancelled') } },
      equals('status', 'pending'),
    ),
  /** A new token and lifetime, if nobody accepted, cancelled or resent it since it was read. */
  renewIfUnchanged: (
    organizationId: string,
    id: string,
    readTokenHash: string,
    renewed: Pick<InvitationItem, 'token_hash' | 'expires_at' | 'invited_by'>,
  ): TableWrite =>
    patch(
      invitations.key(organizationId, id),
      {
        set: {
          token_hash: renewed.token_hash,
          expires_at: renewed.expires_at,
          invited_by: renewed.invited_by,
        },
      },
      allOf(equals('status', 'pending'), equals('token_hash', readTokenHash)),
    ),
  /** Usable at `now` → accepted, moved to the accepted ones in the status indexes. */
  acceptIfUsable: (organizationId: string, id: string, now: Date): TableWrite =>
    patch(
      invitations.key(organizationId, id),
      {
        set: {
          status: 'accepted',
          accepted_at: now.toISOString(),
          ...invitations.statusPartitions(organizationId, 'accepted'),
        },
      },
      invitations.usable(now),
    ),
};

/** What the table keeps of an invite link's token, and finds its invitation by. */
export function hashInvitationToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The way from an invite link to its invitation; exists while the invitation is pending. */
export const invitationTokenItemSchema = z.object({
  token_hash: z.string(),
  organization_id: z.string(),
  invitation_id: z.string(),
});
export type InvitationTokenItem = z.infer<typeof invitationTokenItemSchema>;

export const invitationTokens = {
  key: (tokenHash: string) => tableKey(`INVITETOKEN#${tokenHash}`, 'INVITETOKEN'),
  item: (token: InvitationTokenItem) => stored(token, invitationTokens.key(token.token_hash)),
  get: (tokenHash: string, options?: ReadOptions): Promise<InvitationTokenItem | null> =>
    getItem(invitationTokenItemSchema, invitationTokens.key(tokenHash), options),
  create: (token: InvitationTokenItem): TableWrite => create(invitationTokens.item(token)),
  remove: (tokenHash: string): TableWrite => remove(invitationTokens.key(tokenHash)),
};

/** The pending invitation of an email address in an organisation: at most one at a time. */
export const pendingInvitationItemSchema = z.object({
  organization_id: z.string(),
  email: z.string(),
  invitation_id: z.string(),
});
export type PendingInvitationItem = z.infer<typeof pendingInvitationItemSchema>;

export const pendingInvitations = {
  key: (organizationId: string, email: string) => tableKey(`ORG#${organizationId}`, `INVITEEMAIL#${email}`),
  item: (pending: PendingInvitationItem) =>
    stored(pending, pendingInvitations.key(pending.organization_id, pending.email)),
  get: (
    organizationId: string,
    email: string,
    options?: ReadOptions,
  ): Promise<PendingInvitationItem | null> =>
    getItem(pendingInvitationItemSchema, pendingInvitations.key(organizationId, email), options),
  create: (pending: PendingInvitationItem): TableWrite => create(pendingInvitations.item(pending)),
  /** Points the address at its new invitation, if it still points at the one being replaced. */
  repointIfStill: (organizationId: string, email: string, replacedId: string, newId: string): TableWrite =>
    patch(
      pendingInvitations.key(organizationId, email),
      { set: { invitation_id: newId } },
      equals('invitation_id', replacedId),
    ),
  removeIfFor: (organizationId: string, email: string, invitationId: string): TableWrite =>
    remove(pendingInvitations.key(organizationId, email), equals('invitation_id', invitationId)),
  remove: (organizationId: string, email: string): TableWrite =>
    remove(pendingInvitations.key(organizationId, email)),
};
