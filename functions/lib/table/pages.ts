import type * as z from 'zod';
import type { Page } from '../../../shared/api';
import { InvalidCursor } from '../errors';
import { encodeCursor, listPage, type Listing } from './commands';
import { contains } from './conditions';
import { KEY_ATTRIBUTES } from './definition';

/** DynamoDB items read per request page when searching, and pages read per request at most. */
const SEARCH_READ_PAGE = 500;
const SEARCH_READ_PAGES = 8;

export function invalidCursor(error: unknown): never {
  if (
    error instanceof Error &&
    /ExclusiveStartKey|exclusive start key|starting key|cursor/i.test(error.message)
  ) {
    throw new InvalidCursor();
  }
  throw error;
}

/** The table's key attributes (definition.ts): all a cursor may name. */
const CURSOR_ATTRIBUTES = new Set(KEY_ATTRIBUTES);

/**
 * A cursor we issued is a table key (commands.ts, encodeCursor): base64url JSON of string attributes,
 * pk and sk among them. Anything else is refused before it reaches DynamoDB, which would fail on
 * it as a server error (`{}`, `[]`, `true`) or, for `null`, quietly start from the first page.
 */
export function assertIssuedCursor(cursor: string): void {
  let key: unknown;
  try {
    key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new InvalidCursor();
  }
  const isKey =
    typeof key === 'object' &&
    key !== null &&
    !Array.isArray(key) &&
    'pk' in key &&
    'sk' in key &&
    Object.entries(key).every(([name, value]) => CURSOR_ATTRIBUTES.has(name) && typeof value === 'string');
  if (!isKey) throw new InvalidCursor();
}

interface ListRead<I> {
  /** One key-ordered read, newest first, filtered by the search when there is one. */
  read: (cursor: string | null, limit: number) => Promise<{ data: I[]; cursor: string | null }>;
  /** The cursor that resumes right after an item. */
  cursorAfter: (item: I) => string;
  searching: boolean;
  cursor: string | null;
  limit: number;
}

/** A page, and with a search what its bounded read saw. */
export interface ReadPageResult<I> extends Page<I> {
  /**
   * With a search: the matches the read saw from where it started (the page's items and any after
   * them in its last read, which cost nothing more to count), and whether it read on to the end of
   * the list, in which case that is every match from where it started.
   */
  searched?: { matches: number; toEnd: boolean };
}

/**
 * A page of a list read in key order, without a search: one read of `limit` items (and one more, so
 * that a page that ends the list says so rather than offering an empty next page).
 */
export async function readKeyOrderedPage<I>({
  read,
  cursorAfter,
  cursor,
  limit,
}: Omit<ListRead<I>, 'searching'>): Promise<Page<I>> {
  if (cursor) assertIssuedCursor(cursor);
  const page = await read(cursor, limit + 1).catch(invalidCursor);
  if (page.data.length <= limit) return { items: page.data, next_cursor: page.cursor };
  const items = page.data.slice(0, limit);
  return { items, next_cursor: cursorAfter(items[items.length - 1]!) };
}

/**
 * A page of a newest-first list. Without a search, a page is one key-ordered read of `limit` items
 * (and one more, so that a page that ends the list says so rather than offering an empty next page),
 * whatever the list's size. A search filters as it reads and stops after a bounded number of reads,
 * so a page may hold fewer than `limit` matches while `next_cursor` says there is more to look through.
 */
export async function readPage<I>({
  read,
  cursorAfter,
  searching,
  cursor,
  limit,
}: ListRead<I>): Promise<ReadPageResult<I>> {
  if (!searching) return readKeyOrderedPage({ read, cursorAfter, cursor, limit });
  if (cursor) assertIssuedCursor(cursor);
  const found: I[] = [];
  let next = cursor;
  let matches = 0;
  let toEnd = false;
  for (let reads = 0; reads < SEARCH_READ_PAGES; reads++) {
    const page = await read(next, SEARCH_READ_PAGE).catch(invalidCursor);
    matches += page.data.length;
    toEnd = page.cursor === null;
    const room = limit - found.length;
    if (page.data.length > room) {
      found.push(...page.data.slice(0, room));
      // Resume right after the last match returned, not after the whole page read.
      next = cursorAfter(found[found.length - 1]!);
      break;
    }
    found.push(...page.data);
    next = page.cursor;
    if (!next || found.length === limit) break;
  }
  return { items: found, next_cursor: next, searched: { matches, toEnd } };
}

/**
 * A page of a list shown newest first and searched by its lower-cased `search_text` (hardware
 * assets, disposal items; the audit trail, never searched); a search may return short pages (see
 * readPage). `resumeKey` is the key of an item in the listing read, which a cursor resumes after.
 */
export async function listSearchablePage<S extends z.ZodType>(
  schema: S,
  listing: Listing,
  resumeKey: (item: z.output<S>) => Record<string, unknown>,
  { q, cursor, limit }: { q?: string; cursor?: string; limit: number },
): Promise<ReadPageResult<z.output<S>>> {
  const needle = q?.toLowerCase();
  return readPage({
    read: async (from, count) => {
      const { items, cursor: next } = await listPage(schema, listing, {
        newestFirst: true,
        cursor: from,
        limit: count,
        ...(needle ? { filter: contains('search_text', needle) } : {}),
      });
      return { data: items, cursor: next };
    },
    cursorAfter: (item) => encodeCursor(resumeKey(item)),
    searching: Boolean(needle),
    cursor: cursor ?? null,
    limit,
  });
}
