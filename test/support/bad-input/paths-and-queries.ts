import fc from 'fast-check';
import type { RouteDefinition } from '../../../functions/routes';
import { hugeString, IMPOSSIBLE_DATES, unicodeText, unknownKey } from './values';
import { pathOf as sharedPathOf } from '../paths';

/** Bad paths and queries, and how the gateway hands a query to the handler. */

/** Percent-encodes as UTF-8 (a lone surrogate goes as U+FFFD, as any client's encoder would send it). */
function encode(text: string): string {
  return [...Buffer.from(text, 'utf8')]
    .map((byte) => {
      const char = String.fromCharCode(byte);
      return /[A-Za-z0-9_.~-]/.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
    })
    .join('');
}

/** Escapes no client's encoder would make, sent as they are: the gateway must refuse them with a 400. */
const MALFORMED_ESCAPES = ['%', '%zz', '%E0%A4%A', '%C0%AF', '%FF%FE', '01J%G0'];

/** A route's path as test/support/paths.ts fills it, a malformed escape sent as it is. */
export function pathOf(route: RouteDefinition, params: Record<string, string>): string {
  return sharedPathOf(route, params, (value) => (MALFORMED_ESCAPES.includes(value) ? value : encode(value)));
}

export function queryString(query: Record<string, string | string[]>): string {
  return Object.entries(query)
    .flatMap(([key, value]) =>
      (Array.isArray(value) ? value : [value]).map((one) => `${encode(key)}=${encode(one)}`),
    )
    .join('&');
}

/**
 * Node's HTTP server refuses a request line and headers over 16 KB with a bare 431 before the
 * gateway sees it (API Gateway's own limit is near 10 KB): longer queries test the server, not us.
 */
export const MAX_QUERY_CHARS = 8_000;

/** The query as the gateway hands it to the handler: repeated names joined with commas. */
export function queryAsReceived(raw: string): Record<string, string> | undefined {
  if (!raw) return undefined;
  const query: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(raw))
    query[name] = name in query ? `${query[name]},${value}` : value;
  return query;
}

/** Any cursor made here is one the server never issued (an empty one means the first page). */
export function hasCursor(raw: string): boolean {
  return Boolean(queryAsReceived(raw)?.cursor);
}

export const badPathValue = fc.oneof(
  fc.string({ minLength: 1, maxLength: 40 }),
  unicodeText,
  fc.constantFrom(5_000, 7_000).map((length) => 'A'.repeat(length)),
  fc.constantFrom(
    '01JAAAAAAAAAAAAAAAAAAAAAA',
    '01JAAAAAAAAAAAAAAAAAAAAAAAA',
    '01jaaaaaaaaaaaaaaaaaaaaaaI',
    '../../api/me',
    '%00',
    ...MALFORMED_ESCAPES,
    ' ',
    'null',
    'undefined',
    '0',
    '-1',
    '{id}',
    "' OR 1=1 --",
  ),
);

export const badQueryValue = fc.oneof(
  fc.constantFrom(
    '',
    'abc',
    '-1',
    '0',
    '1',
    '1.5',
    '101',
    '1e3',
    'NaN',
    'Infinity',
    '0x10',
    ' ',
    'true',
    '[]',
    '{}',
    '10000001',
  ),
  fc.constantFrom(...IMPOSSIBLE_DATES),
  hugeString.map((text) => text.slice(0, 2_100)),
  unicodeText,
  fc.string({ maxLength: 20 }),
);

export const unexpectedQuery = fc
  .dictionary(fc.oneof(unknownKey, fc.constantFrom('limit', 'cursor', 'q', 'status', 'id')), badQueryValue, {
    minKeys: 1,
    maxKeys: 3,
  })
  .map((query) => queryString(query))
  .filter((raw) => raw.length < MAX_QUERY_CHARS && Object.keys(queryAsReceived(raw) ?? {}).length > 0);
