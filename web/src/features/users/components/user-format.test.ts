import { describe, expect, it } from 'vitest';
import type { Invitation } from '@shared/invitations';
import { countUsers, formatTimestampDate, splitInvitations, userInitial, userName } from './user-format';

describe('user format', () => {
  it('takes the initial from the full name, else the email', () => {
    expect(userInitial({ full_name: 'ann admin', email: 'x@example.test' })).toBe('A');
    expect(userInitial({ full_name: '  ', email: 'bob@example.test' })).toBe('B');
    expect(userInitial({ full_name: null, email: '' })).toBe('?');
  });

  it('names a user by full name, else email', () => {
    expect(userName({ full_name: 'Ann Admin', email: 'ann@example.test' })).toBe('Ann Admin');
    expect(userName({ full_name: null, email: 'ann@example.test' })).toBe('ann@example.test');
  });

  it('counts users by role', () => {
    expect(countUsers([{ role: 'admin' }, { role: 'user' }, { role: 'user' }])).toEqual({
      total: 3,
      byRole: { user: 2, admin: 1, super_admin: 0 },
    });
  });

  it('formats a timestamp as a date, and leaves other text alone', () => {
    expect(formatTimestampDate('2026-03-12T12:00:00.000Z')).toBe('12 Mar 2026');
    expect(formatTimestampDate('soon')).toBe('soon');
  });

  it('counts the invitations whose links still work apart from the expired ones', () => {
    const now = new Date('2026-03-12T12:00:00.000Z');
    const invitation = (expires_at: string): Invitation => ({
      id: expires_at,
      organization_id: 'org',
      email: 'x@example.test',
      role: 'user',
      invited_by: 'ann@example.test',
      status: 'pending',
      expires_at,
      accepted_at: null,
      created_at: '2026-03-01T12:00:00.000Z',
    });
    expect(
      splitInvitations(
        [
          invitation('2026-03-12T12:00:00.001Z'),
          invitation('2026-03-12T12:00:00.000Z'),
          invitation('2026-03-01T00:00:00.000Z'),
        ],
        now,
      ),
    ).toEqual({ pending: 1, expired: 2 });
  });
});
