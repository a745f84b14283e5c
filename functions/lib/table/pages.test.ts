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
});
