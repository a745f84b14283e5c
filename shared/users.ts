import * as z from 'zod';
import { userProfileSchema } from './api';
import { ROLE_LABELS, ROLES, type Role } from './constants';

/** Team and system management (SPEC.md sections 2, 5, 6 and 8): the users list and its actions. */
export const USER_MESSAGES = {
  accessDenied: 'Access Denied - Only administrators can view this page.',
  noUsers: 'No users found',
  loadFailed: 'Failed to load users',
  roleConfirm: (role: Role) => `Change user role to ${ROLE_LABELS[role]}?`,
  roleUpdated: 'User role updated',
  roleFailed: 'Failed to update user role',
  resetConfirm: (email: string) => `Send a password reset email to ${email}?`,
  resetSent: (email: string) => `Password reset email sent to ${email}`,
  resetFailed: 'Failed to send password reset email',
  deleteConfirm: (email: string) =>
    `Delete the user ${email}? They will no longer be able to sign in. This cannot be undone.`,
  deleted: (name: string) => `User ${name} deleted successfully`,
  deleteFailed: 'Failed to delete user',
  notFound: 'User not found',
  onlySuperAdminGrants: 'Only a super admin can grant or change the super admin role',
  notYourself: 'You cannot change your own role or delete yourself',
  lastAdmin: 'An organization needs at least one admin: make someone else an admin first',
} as const;

/** A row of the users table: the profile, with its organisation for the super_admin's view. */
export const userListItemSchema = userProfileSchema.extend({
  organization: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export type UserListItem = z.infer<typeof userListItemSchema>;

export const userListResponseSchema = z.object({ items: z.array(userListItemSchema) });
export type UserListResponse = z.infer<typeof userListResponseSchema>;

export const roleChangeSchema = z.strictObject({
  role: z.enum(ROLES, { error: `Role must be one of: ${ROLES.join(', ')}` }),
});
export type RoleChange = z.output<typeof roleChangeSchema>;

export const userIdParamsSchema = z.object({ id: z.string().min(1).max(100) });

export const passwordResetResponseSchema = z.object({ message: z.string() });
export type PasswordResetResponse = z.infer<typeof passwordResetResponseSchema>;

/** The roles a viewer may pick in a row's dropdown (SPEC 5): Super Admin only for a super_admin. */
export function roleOptions(viewer: Role): readonly Role[] {
  return viewer === 'super_admin' ? ROLES : ROLES.filter((role) => role !== 'super_admin');
}

/** A super_admin's row can be changed only by a super_admin (SPEC 5). */
export function canChangeRoleOf(viewer: Role, target: Role): boolean {
  return target !== 'super_admin' || viewer === 'super_admin';
}

/** A row of the super_admin's organizations table. */
export const organizationSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  created_at: z.string(),
  user_count: z.number().int().nonnegative(),
});
export type OrganizationSummary = z.infer<typeof organizationSummarySchema>;

export const organizationListResponseSchema = z.object({ items: z.array(organizationSummarySchema) });
export type OrganizationListResponse = z.infer<typeof organizationListResponseSchema>;

export const ORGANIZATION_MESSAGES = {
  none: 'No organizations found',
  loadFailed: 'Failed to load organizations',
  deleteConfirm: (name: string) =>
    `Delete the organization ${name}? All of its users, assets and data will be deleted. This is irreversible.`,
  deleted: (name: string) => `Organization "${name}" deleted successfully`,
  deleteFailed: 'Failed to delete organization',
} as const;
