import { describe, expect, it } from 'vitest';
import { hasRole, shortId } from './constants';

describe('hasRole', () => {
  it('lets a higher role through a lower minimum, never the reverse', () => {
    expect(hasRole('super_admin', 'admin')).toBe(true);
    expect(hasRole('admin', 'admin')).toBe(true);
    expect(hasRole('admin', 'user')).toBe(true);
    expect(hasRole('user', 'admin')).toBe(false);
    expect(hasRole('admin', 'super_admin')).toBe(false);
  });
});

describe('shortId', () => {
  it('keeps the first 8 characters', () => {
    expect(shortId('01M81Q7TMNWR56CYA0GC9S09ZK')).toBe('01M81Q7T');
  });
});
