import { describe, expect, it } from 'vitest';
import { isMfaRequired, mustSetUpMfa } from './mfa';
import { mfaDisableSchema, totpCodeSchema } from './mfa-requests';

describe('who must have MFA', () => {
  it('is always the super_admin, and everyone where the organisation requires it', () => {
    expect(isMfaRequired('super_admin', false)).toBe(true);
    expect(isMfaRequired('admin', false)).toBe(false);
    expect(isMfaRequired('user', false)).toBe(false);
    expect(isMfaRequired('user', true)).toBe(true);
    expect(isMfaRequired('admin', true)).toBe(true);
  });

  it('sends only those without it to set it up', () => {
    expect(mustSetUpMfa('super_admin', false, false)).toBe(true);
    expect(mustSetUpMfa('super_admin', false, true)).toBe(false);
    expect(mustSetUpMfa('user', true, false)).toBe(true);
    expect(mustSetUpMfa('user', false, false)).toBe(false);
  });
});

describe('TOTP codes', () => {
  it('takes six digits, spaces typed between them ignored', () => {
    expect(totpCodeSchema.parse('123456')).toBe('123456');
    expect(totpCodeSchema.parse(' 123 456 ')).toBe('123456');
    for (const bad of ['12345', '1234567', 'abcdef', '', 123456]) {
      expect(totpCodeSchema.safeParse(bad).success).toBe(false);
    }
    expect(mfaDisableSchema.safeParse({ password: 'x', code: '123456', extra: 1 }).success).toBe(false);
    expect(mfaDisableSchema.safeParse({ password: '', code: '123456' }).success).toBe(false);
  });
});
