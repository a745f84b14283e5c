import type { Role } from '../../shared/constants';
import { USER_MESSAGES, type UserListItem } from '../../shared/users';
import { Conflict, Forbidden, NotFound } from '../lib/errors';
import { organizations, userProfiles, type UserProfileItem } from '../lib/table/items/organizations';
import { transact, type TableWrite } from '../lib/table/transaction';

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
  if (organizationId) {
    const profiles = await userProfiles.listOfOrganization(organizationId);
    return profiles
      .sort((a, b) => b.created_at.localeCompare(a.created_at))
      .map((profile) => toListItem(profile, null));
  }
  const profiles = await userProfiles.listEveryone();
  const organizationIds = [...new Set(profiles.map((profile) => profile.organization_id))];
  const names = new Map<string, string>();
  const found = await organizations.getMany(organizationIds);
  for (const organization of found) names.set(organization.id, organization.name);
  return profiles.map((profile) => toListItem(profile, names.get(profile.organization_id) ?? ''));
}

export interface Viewer {
  id: string;
  role: Role;
  organization_id: string;
}

/** The profile a viewer may act on: within their organisation, or anywhere for the super_admin. */
async function targetProfile(viewer: Viewer, userId: string): Promise<UserProfileItem> {
  const profile = await userProfiles.findOfUser(userId);
  if (!profile || (viewer.role !== 'super_admin' && profile.organization_id !== viewer.organization_id)) {
    throw new NotFound(USER_MESSAGES.notFound);
  }
  if (profile.id === viewer.id) throw new Forbidden(USER_MESSAGES.notYourself, 'not_yourself');
  return profile;
}

/** Another admin of the organisation, whose staying an admin the change is conditional on. */
async function anotherAdmin(profile: UserProfileItem): Promise<UserProfileItem> {
  const members = await userProfiles.listOfOrganization(profile.organization_id);
  const witness = members.find((other) => other.id !== profile.id && other.role === 'admin');
  if (!witness) throw new Conflict(USER_MESSAGES.lastAdmin, 'last_admin');
  return witness;
}

/** The condition that keeps the organisation with an admin: the witness must still be one. */
function stillAdmin(witness: UserProfileItem | null): TableWrite[] {
  if (!witness) return [];
  return [userProfiles.checkAdmin(witness.organization_id, witness.id)];
}

export async function changeUserRole(viewer: Viewer, userId: string, role: Role): Promise<UserListItem> {
  const profile = await targetProfile(viewer, userId);
  if (viewer.role !== 'super_admin' && (role === 'super_admin' || profile.role === 'super_admin')) {
    throw new Forbidden(USER_MESSAGES.onlySuperAdminGrants, 'super_admin_only');
  }
  if (profile.role === role) return toListItem(profile, null);
  const witness = profile.role === 'admin' ? await anotherAdmin(profile) : null;
  const canceled = await transact([
    userProfiles.changeRoleIf(profile.organization_id, profile.id, profile.role, role),
    ...stillAdmin(witness),
  ]);
  if (canceled) throw new Conflict('Someone changed these users at the same time. Reload and try again.');
  return toListItem({ ...profile, role }, null);
}

/**
 * Removes a profile (the super_admin's delete): from then on the person's tokens reach nothing,
 * since every request reads the profile. Returns the Cognito user's sub, for removing it.
 */
export async function deleteUserProfile(viewer: Viewer, userId: string): Promise<string> {
  const profile = await targetProfile(viewer, userId);
  const witness = profile.role === 'admin' ? await anotherAdmin(profile) : null;
  const canceled = await transact([
    userProfiles.remove(profile.organization_id, profile.id),
    ...stillAdmin(witness),
  ]);
  if (canceled) throw new Conflict('Someone changed these users at the same time. Reload and try again.');
  return profile.id;
}

/** A user the viewer may send a password reset to: their Cognito sub, and the email it goes to. */
export async function resettableUser(
  viewer: Viewer,
  userId: string,
): Promise<Pick<UserProfileItem, 'id' | 'email'>> {
  const profile = await userProfiles.findOfUser(userId);
  if (!profile || (viewer.role !== 'super_admin' && profile.organization_id !== viewer.organization_id)) {
    throw new NotFound(USER_MESSAGES.notFound);
  }
  return { id: profile.id, email: profile.email };
}
