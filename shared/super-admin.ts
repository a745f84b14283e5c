import { SUPER_ADMIN_PASSWORD_MIN_LENGTH } from './constants';

/**
 * The platform's super_admin can delete every organisation: it gets a longer password than sign-up
 * asks (SPEC's 6 characters stay for everyone else) and must set up MFA (shared/mfa.ts).
 */
export const SUPER_ADMIN_PASSWORD_TOO_SHORT = `The super_admin's password must be at least ${SUPER_ADMIN_PASSWORD_MIN_LENGTH} characters`;

/** What is wrong with a super_admin's password, or null. */
export function superAdminPasswordProblem(password: string): string | null {
  return [...password].length >= SUPER_ADMIN_PASSWORD_MIN_LENGTH ? null : SUPER_ADMIN_PASSWORD_TOO_SHORT;
}
