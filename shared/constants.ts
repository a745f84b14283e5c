// Business constants from SPEC.md section 9. The product's numbers live here and nowhere else.
export const TRIAL_DAYS = 14;
export const PASSWORD_MIN_LENGTH = 6;
/**
 * The platform's super_admin can delete every organisation: its password (set by
 * create-super-admin, never by sign-up) is at least this long, and it must have MFA (issue 25).
 */
export const SUPER_ADMIN_PASSWORD_MIN_LENGTH = 12;
export const AUDIT_LOG_PAGE_SIZE = 100;
export const PAYMENT_HISTORY_PAGE_SIZE = 10;
export const UNLIMITED = 999999;
export const SHORT_ID_LENGTH = 8;

export const ROLES = ['user', 'admin', 'super_admin'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  user: 'User',
  admin: 'Admin',
  super_admin: 'Super Admin',
};

/** Rank used for "minimum role" checks: a route open to admin is open to super_admin too. */
export const ROLE_RANK: Record<Role, number> = { user: 0, admin: 1, super_admin: 2 };

export function hasRole(actual: Role, minimum: Role): boolean {
  return ROLE_RANK[actual] >= ROLE_RANK[minimum];
}

export function shortId(id: string): string {
  return id.slice(0, SHORT_ID_LENGTH);
}
