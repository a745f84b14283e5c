import { describe, expect, it } from 'vitest';
import { PASSWORD_MIN_LENGTH, SUPER_ADMIN_PASSWORD_MIN_LENGTH } from './constants';
import { SUPER_ADMIN_PASSWORD_TOO_SHORT, superAdminPasswordProblem } from './super-admin';

describe('the super_admin password rule', () => {
  it('asks at least 12 characters, more than sign-up does', () => {
    expect(SUPER_ADMIN_PASSWORD_MIN_LENGTH).toBe(12);
    expect(PASSWORD_MIN_LENGTH).toBe(6);
    expect(superAdminPasswordProblem('ChangeMe123!')).toBeNull();
    expect(superAdminPasswordProblem('ChangeMe123')).toBe(SUPER_ADMIN_PASSWORD_TOO_SHORT);
    expect(superAdminPasswordProblem('secret')).toBe(SUPER_ADMIN_PASSWORD_TOO_SHORT);
  });

  it('counts characters, not UTF-16 units', () => {
    expect(superAdminPasswordProblem('🔑'.repeat(6))).toBe(SUPER_ADMIN_PASSWORD_TOO_SHORT);
    expect(superAdminPasswordProblem('🔑'.repeat(12))).toBeNull();
  });
});
