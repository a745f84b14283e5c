import type { Page } from '@shared/api';
import { formatCount, plural } from './format';

/** How many items a list holds: exactly, or at least this many (a search not read to its end). */
export interface ListTotal {
  count: number;
  exact: boolean;
}

/**
 * The total of the loaded pages of a list that counts its matches (the hardware list). Each page's answer counts the whole list exactly
 * (unsearched, from the counters; a search whose read covered the whole list), or counts the
 * matches its read saw from its cursor on: with the rows before that cursor, a lower bound. Once the
 * last page is loaded, the rows are all of them.
 */
export function listTotal(
  pages: readonly (Page<unknown> & { total: number; total_exact: boolean })[],
): ListTotal | null {
  const last = pages[pages.length - 1];
  if (!last) return null;
  const loaded = pages.reduce((sum, page) => sum + page.items.length, 0);
  if (last.next_cursor === null) return { count: loaded, exact: true };
  const exact = pages.findLast((page) => page.total_exact);
  if (exact) return { count: Math.max(exact.total, loaded), exact: true };
  let before = 0;
  let atLeast = loaded;
  for (const page of pages) {
    atLeast = Math.max(atLeast, before + page.total);
    before += page.items.length;
  }
  return { count: atLeast, exact: false };
}

/** What a list's items are called: one, and many. */
export type Noun = readonly [one: string, many: string];

/** "24 of 1,234 hardware assets", "24 of at least 37 hardware assets"; "24 disposal items" uncounted. */
export function describeShown(shown: number, total: ListTotal | null, [one, many]: Noun): string {
  const all = (count: number) => plural(count, one, many);
  if (!total) return all(shown);
  return `${formatCount(shown)} of ${total.exact ? '' : 'at least '}${all(total.count)}`;
}
