import { describe, expect, it } from 'vitest';
import { formatCount, formatDate, formatDay, plural } from './format';

describe('formatCount', () => {
  it('writes whole numbers as en-GB does', () => {
    for (const value of [0, 7, 999, 1000, 12_345, 999_999, 1_234_567, -1, -1234, 2 ** 40]) {
      expect(formatCount(value)).toBe(value.toLocaleString('en-GB'));
    }
  });

  it('leaves other numbers to Intl', () => {
    expect(formatCount(1234.5)).toBe('1,234.5');
  });
});

describe('formatDay', () => {
  it('writes every month of a calendar date as en-GB medium dates do', () => {
    const intl = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' });
    for (let month = 0; month < 12; month++) {
      for (const day of [1, 9, 28]) {
        const date = new Date(Date.UTC(2028, month, day));
        expect(formatDay(date.toISOString().slice(0, 10))).toBe(intl.format(date));
      }
    }
    expect(formatDay('2026-09-05')).toBe('5 Sept 2026');
  });

  it('gives null for anything else', () => {
    expect(formatDay('not a date')).toBeNull();
    expect(formatDay('2026-3-1')).toBeNull();
    expect(formatDay('')).toBeNull();
  });
});

describe('plural and formatDate', () => {
  it('count with the right noun', () => {
    expect(plural(1, 'hardware asset', 'hardware assets')).toBe('1 hardware asset');
    expect(plural(0, 'row', 'rows')).toBe('0 rows');
    expect(plural(1200, 'row', 'rows')).toBe('1,200 rows');
  });

  it('write a stored date, and leave anything else as it is', () => {
    expect(formatDate('2028-01-15')).toBe('15 Jan 2028');
    expect(formatDate('soon')).toBe('soon');
  });
});
