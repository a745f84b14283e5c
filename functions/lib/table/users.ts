import type { Role } from '../../../shared/constants';
import { USER_MESSAGES, type UserListItem } from '../../../shared/users';
import { Conflict, Forbidden, NotFound } from '../errors';
import type { UserProfileItem } from './index';
import { db } from './service';
import type { TransactionEntities, TransactionItem } from './transaction';

/**
 * The users of an organisation, or of all of them for the super_admin, and the role changes and
 * deletions the team pages make. An organisation always keeps an admin: a demotion or deletion of
 * an admin is one transaction with a check that another admin still is one, so two admins cannot
 * demote each other at the same moment and leave nobody in charge.
 */
function toListItem(profile: UserProfileItem, organizationName: string | null): UserListItem {
  return {
    id: profile.id,
    email: profile.email,
    full_name: profile.full_name ?? null,
    organization_id: profile.organization_id,
    role: profile.role,
    created_at: profile.created_at,
    organization: organizationName === null ? null : { id: profile.organization_id, name: organizationName },
  };
}

/** Newest first: the organisation's users, or (null) everyone's with their organisation. */
export async function listUsers(organizationId: string | null): Promise<UserListItem[]> {
  const profiles = db().entities.userProfile;
  if (organizationId) {
    const { data } = await profiles.query.primary({ organization_id: organizationId }).go({ pages: 'all' });
    return data
      .sort((a, b) => b.created_at.localeCompare(a.created_at))
      .map((profile) => toListItem(profile, null));
  }
  const { data } = await profiles.query.everyone({}).go({ order: 'desc', pages: 'all' });
  const organizationIds = [...new Set(data.map((profile) => profile.organization_id))];
  const names = new Map<string, string>();
  for (let start = 0; start < organizationIds.length; start += 100) {
    const { data: organizations } = await db()
      .entities.organization.get(organizationIds.slice(start, start + 100).map((id) => ({ id })))
      .go();
    for (const organization of organizations) names.set(organization.id, organization.name);
  }
  return data.map((profile) => toListItem(profile, names.get(profile.organization_id) ?? ''));
}

export interface Viewer {
  id: string;
  role: Role;
  organization_id: string;
}

/** The profile a viewer may act on: within their organisation, or anywhere for the super_admin. */
async function targetProfile(viewer: Viewer, userId: string): Promise<UserProfileItem> {
  const { data } = await db().entities.userProfile.query.byUser({ id: userId }).go({ limit: 1 });
  const profile = data[0];
  if (!profile || (viewer.role !== 'super_admin' && profile.organization_id !== viewer.organization_id)) {
    throw new NotFound(USER_MESSAGES.notFound);
  }
  if (profile.id === viewer.id) throw new Forbidden(USER_MESSAGES.notYourself, 'not_yourself');
  return profile;
}

/** Another admin of the organisation, whose staying an admin the change is conditional on. */
async function anotherAdmin(profile: UserProfileItem): Promise<UserProfileItem> {
  const { data } = await db()
    .entities.userProfile.query.primary({ organization_id: profile.organization_id })
    .go({ pages: 'all' });
  const witness = data.find((other) => other.id !== profile.id && other.role === 'admin');
  if (!witness) throw new Conflict(USER_MESSAGES.lastAdmin, 'last_admin');
  return witness;
}

type ProfileEntity = TransactionEntities['userProfile'];

/** The condition that keeps the organisation with an admin: the witness must still be one. */
function stillAdmin(userProfile: ProfileEntity, witness: UserProfileItem | null): TransactionItem[] {
  if (!witness) return [];
  return [
    userProfile
      .check({ organization_id: witness.organization_id, id: witness.id })
      .where((attributes, { eq }) => eq(attributes.role, 'admin'))
      .commit() as TransactionItem,
  ];
}

export async function changeUserRole(viewer: Viewer, userId: string, role: Role): Promise<UserListItem> {
  const profile = await targetProfile(viewer, userId);
  if (viewer.role !== 'super_admin' && (role === 'super_admin' || profile.role === 'super_admin')) {
    throw new Forbidden(USER_MESSAGES.onlySuperAdminGrants, 'super_admin_only');
  }
  if (profile.role === role) return toListItem(profile, null);
  const witness = profile.role === 'admin' ? await anotherAdmin(profile) : null;
  const { canceled } = await db()
    .transaction.write(({ userProfile }) => [
      userProfile
        .patch({ organization_id: profile.organization_id, id: profile.id })
        .set({ role })
        .where((attributes, { eq }) => eq(attributes.role, profile.role))
        .commit(),
      ...stillAdmin(userProfile, witness),
    ])
    .go();
  if (canceled) throw new Conflict('Someone changed these users at the same time. Reload and try again.');
  return toListItem({ ...profile, role }, null);
}

/**
 * Removes a profile (the super_admin's delete): from then on the person's tokens reach nothing,
 * since every request reads the profile. Returns the email, for removing the Cognito user.
 */
export async function deleteUserProfile(viewer: Viewer, userId: string): Promise<string> {
  const profile = await targetProfile(viewer, userId);
  const witness = profile.role === 'admin' ? await anotherAdmin(profile) : null;
  const { canceled } = await db()
    .transaction.write(({ userProfile }) => [
      userProfile.delete({ organization_id: profile.organization_id, id: profile.id }).commit(),
      ...stillAdmin(userProfile, witness),
    ])
    .go();
  if (canceled) throw new Conflict('Someone changed these users at the same time. Reload and try again.');
  return profile.email;
}

/** The email of a user the viewer may send a password reset to. */
export async function resettableUserEmail(viewer: Viewer, userId: string): Promise<string> {
  const { data } = await db().entities.userProfile.query.byUser({ id: userId }).go({ limit: 1 });
  const profile = data[0];
  if (!profile || (viewer.role !== 'super_admin' && profile.organization_id !== viewer.organization_id)) {
    throw new NotFound(USER_MESSAGES.notFound);
  }
  return profile.email;
}
