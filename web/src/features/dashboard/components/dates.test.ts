import { describe, expect, it } from 'vitest';
import { daysUntil, formatCalendarDate, relativeDays } from './dates';

describe('warranty dates', () => {
  it('formats a calendar date in British style whatever the time zone', () => {
    expect(formatCalendarDate('2026-03-01')).toBe('1 Mar 2026');
    expect(formatCalendarDate('not a date')).toBe('not a date');
  });

  it('counts whole days from the local today', () => {
    const now = new Date(2026, 0, 30, 23, 59);
    expect(daysUntil('2026-01-30', now)).toBe(0);
    expect(daysUntil('2026-01-31', now)).toBe(1);
    expect(daysUntil('2026-03-01', now)).toBe(30);
    expect(daysUntil('2026-01-28', now)).toBe(-2);
  });

  it('says when in words', () => {
    expect(relativeDays(0)).toBe('today');
    expect(relativeDays(1)).toBe('in 1 day');
    expect(relativeDays(45)).toBe('in 45 days');
    expect(relativeDays(-3)).toBe('3 days ago');
  });
});
