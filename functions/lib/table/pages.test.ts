import { describe, expect, it } from 'vitest';
import { BadRequest } from '../errors';
import { readPage } from './pages';

/** Cursors the API never issued are refused before DynamoDB sees them (found by the bad-input suite). */
const cursorOf = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

function pageFrom(cursor: string | null) {
  const reads: (string | null)[] = [];
  const page = readPage({
    read: async (from) => {
      reads.push(from);
      return { data: [], cursor: null };
    },
    cursorAfter: () => '',
    searching: false,
    cursor,
    limit: 10,
  });
  return { page, reads };
}

describe('readPage', () => {
  it.each([
    ['{}', cursorOf({})],
    ['null', cursorOf(null)],
    ['an array', cursorOf([])],
    ['true', cursorOf(true)],
    ['a key with a number', cursorOf({ pk: 'a', sk: 1 })],
    ['a key with an attribute the table lacks', cursorOf({ pk: 'a', sk: 'b', owner: 'c' })],
    ['text that is not base64 JSON', 'not a cursor'],
  ])('refuses a cursor that is %s with 400 invalid_cursor, reading nothing', async (_what, cursor) => {
    const { page, reads } = pageFrom(cursor);
    await expect(page).rejects.toBeInstanceOf(BadRequest);
    await expect(page).rejects.toMatchObject({ statusCode: 400, code: 'invalid_cursor' });
    expect(reads).toEqual([]);
  });

  it('reads from a cursor shaped as a table key, and from the start without one', async () => {
    const key = cursorOf({ pk: 'a', sk: 'b', gsi1pk: 'c', gsi1sk: 'd' });
    const { page, reads } = pageFrom(key);
    await expect(page).resolves.toEqual({ items: [], next_cursor: null });
    expect(reads).toEqual([key]);
    const first = pageFrom(null);
    await first.page;
    expect(first.reads).toEqual([null]);
  });

  it('reads one item more than a page, so a page that ends the list offers no next page', async () => {
    const reads: number[] = [];
    const list = (size: number) => (from: string | null, count: number) => {
      reads.push(count);
      const start = from ? Number(from) : 0;
      const data = Array.from({ length: Math.max(0, Math.min(count, size - start)) }, (_, at) => start + at);
      return Promise.resolve({ data, cursor: data.length === count ? String(start + count) : null });
    };
    const page = (size: number) =>
      readPage({
        read: list(size),
        cursorAfter: (item) => String(item + 1),
        searching: false,
        cursor: null,
        limit: 3,
      });

    expect(await page(3)).toEqual({ items: [0, 1, 2], next_cursor: null });
    expect(await page(4)).toEqual({ items: [0, 1, 2], next_cursor: '3' });
    expect(reads).toEqual([4, 4]);
  });

  describe('with a search', () => {
    /** Reads of 500 items, each holding the matches given for it; the last read ends the list. */
    function search(matchesPerRead: number[], cursor: string | null = null) {
      let read = 0;
      return readPage<string>({
        read: (from) => {
          const at = from === null ? 0 : Number(from.split(':')[0]);
          read = at + 1;
          const data = Array.from({ length: matchesPerRead[at] ?? 0 }, (_, index) => `${at}:${index}`);
          return Promise.resolve({ data, cursor: read < matchesPerRead.length ? `${read}:start` : null });
        },
        cursorAfter: (item) => `${item}:after`,
        searching: true,
        cursor,
        limit: 24,
      });
    }

    it('counts every match it saw, those past the page included, and says when it read to the end', async () => {
      const page = await search([30]);
      expect(page.items).toHaveLength(24);
      expect(page.next_cursor).toBe('0:23:after');
      expect(page.searched).toEqual({ matches: 30, toEnd: true });
    });

    it('says the read stopped before the end when more reads remain', async () => {
      const page = await search([10, 20, 5]);
      expect(page.items).toHaveLength(24);
      expect(page.searched).toEqual({ matches: 30, toEnd: false });
      const few = await search([1, 0, 2]);
      expect(few).toMatchObject({ next_cursor: null, searched: { matches: 3, toEnd: true } });
    });

    it('stops after its bounded number of reads, however few matches it found', async () => {
      const page = await search(Array.from({ length: 12 }, () => 0));
      expect(page).toEqual({ items: [], next_cursor: '8:start', searched: { matches: 0, toEnd: false } });
    });
  });
});
