import * as z from 'zod';

/** Schema pieces the lists of the API share (hardware, disposal items, audit logs, machines). */

function notOneOf(values: readonly string[], label: string): string {
  return `${label} must be one of: ${values.join(', ')}`;
}

/** Left out, null, or only spaces: what a form sends for a select nobody chose. */
function isMissing(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/**
 * A required one of a list of values (SPEC 5: "asset type and status are required"): a missing
 * value is "{label} is required", a wrong one gets a message that names the values.
 */
export function choice<T extends readonly [string, ...string[]]>(values: T, label: string) {
  return z.enum(values, {
    error: (issue) => (isMissing(issue.input) ? `${label} is required` : notOneOf(values, label)),
  });
}

/**
 * An optional one of a list of values (a filter, a reason only some statuses need): it is left
 * out when not wanted, so whatever is given, even blank, must be one of the values.
 */
export function optionalChoice<T extends readonly [string, ...string[]]>(values: T, label: string) {
  return z.enum(values, { error: notOneOf(values, label) }).optional();
}

/** A page of a list: `{items, next_cursor}` (API.md). */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), next_cursor: z.string().nullable() });
}

export const PAGE_SIZE_MAX = 100;

/** Where a page starts (a `next_cursor` the list gave) and how many items it holds. */
export function pagingFields(pageSize: number) {
  return {
    cursor: z.string().max(2000).optional(),
    limit: z.coerce
      .number()
      .int()
      .min(1)
      .max(PAGE_SIZE_MAX, { error: `limit must be at most ${PAGE_SIZE_MAX}` })
      .default(pageSize),
  };
}

/** A newest-first list's query: a search, a status filter, a cursor and a page size. */
export function listQuerySchema<S extends readonly [string, ...string[]]>(statuses: S, pageSize: number) {
  return z.strictObject({
    q: searchText(),
    status: optionalChoice(statuses, 'Status'),
    ...pagingFields(pageSize),
  });
}

/** A search: trimmed, and empty means no search. */
export function searchText() {
  return z
    .string()
    .trim()
    .max(100, { error: 'Search text must be at most 100 characters' })
    .optional()
    .transform((value) => (value ? value : undefined));
}

/** "  Jane  DELL " → ["jane", "dell"]: the words of a search that must each match. */
export function searchWords(search: string): string[] {
  return search.toLowerCase().split(/\s+/).filter(Boolean);
}

/** A sorted list's directions: A to Z (oldest first), or Z to A (newest first). */
export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/**
 * A text as lists compare and filter it: trimmed, every run of spaces or control characters one
 * space, lower-cased. "London  Office" and "london office" are the same location.
 */
export function foldedText(value: string | null | undefined): string {
  return (value ?? '')
    .replace(/[\s\p{Cc}]+/gu, ' ')
    .trim()
    .toLowerCase();
}

/** Digits a run is cut into, each part written after its length (one digit, 1–9). */
const DIGIT_PART = 9;

/**
 * What a list sorts a text by, compared as bytes (DynamoDB's order of a sort key): the folded text,
 * each run of digits written as its length then its digits, so that "PC 2" comes before "PC 10"
 * (a run longer than nine digits goes in parts of nine, compared part by part). Two texts that fold alike sort alike; any
 * others differ, so a filter can match this exactly. Accents sort after z (byte order).
 */
export function sortableText(value: string | null | undefined): string {
  return foldedText(value).replace(/\d+/g, (run) => {
    let parts = '';
    for (let start = 0; start < run.length; start += DIGIT_PART) {
      const part = run.slice(start, start + DIGIT_PART);
      parts += `${part.length}${part}`;
    }
    return parts;
  });
}
