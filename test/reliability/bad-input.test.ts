import { createHmac } from 'node:crypto';
import http from 'node:http';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { routeKey, routes, type RouteDefinition } from '../../functions/routes';
import {
  agentListQuerySchema,
  agentReportSchema,
  API_KEY_HEADER,
  type AgentReportInput,
} from '../../shared/agent-data';
import { apiErrorBodySchema, type MeResponse } from '../../shared/api';
import { auditLogListQuerySchema } from '../../shared/audit';
import { createApiKeySchema, type CreatedApiKey } from '../../shared/api-keys';
import { signupSchema } from '../../shared/auth';
import { checkoutRequestSchema, paymentsQuerySchema } from '../../shared/billing';
import {
  disposalDeleteSchema,
  disposalItemInputSchema,
  disposalListQuerySchema,
  disposalStatsQuerySchema,
  type DisposalItem,
} from '../../shared/disposal';
import {
  bulkStatusSchema,
  hardwareAssetInputSchema,
  hardwareAssetUpdateSchema,
  hardwareListQuerySchema,
} from '../../shared/hardware';
import {
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  ImportFileError,
  importQuerySchema,
  importResultSchema,
  parseHardwareCsv,
} from '../../shared/hardware-import';
import { inviteSchema, type Invitation } from '../../shared/invitations';
import { roleChangeSchema } from '../../shared/users';
import {
  api,
  baseUrl,
  createHardwareAsset,
  inviteTokenSentTo,
  signIn,
  signUpUnlimitedCompany,
  uniqueEmail,
} from '../support/api';
import { TEST_SUPER_ADMIN } from '../support/global-setup';
import { dumpDifference, tableDump } from '../support/table';

/**
 * Bad input (OWASP API3, API4), generated from functions/routes.ts so a new route fails here until
 * it is given an input definition below. For every route, fast-check derives from the zod schemas
 * the handler validates with (and from the route's real ids) cases that each carry at least one
 * defect: a wrong type, a missing or unknown field, huge strings and arrays, unicode edge cases,
 * impossible dates, malformed JSON, a wrong content type, an oversize body, a bad path id or query,
 * a body where none is taken, CSV files that cannot import. The schema itself is the oracle: a
 * mutated body it would accept is not a case. Every answer must be a 4xx with the JSON error body
 * (never a 5xx), and the whole table must be as it was before.
 */
const SEED = 20_250_914;
const CASES_PER_ROUTE = 500;
const CONCURRENCY = 8;
/** The local gateway's stand-in for API Gateway's 10 MB payload limit. */
const GATEWAY_MAX_BYTES = 10 * 1024 * 1024;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Caller = 'public' | 'admin' | 'super_admin' | 'agent' | 'stripe';

type BodyInput =
  /** JSON validated by `schema`; `valid` passes it and would be accepted. */
  | { kind: 'json'; schema: z.ZodType; valid: Json }
  /** The route reads no body. */
  | { kind: 'none' }
  /** The CSV import. */
  | { kind: 'csv' }
  /** A Stripe event, proved by its signature. */
  | { kind: 'stripe' };

interface RouteInput {
  caller: Caller;
  /** Real values of the path's parameters, so a defect elsewhere is all that stands in the way. */
  params?: Record<string, string>;
  query?: { schema: z.ZodType; valid: Record<string, string> };
  body: BodyInput;
}

interface BadCase {
  defect: string;
  path: string;
  /** The raw query string, without '?'. */
  query: string;
  headers: Record<string, string>;
  body?: string | Buffer;
  /** A CSV whose every row is refused may also be answered 200 with no asset imported. */
  rowsAllRefused?: number;
}

interface Answer {
  status: number;
  contentType: string;
  text: string;
}

// ---------------------------------------------------------------------------------------------
// Values that break things

const UNICODE_EDGES = [
  '\uD800', // a lone high surrogate
  '\uDFFF', // a lone low surrogate
  '\u0000',
  '\u200F', // right-to-left mark
  '\u202E', // right-to-left override
  '\u200B', // zero-width space
  '\uFEFF',
  '\u2028',
  '😀',
  '👩‍👩‍👧‍👦',
  'e\u0301', // a combining accent
  'Z\u0351\u0352\u0353\u0354\u0355\u0356\u0357',
  '\uFFFF',
  'İ',
  'ß',
];
const IMPOSSIBLE_DATES = [
  '2025-02-30',
  '2025-02-29',
  '2024-02-30',
  'not-a-date',
  '2025-13-01',
  '2025-00-10',
  '0000-00-00',
  '2025-2-3',
  '20250101',
  '9999-99-99',
  '2025-01-01T00:00:00Z',
  '2025-01-32',
  '2025-01-0\u0661',
  '+002025-01-01',
  '2025\u221201\u221201',
  '2025-13',
  '2025-1',
  '2025-00',
  '1e5',
];

const unicodeText = fc
  .array(fc.constantFrom(...UNICODE_EDGES), { minLength: 1, maxLength: 6 })
  .map((parts) => parts.join(''));

const hugeString = fc
  .tuple(
    fc.constantFrom(201, 256, 2_001, 5_000, 20_001, 100_000),
    fc.constantFrom('a', 'é', '😀', ' ', '\u0000', 'e\u0301', '<script>'),
  )
  .map(([length, unit]) => unit.repeat(Math.ceil(length / unit.length) + 1));

const hugeArray: fc.Arbitrary<Json[]> = fc
  .tuple(
    fc.constantFrom(25, 101, 501, 1_001, 5_001, 20_001),
    fc.constantFrom<Json>(1, 'x', '01JAAAAAAAAAAAAAAAAAAAAAAA', {}, { name: 'x' }, null),
  )
  .map(([length, item]) => Array.from({ length }, () => item));

const wrongTypeValue: fc.Arbitrary<Json> = fc.oneof<fc.Arbitrary<Json>[]>(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant(null),
  fc.constant<Json>([]),
  fc.constant<Json>({}),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 2 }),
  fc.constant(''),
  fc.constant('   '),
  fc.constant(1e308),
  fc.constant(-1),
  fc.constant(Number.MAX_SAFE_INTEGER + 2),
  fc.string({ maxLength: 20 }),
);

const unknownKey = fc.oneof(
  fc.string({ minLength: 1, maxLength: 30 }),
  fc.constantFrom(
    'id',
    'organization_id',
    'role',
    'version_',
    'assetType',
    'Asset_Type',
    'is_admin',
    '__proto__',
    'constructor',
    'prototype',
    '',
    ' ',
    'status\u200F',
    'ida\u0301',
    '😀',
  ),
);

// ---------------------------------------------------------------------------------------------
// Mutating a valid JSON body at a path

type Path = (string | number)[];

const named = (defect: string, text: string): [string, string] => [defect, text];

function pathsOf(value: Json, prefix: Path = []): Path[] {
  const here = prefix.length ? [prefix] : [];
  if (Array.isArray(value))
    return [...here, ...value.flatMap((item, index) => pathsOf(item, [...prefix, index]))];
  if (value && typeof value === 'object')
    return [...here, ...Object.entries(value).flatMap(([key, inner]) => pathsOf(inner, [...prefix, key]))];
  return here;
}

function objectPathsOf(value: Json, prefix: Path = []): Path[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => objectPathsOf(item, [...prefix, index]));
  if (value && typeof value === 'object')
    return [
      prefix,
      ...Object.entries(value).flatMap(([key, inner]) => objectPathsOf(inner, [...prefix, key])),
    ];
  return [];
}

function clone(value: Json): Json {
  return structuredClone(value);
}

function valueAt(root: Json, path: Path): Json {
  return path.reduce<Json>((value, key) => (value as Record<string, Json>)[key as string] ?? null, root);
}

/** Sets (or with `undefined`, deletes) the value at a path of a copy of root. */
function withValue(root: Json, path: Path, value: Json | undefined): Json {
  if (path.length === 0) return value === undefined ? null : value;
  const copy = clone(root);
  const parent = valueAt(copy, path.slice(0, -1)) as Record<string, Json> | Json[];
  const key = path[path.length - 1]!;
  if (Array.isArray(parent) && typeof key === 'number') {
    if (value === undefined) parent.splice(key, 1);
    else parent[key] = value;
  } else if (value === undefined) delete (parent as Record<string, Json>)[key];
  else Object.defineProperty(parent, key, { value, enumerable: true, writable: true, configurable: true });
  return copy;
}

function insertInto(text: string, inserted: string, at: number): string {
  const index = text.length ? at % (text.length + 1) : 0;
  return text.slice(0, index) + inserted + text.slice(index);
}

/** One defect at one place of the body: [what was done, the body]. */
function mutation(valid: Json): fc.Arbitrary<[string, Json]> {
  // An emptied body has no places but itself.
  const paths = pathsOf(valid).length ? pathsOf(valid) : [[]];
  const objects = objectPathsOf(valid).length ? objectPathsOf(valid) : [[]];
  const anyPath = fc.constantFrom(...paths);
  const show = (path: Path) => path.join('.') || '(body)';
  const done = (defect: string, body: Json): [string, Json] => [defect, body];
  const weighted = (weight: number, arbitrary: fc.Arbitrary<[string, Json]>) => ({ weight, arbitrary });
  return fc.oneof(
    weighted(
      3,
      fc
        .tuple(anyPath, wrongTypeValue)
        .map(([p, v]) => done(`wrong type at ${show(p)}`, withValue(valid, p, v))),
    ),
    weighted(
      2,
      anyPath.map((p) => done(`missing ${show(p)}`, withValue(valid, p, undefined))),
    ),
    weighted(
      3,
      fc
        .tuple(fc.constantFrom(...objects), unknownKey, wrongTypeValue)
        .map(([p, key, v]) =>
          done(`unknown field ${JSON.stringify(key)} in ${show(p)}`, withValue(valid, [...p, key], v)),
        ),
    ),
    weighted(
      2,
      fc
        .tuple(anyPath, hugeString)
        .map(([p, v]) => done(`huge string (${v.length}) at ${show(p)}`, withValue(valid, p, v))),
    ),
    weighted(
      2,
      fc
        .tuple(anyPath, hugeArray)
        .map(([p, v]) => done(`huge array (${v.length}) at ${show(p)}`, withValue(valid, p, v))),
    ),
    weighted(
      3,
      fc.tuple(anyPath, unicodeText, fc.nat(), fc.boolean()).map(([p, edge, at, replace]) => {
        const current = valueAt(valid, p);
        const value = replace || typeof current !== 'string' ? edge : insertInto(current, edge, at);
        return done(`unicode ${JSON.stringify(edge)} at ${show(p)}`, withValue(valid, p, value));
      }),
    ),
    weighted(
      2,
      fc
        .tuple(anyPath, fc.constantFrom(...IMPOSSIBLE_DATES))
        .map(([p, date]) =>
          done(`impossible date ${JSON.stringify(date)} at ${show(p)}`, withValue(valid, p, date)),
        ),
    ),
    weighted(
      1,
      fc
        .constantFrom<Json>([], [valid], 0, 'body', null, true, '', [[]])
        .map((body) => done(`the body is ${JSON.stringify(body).slice(0, 40)}`, body)),
    ),
  );
}

/** One to three defects together. */
function mutated(valid: Json): fc.Arbitrary<[string, Json]> {
  return fc.integer({ min: 1, max: 3 }).chain((count) => {
    let arbitrary: fc.Arbitrary<[string, Json]> = mutation(valid);
    for (let more = 1; more < count; more++) {
      arbitrary = arbitrary.chain(([done, body]) =>
        // A second defect goes into a body of modest size (a huge array has too many places).
        body && typeof body === 'object' && !Array.isArray(body) && JSON.stringify(body).length < 10_000
          ? mutation(body).map(([next, again]): [string, Json] => [`${done}; ${next}`, again])
          : fc.constant<[string, Json]>([done, body]),
      );
    }
    return arbitrary;
  });
}

/** What the server's zod sees after JSON.stringify and JSON.parse (NaN becomes null, undefined goes). */
function asSent(body: Json): unknown {
  return JSON.parse(JSON.stringify(body)) as unknown;
}

const malformedJson = (validText: string) =>
  fc
    .oneof(
      fc.nat().map((at) => named('truncated JSON', validText.slice(0, at % Math.max(1, validText.length)))),
      fc.constant(named('a trailing comma', validText.replace(/}$/, ',}'))),
      fc.constant(named('single quotes', validText.replace(/"/g, "'"))),
      fc.constant(named('unquoted keys', validText.replace(/"([a-z_]+)":/g, '$1:'))),
      fc.constant(named('a byte order mark', `\uFEFF${validText}`)),
      fc.constant(named('a comment', `/* c */${validText}`)),
      fc.constant(named('NaN', validText.replace(/}$/, ',"n":NaN}'))),
      fc.constant(named('two documents', `${validText}${validText}`)),
      fc.constant(named('an unclosed string', '{"a":"')),
      fc.constant(named('deep nesting', '['.repeat(100_000))),
      fc.constant(named('only whitespace', ' \n\t ')),
      fc.string({ minLength: 1, maxLength: 50 }).map((text) => named('random text', text)),
      fc
        .uint8Array({ minLength: 1, maxLength: 200 })
        .map((bytes) => named('random bytes', Buffer.from(bytes).toString('latin1'))),
    )
    .filter(([, text]) => !parsesAsJson(text));

function parsesAsJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

const wrongJsonContentType = fc.constantFrom(
  'text/plain',
  'text/csv',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/octet-stream',
  'application/jsonp',
  'json',
  'image/png',
  'application/javascript',
);

// ---------------------------------------------------------------------------------------------
// Paths and queries

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

function pathOf(route: RouteDefinition, params: Record<string, string>): string {
  return route.path.replace(/\{(\w+)\}/g, (_, name: string) =>
    MALFORMED_ESCAPES.includes(params[name]!) ? params[name]! : encode(params[name]!),
  );
}

function queryString(query: Record<string, string | string[]>): string {
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
const MAX_QUERY_CHARS = 8_000;

/** The query as the gateway hands it to the handler: repeated names joined with commas. */
function queryAsReceived(raw: string): Record<string, string> | undefined {
  if (!raw) return undefined;
  const query: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(raw))
    query[name] = name in query ? `${query[name]},${value}` : value;
  return query;
}

/** Any cursor made here is one the server never issued (an empty one means the first page). */
function hasCursor(raw: string): boolean {
  return Boolean(queryAsReceived(raw)?.cursor);
}

const badPathValue = fc.oneof(
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

const badQueryValue = fc.oneof(
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

const unexpectedQuery = fc
  .dictionary(fc.oneof(unknownKey, fc.constantFrom('limit', 'cursor', 'q', 'status', 'id')), badQueryValue, {
    minKeys: 1,
    maxKeys: 3,
  })
  .map((query) => queryString(query))
  .filter((raw) => raw.length < MAX_QUERY_CHARS && Object.keys(queryAsReceived(raw) ?? {}).length > 0);

// ---------------------------------------------------------------------------------------------
// CSV files that cannot import

const CSV_HEADER = 'asset_type,manufacturer,model,serial_number,purchase_date,status,notes';

/** A row the schema refuses, as cells of CSV_HEADER. */
const badRow = fc.oneof(
  fc
    .constantFrom('Spaceship', 'laptop\u200F', '', 'Lap\u0000top')
    .map((type) => [type, 'Dell', 'X1', '', '', '', '']),
  fc.constant(['Laptop', '', '', '', '', '', '']),
  fc.constantFrom(...IMPOSSIBLE_DATES).map((date) => ['Laptop', 'Dell', 'X1', '', date, '', '']),
  fc
    .constantFrom('Lost', 'Disposed', 'active?')
    .map((status) => ['Laptop', 'Dell', 'X1', '', '', status, '']),
  hugeString
    .filter((text) => text.length < 30_000)
    .map((text) => ['Laptop', 'Dell', text.slice(0, 2_500), '', '', '', '']),
  fc.constant(['Laptop', 'Dell', 'X1', '', '', '', 'n'.repeat(2_001)]),
);

function csvCell(cell: string): string {
  return /[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
}

const badCsvFile: fc.Arbitrary<[string, string]> = fc.oneof(
  fc
    .array(badRow, { minLength: 1, maxLength: 30 })
    .map((rows) =>
      named('every row invalid', [CSV_HEADER, ...rows.map((row) => row.map(csvCell).join(','))].join('\r\n')),
    ),
  fc
    .array(
      fc.constantFrom(
        'Laptop,"Dell,X1',
        'Laptop,"Dell"x,X1',
        '"Laptop,Dell,X1',
        'Laptop,Dell,"X1""',
        '"Laptop"",Dell,X1',
      ),
      {
        minLength: 1,
        maxLength: 20,
      },
    )
    .map((rows) => named('broken quoting', [CSV_HEADER, ...rows].join('\n'))),
  fc
    .constantFrom(
      'type;manufacturer;model',
      'asset type,manufacturer,model',
      'asset_type\u200F,manufacturer,model',
      'ASSET_TYPE,maker,model',
      'name,serial,notes',
      '"asset_type,manufacturer",model',
      '',
      '\uFEFF',
      ',,,',
      'asset_type,manufacturer',
    )
    .map((header) => named('wrong headers', `${header}\r\nLaptop,Dell,X1\r\n`)),
  fc.constant(named('a header and no rows', `${CSV_HEADER}\r\n`)),
  fc.constant(named('an empty file', '')),
  fc
    .uint8Array({ minLength: 1, maxLength: 500 })
    .map((bytes) => named('random bytes', Buffer.from(bytes).toString('latin1'))),
  fc.constant(
    named(
      `more than ${IMPORT_MAX_ROWS} rows`,
      [
        'asset_type,manufacturer,model',
        ...Array.from({ length: IMPORT_MAX_ROWS + 1 }, () => 'Laptop,Dell,X1'),
      ].join('\n'),
    ),
  ),
);

function csvRowsImported(text: string): { refusedWhole: boolean; good: number; rows: number } {
  try {
    const parsed = parseHardwareCsv(text);
    return { refusedWhole: false, good: parsed.rows.length, rows: parsed.rows.length + parsed.errors.length };
  } catch (error) {
    if (error instanceof ImportFileError) return { refusedWhole: true, good: 0, rows: 0 };
    throw error;
  }
}

const VALID_CSV = `${CSV_HEADER}\r\nLaptop,Dell,Latitude 7440,FUZZ-CSV-1,2024-01-15,Active,fine\r\n`;

// ---------------------------------------------------------------------------------------------
// Cases for one route

interface CaseParts {
  route: RouteDefinition;
  input: RouteInput;
}

function jsonRequest(
  parts: CaseParts,
  defect: string,
  text: string,
  contentType = 'application/json',
): BadCase {
  return {
    defect,
    path: pathOf(parts.route, parts.input.params ?? {}),
    query: parts.input.query ? queryString(parts.input.query.valid) : '',
    headers: { 'content-type': contentType },
    body: text,
  };
}

/** Every case of a route, each with at least one defect. */
function casesFor(parts: CaseParts): fc.Arbitrary<BadCase> {
  const { route, input } = parts;
  const validPath = pathOf(route, input.params ?? {});
  const validQuery = input.query ? queryString(input.query.valid) : '';
  const validBody = (): Pick<BadCase, 'headers' | 'body'> => {
    if (input.body.kind === 'json')
      return { headers: { 'content-type': 'application/json' }, body: JSON.stringify(input.body.valid) };
    if (input.body.kind === 'csv') return { headers: { 'content-type': 'text/csv' }, body: VALID_CSV };
    return { headers: {} };
  };
  const arbitraries: { weight: number; arbitrary: fc.Arbitrary<BadCase> }[] = [];

  // A query parameter the route does not take, or a value its schema refuses.
  arbitraries.push({
    weight: 2,
    arbitrary: unexpectedQuery
      .map((raw) => (validQuery ? `${validQuery}&${raw}` : raw))
      .filter(
        (raw) =>
          !input.query || !input.query.schema.safeParse(queryAsReceived(raw)).success || hasCursor(raw),
      )
      .map((raw) => {
        const known = new Set([...Object.keys(input.query?.valid ?? {}), 'cursor']);
        const unknown = Object.keys(queryAsReceived(raw) ?? {}).some((name) => !known.has(name));
        return {
          defect: `${unknown ? 'unknown query parameter' : 'query'} ?${raw.slice(0, 80)}`,
          path: validPath,
          query: raw,
          ...validBody(),
        };
      }),
  });
  if (input.query) {
    const { schema, valid } = input.query;
    const keys = Object.keys(valid);
    arbitraries.push({
      weight: 4,
      arbitrary: fc
        .tuple(fc.constantFrom(...keys), badQueryValue, fc.boolean())
        .map(([key, value, repeated]) =>
          queryString({ ...valid, [key]: repeated ? [valid[key]!, value] : value }),
        )
        .filter((raw) => raw.length < MAX_QUERY_CHARS && !schema.safeParse(queryAsReceived(raw)).success)
        .map((raw) => ({
          defect: `query value ?${raw.slice(0, 80)}`,
          path: validPath,
          query: raw,
          ...validBody(),
        })),
    });
    if ('limit' in valid) {
      // A cursor the server never issued: garbage, or base64 JSON of somebody's keys.
      arbitraries.push({
        weight: 1,
        arbitrary: fc
          .oneof(
            fc.string({ minLength: 1, maxLength: 100 }),
            fc.json().map((text) => Buffer.from(text).toString('base64url')),
            fc.constantFrom('e30', 'bnVsbA', Buffer.from('{"pk":"$x","sk":"$y"}').toString('base64url')),
          )
          .map((cursor) => ({
            defect: `cursor ${cursor.slice(0, 40)}`,
            path: validPath,
            query: queryString({ ...valid, cursor }),
            ...validBody(),
          })),
      });
    }
  }

  // A path id that names nothing or is no id at all.
  if (input.params) {
    const names = Object.keys(input.params);
    arbitraries.push({
      weight: 4,
      arbitrary: fc
        .tuple(fc.constantFrom(...names), badPathValue)
        .filter(([name, value]) => value !== input.params![name] && value.trim() !== '')
        .map(([name, value]) => ({
          defect: `path ${name}=${JSON.stringify(value.slice(0, 40))}`,
          path: pathOf(route, { ...input.params, [name]: value }),
          query: validQuery,
          ...validBody(),
        })),
    });
  }

  const body = input.body;
  if (body.kind === 'none') {
    arbitraries.push({
      weight: 4,
      arbitrary: fc
        .tuple(
          fc.oneof(
            fc.json({ maxDepth: 2 }),
            fc.string({ minLength: 1, maxLength: 200 }),
            unicodeText,
            hugeString.filter((text) => text.length < 30_000),
          ),
          fc.constantFrom('application/json', 'text/plain', 'text/csv', 'application/octet-stream', ''),
        )
        .filter(([text]) => text.length > 0)
        .map(([text, contentType]) => ({
          defect: `a body (${contentType || 'no content type'}) where none is taken: ${text.slice(0, 40)}`,
          path: validPath,
          query: validQuery,
          headers: contentType ? { 'content-type': contentType } : ({} as Record<string, string>),
          body: text,
        })),
    });
  }
  if (body.kind === 'json') {
    const validText = JSON.stringify(body.valid);
    arbitraries.push(
      {
        weight: 12,
        arbitrary: mutated(body.valid)
          .filter(([, mutatedBody]) => !body.schema.safeParse(asSent(mutatedBody)).success)
          .map(([defect, mutatedBody]) => jsonRequest(parts, defect, JSON.stringify(mutatedBody))),
      },
      {
        weight: 3,
        arbitrary: malformedJson(validText).map(([defect, text]) =>
          jsonRequest(parts, `malformed JSON: ${defect}`, text),
        ),
      },
      {
        weight: 2,
        arbitrary: wrongJsonContentType.map((type) =>
          jsonRequest(parts, `content type ${type}`, validText, type),
        ),
      },
      {
        weight: 1,
        arbitrary: fc.constant<BadCase>({
          defect: 'no body',
          path: validPath,
          query: validQuery,
          headers: { 'content-type': 'application/json' },
        }),
      },
    );
    if (route.auth === 'agent-key') {
      // The report's own limit (4 MB) is below the gateway's.
      arbitraries.push({
        weight: 1,
        arbitrary: fc
          .constantFrom(4 * 1024 * 1024 + 1, 6 * 1024 * 1024)
          .map((bytes) =>
            jsonRequest(parts, `an oversize body (${bytes} bytes)`, `{"machine_id":"${'m'.repeat(bytes)}"}`),
          ),
      });
    }
  }
  if (body.kind === 'csv') {
    arbitraries.push(
      {
        weight: 10,
        arbitrary: fc
          .tuple(
            badCsvFile,
            fc.constantFrom('text/csv', 'text/csv; charset=utf-8', 'application/vnd.ms-excel'),
          )
          .map(([[defect, text], type]) => ({ defect, text, type, outcome: csvRowsImported(text) }))
          // The shared parser is the oracle: a file with a row it would import is not a bad file.
          .filter(({ outcome }) => outcome.good === 0)
          .map(({ defect, text, type, outcome }) => ({
            defect: `CSV: ${defect}`,
            path: validPath,
            query: validQuery,
            headers: { 'content-type': type },
            body: text,
            ...(outcome.refusedWhole ? {} : { rowsAllRefused: outcome.rows }),
          })),
      },
      {
        weight: 2,
        arbitrary: fc
          .constantFrom(
            'application/json',
            'multipart/form-data; boundary=x',
            'image/png',
            'application/octet-stream',
            '',
          )
          .map((type) => ({
            defect: `CSV sent as ${type || 'no content type'}`,
            path: validPath,
            query: validQuery,
            headers: type ? { 'content-type': type } : ({} as Record<string, string>),
            body: VALID_CSV,
          })),
      },
      {
        weight: 1,
        arbitrary: fc.constant(0).map(() => ({
          defect: `a CSV over ${IMPORT_MAX_BYTES} bytes`,
          path: validPath,
          query: validQuery,
          headers: { 'content-type': 'text/csv' },
          body: `${VALID_CSV}${'x'.repeat(IMPORT_MAX_BYTES)}`,
        })),
      },
    );
  }
  if (body.kind === 'stripe') {
    const event = fc.oneof(
      fc.json({ maxDepth: 3 }),
      fc
        .record({
          id: fc.string().map((text) => `evt_${text}`),
          type: fc.constantFrom(
            'customer.subscription.updated',
            'checkout.session.completed',
            'invoice.paid',
            'x',
          ),
          data: fc.record({
            object: fc.dictionary(fc.string({ maxLength: 10 }), fc.jsonValue({ maxDepth: 1 })),
          }),
        })
        .map((record) => JSON.stringify(record)),
      fc.string(),
    );
    /** No signature, a garbled one, or a well-formed one made with a secret that is not ours. */
    const signature = fc.oneof(
      fc.constant((): string | undefined => undefined),
      fc.string({ maxLength: 100 }).map((garbled) => () => garbled),
      fc.tuple(fc.integer({ min: 0, max: 2_000_000_000 }), fc.string({ minLength: 1 })).map(
        ([time, secret]) =>
          (text: string) =>
            `t=${time},v1=${createHmac('sha256', secret).update(`${time}.${text}`).digest('hex')}`,
      ),
    );
    arbitraries.push({
      weight: 1,
      arbitrary: fc
        .tuple(event, signature, fc.constantFrom('application/json', 'text/plain', ''))
        .map(([text, sign, type]) => {
          const header = sign(text);
          return {
            defect: `a Stripe event without a valid signature (${header === undefined ? 'none' : header.slice(0, 30)})`,
            path: validPath,
            query: validQuery,
            headers: {
              ...(type ? { 'content-type': type } : {}),
              ...(header === undefined ? {} : { 'stripe-signature': header }),
            },
            body: text,
          };
        }),
    });
  }
  return fc.oneof(...arbitraries);
}

/** Bigger than the gateway takes: one per route, as each is 10 MB on the wire. */
function oversizeCase({ route, input }: CaseParts): BadCase {
  return {
    defect: `a body over the gateway's ${GATEWAY_MAX_BYTES} bytes`,
    path: pathOf(route, input.params ?? {}),
    query: input.query ? queryString(input.query.valid) : '',
    headers: { 'content-type': input.body.kind === 'csv' ? 'text/csv' : 'application/json' },
    body: `"${'x'.repeat(GATEWAY_MAX_BYTES)}"`,
  };
}

// ---------------------------------------------------------------------------------------------
// Sending

const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });

function send(request: BadCase & { method: string }): Promise<Answer> {
  const url = new URL(baseUrl());
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      {
        host: url.hostname,
        port: url.port,
        method: request.method,
        path: request.query ? `${request.path}?${request.query}` : request.path,
        headers: {
          ...request.headers,
          ...(request.body === undefined ? {} : { 'content-length': Buffer.byteLength(request.body) }),
        },
        agent,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            contentType: String(response.headers['content-type'] ?? ''),
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        response.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(request.body);
  });
}

async function inBatches<T, R>(items: T[], run: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await run(items[index]!);
      }
    }),
  );
  return results;
}

/** Why an answer is not the refusal a bad request deserves, or null when it is. */
function problemWith(answer: Answer, badCase: BadCase): string | null {
  if (answer.status >= 500) return `server error ${answer.status}`;
  let body: unknown;
  try {
    body = JSON.parse(answer.text);
  } catch {
    return `${answer.status} with a body that is not JSON`;
  }
  if (!answer.contentType.startsWith('application/json')) return `${answer.status} as ${answer.contentType}`;
  if (badCase.rowsAllRefused !== undefined && answer.status === 200) {
    const result = importResultSchema.safeParse(body);
    return result.success && result.data.success === 0 && result.data.failed === badCase.rowsAllRefused
      ? null
      : `200 importing ${JSON.stringify(body).slice(0, 200)}`;
  }
  if (answer.status < 400) return `accepted with ${answer.status}`;
  if (!apiErrorBodySchema.safeParse(body).success) return `${answer.status} without the error body`;
  return null;
}

// ---------------------------------------------------------------------------------------------

describe('bad input on every route of the route table', () => {
  it(`refuses ${CASES_PER_ROUTE} generated bad requests per route with a 4xx error body, leaving the table unchanged`, async () => {
    const started = Date.now();
    const company = await signUpUnlimitedCompany('Bad Input Ltd');
    const token = company.accessToken;
    const { organization } = (await api<MeResponse>('/api/me', { token })).body;
    const root = (await signIn(TEST_SUPER_ADMIN.email, TEST_SUPER_ADMIN.password)).AccessToken!;

    const asset = await createHardwareAsset(company, {
      manufacturer: 'Dell',
      model: 'Fuzzed',
      serial_number: 'FZ-1',
    });
    await createHardwareAsset(company, {
      model: 'On its way out',
      status: 'Disposal Pending',
      disposal_reason: 'Obsolete',
    });
    const addDisposal = async (status: 'Pending' | 'Completed') => {
      const response = await api<DisposalItem>('/api/disposals', {
        method: 'POST',
        token,
        body: { asset_name: `Fuzz ${status}`, disposal_reason: 'Damaged', status },
      });
      expect(response.status).toBe(201);
      return response.body;
    };
    const pendingItem = await addDisposal('Pending');
    const completedItem = await addDisposal('Completed');
    const createKey = async (name: string) => {
      const response = await api<CreatedApiKey>('/api/api-keys', { method: 'POST', token, body: { name } });
      expect(response.status).toBe(201);
      return response.body;
    };
    const agentKey = await createKey('Fuzzed agent');
    const spareKey = await createKey('Spare');
    const machineId = 'FUZZ-MACHINE-1';
    const report = await api('/api/agent/report', {
      method: 'POST',
      headers: { [API_KEY_HEADER]: agentKey.key },
      body: { machine_id: machineId, hostname: 'fuzz-host' },
    });
    expect(report.status).toBe(202);

    const memberEmail = uniqueEmail('member');
    expect(
      (await api('/api/invitations', { method: 'POST', token, body: { email: memberEmail, role: 'user' } }))
        .status,
    ).toBe(201);
    const joined = await api('/api/auth/signup', {
      method: 'POST',
      body: {
        email: memberEmail,
        password: 'member-pass-1',
        full_name: 'Fuzz Member',
        invite_token: await inviteTokenSentTo(memberEmail),
      },
    });
    expect(joined.status).toBe(201);
    const member = (
      await api<MeResponse>('/api/me', { token: (await signIn(memberEmail, 'member-pass-1')).AccessToken! })
    ).body.profile;
    const pendingEmail = uniqueEmail('pending');
    const invitation = await api<Invitation>('/api/invitations', {
      method: 'POST',
      token,
      body: { email: pendingEmail, role: 'admin' },
    });
    expect(invitation.status).toBe(201);
    const invitationToken = await inviteTokenSentTo(pendingEmail);

    const hardwareBody = {
      asset_type: 'Laptop',
      manufacturer: 'Lenovo',
      model: 'ThinkPad',
      serial_number: 'FZ-NEW-1',
      asset_tag: 'FZ-TAG-1',
      purchase_date: '2024-01-15',
      warranty_expiry: '2027-01-15',
      status: 'Active',
      location: 'London',
      assigned_to: 'Jane Smith',
      cpu: 'Intel Core i7',
      ram_gb: 16,
      storage_gb: 512,
      os: 'Windows 11',
      notes: 'Fuzzed',
      disposal_reason: null,
      disposal_date: null,
    } satisfies Json;
    const agentReport = {
      machine_id: 'FUZZ-MACHINE-2',
      hostname: 'fuzz-host-2',
      os_type: 'Linux',
      os_version: '6.8',
      service_tag: 'ST-1',
      logged_in_user: 'jane',
      agent_version: '1.0.0',
      update_available: false,
      memory_total_gb: 16,
      cpu_info: { processor: 'Intel', architecture: 'x64', cores_physical: 4, cores_logical: 8 },
      storage_info: [{ device: '/dev/sda', mountpoint: '/', used_gb: 10, total_gb: 100, percent: 10 }],
      shared_folders: [{ name: 'share', path: '/srv/share' }],
      printers: [{ name: 'Printer', driver: 'pcl', network: true, shared: false }],
      installed_software: [{ name: 'vim', version: '9' }],
    } satisfies AgentReportInput & Json;

    /** Every route's input: a route missing here fails the test, so a new route must be added. */
    const inputs: Record<string, RouteInput> = {
      'POST /api/auth/signup': {
        caller: 'public',
        body: {
          kind: 'json',
          schema: signupSchema,
          valid: {
            email: uniqueEmail('fuzz-signup'),
            password: 'fuzz-pass-1',
            full_name: 'Fuzz Person',
            company_name: 'Fuzz Co',
          },
        },
      },
      'GET /api/invitations/by-token/{token}': {
        caller: 'public',
        params: { token: invitationToken },
        body: { kind: 'none' },
      },
      'GET /api/me': { caller: 'admin', body: { kind: 'none' } },
      'GET /api/dashboard': { caller: 'admin', body: { kind: 'none' } },
      'GET /api/hardware': {
        caller: 'admin',
        query: { schema: hardwareListQuerySchema, valid: { q: 'Dell', status: 'Active', limit: '10' } },
        body: { kind: 'none' },
      },
      'POST /api/hardware': {
        caller: 'admin',
        body: { kind: 'json', schema: hardwareAssetInputSchema, valid: hardwareBody },
      },
      'POST /api/hardware/bulk-status': {
        caller: 'admin',
        body: {
          kind: 'json',
          schema: bulkStatusSchema,
          valid: { ids: [asset.id], status: 'Disposed', disposal_reason: 'Sold' },
        },
      },
      'POST /api/hardware/import': {
        caller: 'admin',
        query: { schema: importQuerySchema, valid: { first_row: '2' } },
        body: { kind: 'csv' },
      },
      'GET /api/hardware/{id}': { caller: 'admin', params: { id: asset.id }, body: { kind: 'none' } },
      'PUT /api/hardware/{id}': {
        caller: 'admin',
        params: { id: asset.id },
        body: {
          kind: 'json',
          schema: hardwareAssetUpdateSchema,
          valid: { ...hardwareBody, version: asset.version },
        },
      },
      'DELETE /api/hardware/{id}': { caller: 'admin', params: { id: asset.id }, body: { kind: 'none' } },
      'GET /api/disposals': {
        caller: 'admin',
        query: { schema: disposalListQuerySchema, valid: { q: 'Fuzz', status: 'Pending', limit: '5' } },
        body: { kind: 'none' },
      },
      'GET /api/disposals/stats': {
        caller: 'admin',
        query: { schema: disposalStatsQuerySchema, valid: { month: '2025-03' } },
        body: { kind: 'none' },
      },
      'POST /api/disposals': {
        caller: 'admin',
        body: {
          kind: 'json',
          schema: disposalItemInputSchema,
          valid: {
            asset_type: 'Other',
            asset_name: 'Fuzz item',
            serial_number: 'S-1',
            asset_tag: 'T-1',
            disposal_reason: 'Upgrade',
            disposal_date: '2025-03-01',
            disposal_notes: 'notes',
            status: 'Pending',
          },
        },
      },
      'POST /api/disposals/{id}/complete': {
        caller: 'admin',
        params: { id: pendingItem.id },
        body: { kind: 'none' },
      },
      'POST /api/disposals/{id}/revert': {
        caller: 'admin',
        params: { id: completedItem.id },
        body: { kind: 'none' },
      },
      'POST /api/disposals/delete': {
        caller: 'admin',
        body: { kind: 'json', schema: disposalDeleteSchema, valid: { ids: [pendingItem.id] } },
      },
      'GET /api/audit-logs': {
        caller: 'admin',
        query: { schema: auditLogListQuerySchema, valid: { limit: '50' } },
        body: { kind: 'none' },
      },
      'POST /api/agent/report': {
        caller: 'agent',
        body: { kind: 'json', schema: agentReportSchema, valid: agentReport },
      },
      'GET /api/agents': {
        caller: 'admin',
        query: { schema: agentListQuerySchema, valid: { q: 'fuzz', freshness: 'green', sort: 'hostname' } },
        body: { kind: 'none' },
      },
      'GET /api/agents/{machine_id}': {
        caller: 'admin',
        params: { machine_id: machineId },
        body: { kind: 'none' },
      },
      'GET /api/agent/download': { caller: 'admin', body: { kind: 'none' } },
      'GET /api/api-keys': { caller: 'admin', body: { kind: 'none' } },
      'POST /api/api-keys': {
        caller: 'admin',
        body: { kind: 'json', schema: createApiKeySchema, valid: { name: 'Fuzz key' } },
      },
      'DELETE /api/api-keys/{id}': { caller: 'admin', params: { id: spareKey.id }, body: { kind: 'none' } },
      'GET /api/invitations': { caller: 'admin', body: { kind: 'none' } },
      'POST /api/invitations': {
        caller: 'admin',
        body: {
          kind: 'json',
          schema: inviteSchema,
          valid: { email: uniqueEmail('fuzz-invite'), role: 'user' },
        },
      },
      'POST /api/invitations/{id}/cancel': {
        caller: 'admin',
        params: { id: invitation.body.id },
        body: { kind: 'none' },
      },
      'POST /api/invitations/{id}/resend': {
        caller: 'admin',
        params: { id: invitation.body.id },
        body: { kind: 'none' },
      },
      'GET /api/users': { caller: 'admin', body: { kind: 'none' } },
      'PATCH /api/users/{id}': {
        caller: 'admin',
        params: { id: member.id },
        body: { kind: 'json', schema: roleChangeSchema, valid: { role: 'admin' } },
      },
      'DELETE /api/users/{id}': { caller: 'super_admin', params: { id: member.id }, body: { kind: 'none' } },
      'POST /api/users/{id}/password-reset': {
        caller: 'admin',
        params: { id: member.id },
        body: { kind: 'none' },
      },
      'GET /api/organizations': { caller: 'super_admin', body: { kind: 'none' } },
      'DELETE /api/organizations/{id}': {
        caller: 'super_admin',
        params: { id: organization.id },
        body: { kind: 'none' },
      },
      'GET /api/billing': { caller: 'admin', body: { kind: 'none' } },
      'GET /api/billing/payments': {
        caller: 'admin',
        query: { schema: paymentsQuerySchema, valid: { limit: '5' } },
        body: { kind: 'none' },
      },
      // A well-formed id Stripe does not know: 404, asked of the Stripe sandbox.
      'GET /api/billing/checkout/{session_id}': {
        caller: 'admin',
        params: { session_id: 'cs_test_fuzz' },
        body: { kind: 'none' },
      },
      'POST /api/billing/checkout': {
        caller: 'admin',
        body: { kind: 'json', schema: checkoutRequestSchema, valid: { price_id: 'price_fuzz' } },
      },
      'POST /api/billing/portal': { caller: 'admin', body: { kind: 'none' } },
      'POST /api/billing/sync-plans': { caller: 'super_admin', body: { kind: 'none' } },
      'POST /api/stripe/webhook': { caller: 'stripe', body: { kind: 'stripe' } },
    };
    const uncovered = routes.map(routeKey).filter((key) => !(key in inputs));
    expect(uncovered, 'routes without an input definition in bad-input.test.ts').toEqual([]);

    const credentials: Record<Caller, Record<string, string>> = {
      public: {},
      stripe: {},
      admin: { authorization: `Bearer ${token}` },
      super_admin: { authorization: `Bearer ${root}` },
      agent: { [API_KEY_HEADER]: agentKey.key },
    };

    // The agent route goes first: its key's last use was just recorded, and is recorded again only
    // after some minutes (a refused report is still a use of the key).
    const ordered = [...routes].sort(
      (a, b) => Number(b.auth === 'agent-key') - Number(a.auth === 'agent-key'),
    );
    const before = await tableDump();
    const failures: string[] = [];
    const counts: string[] = [];
    let total = 0;
    let serverErrors = 0;
    let refusedRowByRow = 0;
    for (const route of ordered) {
      const input = inputs[routeKey(route)]!;
      const cases = [
        ...fc.sample(casesFor({ route, input }), {
          seed: SEED + routes.indexOf(route),
          numRuns: CASES_PER_ROUTE,
        }),
        oversizeCase({ route, input }),
      ];
      expect(cases.length).toBeGreaterThanOrEqual(CASES_PER_ROUTE);
      // Unknown keys are only generated where the product's schema refuses them: if one went lax,
      // they would silently drop out of the cases, so their presence is part of the test.
      const unknown = (kind: string) => cases.filter(({ defect }) => defect.includes(kind)).length;
      expect(
        unknown('unknown query parameter'),
        `${routeKey(route)}: unknown query parameters`,
      ).toBeGreaterThan(0);
      if (input.body.kind === 'json')
        expect(unknown('unknown field'), `${routeKey(route)}: unknown fields`).toBeGreaterThan(0);
      const answers = await inBatches(cases, (badCase) =>
        send({
          ...badCase,
          method: route.method,
          headers: { ...credentials[input.caller], ...badCase.headers },
        }),
      );
      answers.forEach((answer, at) => {
        const badCase = cases[at]!;
        if (answer.status >= 500) serverErrors++;
        if (badCase.rowsAllRefused !== undefined && answer.status === 200) refusedRowByRow++;
        const problem = problemWith(answer, badCase);
        if (problem && failures.length < 150)
          failures.push(
            `${routeKey(route)} with ${badCase.defect.slice(0, 160)}: ${problem} ${answer.text.slice(0, 160)}`,
          );
      });
      total += cases.length;
      counts.push(`${routeKey(route)} ${cases.length}`);
    }
    const after = await tableDump();
    const difference = dumpDifference(before, after);
    const unchanged = difference.addedOrChanged.length === 0 && difference.removedOrChanged.length === 0;

    console.log(`[reliability] bad input: seed ${SEED}, cases per route: ${counts.join(', ')}`);
    console.log(
      `[reliability] bad input: ${total} cases over ${routes.length} routes, ${serverErrors} server errors, ${failures.length} wrong answers, table ${unchanged ? 'unchanged' : 'CHANGED'}; ${refusedRowByRow} CSV files refused row by row (200, nothing imported); ${Math.round((Date.now() - started) / 1000)} s`,
    );
    expect(failures).toEqual([]);
    expect(difference).toEqual({ removedOrChanged: [], addedOrChanged: [] });
  }, 600_000);
});
