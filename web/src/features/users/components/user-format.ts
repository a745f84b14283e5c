import type { Role } from '@shared/constants';
import { isExpiredInvitation, type Invitation } from '@shared/invitations';
import type { UserListItem } from '@shared/users';

const DATE_FORMAT = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

/** A timestamp's date in the viewer's calendar, "15 Jan 2028"; the text itself when it is not one. */
export function formatTimestampDate(timestamp: string): string {
  const parsed = new Date(timestamp);
  return Number.isNaN(parsed.getTime()) ? timestamp : DATE_FORMAT.format(parsed);
}

/** The round avatar's letter: the first of the full name, else of the email. */
export function userInitial(user: Pick<UserListItem, 'full_name' | 'email'>): string {
  const source = user.full_name?.trim() || user.email.trim();
  return (source[0] ?? '?').toLocaleUpperCase('en-GB');
}

/** How a user is named on screen: the full name, else the email. */
export function userName(user: Pick<UserListItem, 'full_name' | 'email'>): string {
  return user.full_name?.trim() || user.email;
}

export interface UserCounts {
  total: number;
  byRole: Record<Role, number>;
}

/** The summary card's figures. */
export function countUsers(users: readonly Pick<UserListItem, 'role'>[]): UserCounts {
  const byRole: Record<Role, number> = { user: 0, admin: 0, super_admin: 0 };
  for (const user of users) byRole[user.role] += 1;
  return { total: users.length, byRole };
}

/** The invitations whose links still work, and those that ran out (shown as Expired, with Resend). */
export function splitInvitations(invitations: readonly Invitation[], now: Date) {
  const expired = invitations.filter((invitation) => isExpiredInvitation(invitation, now));
  return { pending: invitations.length - expired.length, expired: expired.length };
}
