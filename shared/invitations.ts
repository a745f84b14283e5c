import * as z from 'zod';
import { emailSchema } from './auth';
import { ulidSchema } from './hardware';

/**
 * Invitations (SPEC.md sections 3, 4, 5 and 9). The spec does not show an invitation's lifetime:
 * it is seven days, long enough to span a weekend and a holiday, short enough that a forwarded
 * or forgotten link stops working soon.
 */
export const INVITATION_LIFETIME_DAYS = 7;

export const INVITATION_STATUSES = ['pending', 'accepted', 'cancelled'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

/** The roles an invitation may give: the invite dialog offers only User and Admin (SPEC 5). */
export const INVITABLE_ROLES = ['user', 'admin'] as const;
export type InvitableRole = (typeof INVITABLE_ROLES)[number];

export const INVITATION_MESSAGES = {
  noOrganization: 'You must belong to an organization to invite users',
  sent: (email: string) => `Invitation sent to ${email}`,
  sendFailed: 'Failed to send invitation',
  cancelConfirm: 'Are you sure you want to cancel this invitation?',
  cancelled: 'Invitation cancelled',
  cancelFailed: 'Failed to cancel invitation',
  notFound: 'Invitation not found',
  notPending: 'This invitation is no longer pending',
  resent: (email: string) => `Invitation sent again to ${email}`,
  resendFailed: 'Failed to resend invitation',
  changedMeanwhile:
    'This invitation was changed by someone else at the same moment. Reload the list and try again.',
} as const;

export const inviteSchema = z.strictObject({
  email: emailSchema,
  role: z.enum(INVITABLE_ROLES, { error: 'Role must be user or admin' }).default('user'),
});
export type InviteRequest = z.output<typeof inviteSchema>;

export const invitationSchema = z.object({
  id: z.string(),
  organization_id: z.string(),
  email: z.string(),
  role: z.enum(INVITABLE_ROLES),
  /** The email of the admin who sent it. */
  invited_by: z.string(),
  status: z.enum(INVITATION_STATUSES),
  expires_at: z.string(),
  accepted_at: z.string().nullable(),
  created_at: z.string(),
});
export type Invitation = z.infer<typeof invitationSchema>;

export const invitationListResponseSchema = z.object({ items: z.array(invitationSchema) });
export type InvitationListResponse = z.infer<typeof invitationListResponseSchema>;

/** What the invite link's sign-up shows: the locked email and organisation. */
export const invitationByTokenSchema = z.object({
  email: z.string(),
  role: z.enum(INVITABLE_ROLES),
  organization: z.object({ id: z.string(), name: z.string() }),
});
export type InvitationByToken = z.infer<typeof invitationByTokenSchema>;

/** An invitation named in a path: /api/invitations/{id}/cancel and /resend. */
export const invitationIdParamsSchema = z.object({ id: ulidSchema });

/**
 * POST /api/invitations/lookup's body. Any text: a token that is not one of ours is simply not found
 * (404), like a used one.
 */
export const invitationLookupSchema = z.strictObject({
  token: z.string({ error: 'token is required' }).min(1).max(200),
});
export type InvitationLookupRequest = z.infer<typeof invitationLookupSchema>;

/** The fragment parameter of an invite link that carries its token. */
export const INVITE_FRAGMENT_PARAMETER = 'invite';

/**
 * The invite link of the web app. The token rides in the fragment (`#invite=`), which browsers keep
 * to themselves: it reaches no server, CDN or access log; the app posts it to the lookup.
 */
export function invitationLink(appUrl: string, token: string): string {
  const url = new URL(appUrl);
  url.hash = new URLSearchParams({ [INVITE_FRAGMENT_PARAMETER]: token }).toString();
  return url.toString();
}

/**
 * The token of an invite link as the app is opened with it: the fragment's, or (links sent before
 * tokens left the query) the query's `invite` parameter.
 */
export function inviteTokenOf(location: { hash: string; search: string }): string | null {
  const fromFragment = new URLSearchParams(location.hash.replace(/^#/, '')).get(INVITE_FRAGMENT_PARAMETER);
  return fromFragment || new URLSearchParams(location.search).get(INVITE_FRAGMENT_PARAMETER) || null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** When an invitation sent (or sent again) now stops working. */
export function invitationExpiry(now: Date): string {
  return new Date(now.getTime() + INVITATION_LIFETIME_DAYS * DAY_MS).toISOString();
}

/**
 * A usable invitation (SPEC 4), stated once: its status is this one and its `expires_at` (an ISO
 * time, as invitationExpiry writes it) is after now. Only a usable invitation's link signs someone
 * up, and only usable ones hold a place against the plan's user limit; the table's condition for
 * both (functions/lib/table/items/invitations.ts, `usable`) is built from the same two facts.
 */
export const USABLE_INVITATION_STATUS = 'pending' satisfies InvitationStatus;

export function isUsableInvitation(
  invitation: Pick<Invitation, 'status' | 'expires_at'>,
  now: Date,
): boolean {
  // Compared as text, as DynamoDB compares the stored ISO times.
  return invitation.status === USABLE_INVITATION_STATUS && invitation.expires_at > now.toISOString();
}

/** Valid only while usable; a pending one past its expiry is expired; anything else invalid. */
export function invitationState(
  invitation: Pick<Invitation, 'status' | 'expires_at'>,
  now: Date,
): 'valid' | 'expired' | 'invalid' {
  if (isUsableInvitation(invitation, now)) return 'valid';
  return invitation.status === USABLE_INVITATION_STATUS ? 'expired' : 'invalid';
}

/**
 * A pending invitation whose link has run out is shown as Expired: it is not counted among the
 * pending ones (nor against the plan's user limit) until it is sent again.
 */
export function isExpiredInvitation(
  invitation: Pick<Invitation, 'status' | 'expires_at'>,
  now: Date,
): boolean {
  return invitationState(invitation, now) === 'expired';
}
