import * as z from 'zod';
import { InvalidCursor } from '../errors';
import { encodeCursor, indexKeys, listPage, type Listing } from './commands';
import type { Condition } from './conditions';
import type { StoredItem } from './items/stored';
import { assertIssuedCursor, readPage, type ReadPageResult } from './pages';

/**
 * A list in an order DynamoDB keeps as a key: one listing (a column's index), or several read one
 * after another (one partition per status, in the statuses' order). A page reads on from its cursor,
 * across listings, filtered by DynamoDB as it reads when there is a filter (then a bounded read, as a
 * search is: readPage). The entries come back as stored, with their keys.
 */
export interface SortedListing {
  /** Read one after another, each in its sort-key order (reversed when descending). */
  listings: Listing[];
  ascending: boolean;
  filter?: Condition;
}

const storedEntrySchema = z.record(z.string(), z.unknown());

/** An entry's keys in its listing: all a cursor that resumes right after it needs. */
function keysOf(entry: StoredItem, listing: Listing): Record<string, unknown> {
  const { partitionKey, sortKey } = indexKeys(listing.index);
  const names = new Set(['pk', 'sk', partitionKey, sortKey]);
  return Object.fromEntries(
    [...names].filter((name) => typeof entry[name] === 'string').map((name) => [name, entry[name]]),
  );
}

/** Which listing a cursor we issued is in: the one whose partition it names. */
function listingOf(sorted: SortedListing, cursor: string): number {
  const key = storedEntrySchema.parse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
  const index = sorted.listings.findIndex(
    (listing) => key[indexKeys(listing.index).partitionKey] === listing.partition,
  );
  if (index < 0) throw new InvalidCursor();
  return index;
}

interface Entry {
  stored: StoredItem;
  /** Where a read resumes right after it. */
  cursor: string;
}

/**
 * At least `count` entries looked at from a cursor on (or to the end), across listings: a listing
 * that ends goes on into the next, so a cursor always names an entry of one of them.
 */
async function readAcross(
  sorted: SortedListing,
  from: string | null,
  count: number,
): Promise<{ data: Entry[]; cursor: string | null }> {
  const { listings, ascending, filter } = sorted;
  let at = from ? listingOf(sorted, from) : 0;
  let cursor = from;
  let looked = 0;
  const data: Entry[] = [];
  while (at < listings.length) {
    const listing = listings[at]!;
    const page = await listPage(storedEntrySchema, listing, {
      newestFirst: !ascending,
      cursor,
      // One at least: a listing that ended exactly at `count` is followed into the next.
      limit: Math.max(1, count - looked),
      withKeys: true,
      ...(filter ? { filter } : {}),
    });
    looked += page.scanned;
    data.push(...page.items.map((stored) => ({ stored, cursor: encodeCursor(keysOf(stored, listing)) })));
    if (page.cursor) {
      cursor = page.cursor;
      if (looked >= count) return { data, cursor };
      continue;
    }
    at += 1;
    cursor = null;
  }
  return { data, cursor: null };
}

/**
 * A page of a sorted listing: without a filter, the page and one more entry; with one, a bounded
 * read that may return fewer than `limit` entries while `next_cursor` says there is more.
 */
export async function readSortedPage(
  sorted: SortedListing,
  { cursor, limit }: { cursor?: string | undefined; limit: number },
): Promise<ReadPageResult<StoredItem>> {
  if (cursor) assertIssuedCursor(cursor);
  const page = await readPage<Entry>({
    read: (from, count) => readAcross(sorted, from, count),
    cursorAfter: (entry) => entry.cursor,
    searching: sorted.filter !== undefined,
    cursor: cursor ?? null,
    limit,
  });
  return { ...page, items: page.items.map((entry) => entry.stored) };
}
