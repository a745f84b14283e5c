import { createHash } from 'node:crypto';
import * as z from 'zod';
import {
  INVITABLE_ROLES,
  INVITATION_STATUSES,
  USABLE_INVITATION_STATUS,
  type InvitationStatus,
} from '../../../../shared/invitations';
import { allOf, equals, greaterThan, type Condition } from '../conditions';
import { key, stored, tableKey } from './stored';

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
};
