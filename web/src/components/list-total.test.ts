import { describe, expect, it } from 'vitest';
import { describeShown, listTotal } from './list-total';

const HARDWARE = ['hardware asset', 'hardware assets'] as const;

const page = (items: number, total: number, exact: boolean, next: string | null = 'more') => ({
  items: Array.from({ length: items }, () => null),
  next_cursor: next,
  total,
  total_exact: exact,
});

describe("a counted list's total", () => {
  it('is the exact total the API counted, and the loaded rows once the last page is in', () => {
    expect(listTotal([])).toBeNull();
    expect(listTotal([page(24, 1234, true)])).toEqual({ count: 1234, exact: true });
    expect(listTotal([page(24, 1234, true), page(24, 1233, true)])).toEqual({ count: 1233, exact: true });
    expect(listTotal([page(24, 30, true), page(6, 30, true, null)])).toEqual({ count: 30, exact: true });
    // A search whose read covered the whole list counted every match on its first page.
    expect(listTotal([page(24, 50, true), page(3, 26, false)])).toEqual({ count: 50, exact: true });
  });

  it("is a lower bound while a search's pages remain: the rows before each page and its own count", () => {
    expect(listTotal([page(24, 37, false)])).toEqual({ count: 37, exact: false });
    expect(listTotal([page(24, 30, false), page(24, 100, false)])).toEqual({ count: 124, exact: false });
    expect(listTotal([page(24, 30, false), page(0, 0, false)])).toEqual({ count: 30, exact: false });
    expect(listTotal([page(24, 30, false), page(6, 6, false, null)])).toEqual({ count: 30, exact: true });
  });

  it('says how many rows are shown of how many', () => {
    expect(describeShown(24, { count: 1234, exact: true }, HARDWARE)).toBe('24 of 1,234 hardware assets');
    expect(describeShown(24, { count: 37, exact: false }, HARDWARE)).toBe(
      '24 of at least 37 hardware assets',
    );
    expect(describeShown(1, { count: 1, exact: true }, HARDWARE)).toBe('1 of 1 hardware asset');
    expect(describeShown(3, null, HARDWARE)).toBe('3 hardware assets');
    expect(describeShown(1, null, ['disposal item', 'disposal items'])).toBe('1 disposal item');
  });
});
