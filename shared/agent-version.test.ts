import { describe, expect, it } from 'vitest';
import { isUpdateAvailable } from './agent-version';

describe('isUpdateAvailable', () => {
  it('is true only when the shipped version is newer, number by number', () => {
    expect(isUpdateAvailable('1.0.0', '1.0.1')).toBe(true);
    expect(isUpdateAvailable('1.2.9', '1.2.10')).toBe(true);
    expect(isUpdateAvailable('1.2', '1.2.0')).toBe(false);
    expect(isUpdateAvailable('1.10.0', '1.9.9')).toBe(false);
    expect(isUpdateAvailable('v1.0.0', '1.0.0')).toBe(false);
  });

  it('does not ask an unknown or unreadable version to update', () => {
    expect(isUpdateAvailable(null, '2.0.0')).toBe(false);
    expect(isUpdateAvailable('', '2.0.0')).toBe(false);
    expect(isUpdateAvailable('dev build', '2.0.0')).toBe(false);
  });
});
