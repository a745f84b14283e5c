import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import type { z } from 'zod';
import type { RouteDefinition } from '../../../functions/routes';
import { IMPORT_MAX_BYTES } from '../../../shared/hardware-import';
import { badAgentCredential } from './credentials';
import { badCsvFile, csvRowsImported, VALID_CSV } from './csv-files';
import { asSent, malformedJson, mutated, wrongJsonContentType } from './json-body';
import {
  badPathValue,
  badQueryValue,
  hasCursor,
  MAX_QUERY_CHARS,
  pathOf,
  queryAsReceived,
  queryString,
  unexpectedQuery,
} from './paths-and-queries';
import { hugeString, unicodeText, type Json } from './values';

/**
 * The cases of one route, generated from how the route takes its input (its body's schema and a
 * valid body, its query's, its real path ids): each carries at least one defect.
 */

/** The local gateway's stand-in for API Gateway's 10 MB payload limit. */
export const GATEWAY_MAX_BYTES = 10 * 1024 * 1024;

export type Caller = 'public' | 'admin' | 'super_admin' | 'agent' | 'device' | 'stripe';

export type BodyInput =
  /** JSON validated by `schema`; `valid` passes it and would be accepted. */
  | { kind: 'json'; schema: z.ZodType; valid: Json }
  /** The route reads no body. */
  | { kind: 'none' }
  /** The CSV import. */
  | { kind: 'csv' }
  /** A Stripe event, proved by its signature. */
  | { kind: 'stripe' };

export interface RouteInput {
  caller: Caller;
  /** Real values of the path's parameters, so a defect elsewhere is all that stands in the way. */
  params?: Record<string, string>;
  query?: { schema: z.ZodType; valid: Record<string, string> };
  body: BodyInput;
}

export interface BadCase {
  defect: string;
  path: string;
  /** The raw query string, without '?'. */
  query: string;
  headers: Record<string, string>;
  body?: string | Buffer;
  /** The one status the case deserves, when only one will do (a bad credential: 401). */
  status?: number;
  /** A CSV whose every row is refused: 400 no_valid_rows, naming each row (up to the answer's 1,000). */
  rowsAllRefused?: number;
}

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
export function casesFor(parts: CaseParts): fc.Arbitrary<BadCase> {
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

  // The agent channel's credential, missing, malformed, unknown or the other kind of it: 401.
  if (route.auth === 'agent-key' || route.auth === 'device-token') {
    arbitraries.push({
      weight: 2,
      arbitrary: fc
        .tuple(badAgentCredential(route.auth), fc.boolean())
        .map(([[defect, headers], withBody]) => {
          const valid = validBody();
          return {
            defect: `credential: ${defect}${withBody ? '' : ', no body'}`,
            path: validPath,
            query: validQuery,
            headers: { ...valid.headers, ...headers },
            ...(withBody && { body: valid.body }),
            status: 401,
          };
        }),
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
    if (route.auth === 'device-token') {
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
export function oversizeCase({ route, input }: CaseParts): BadCase {
  return {
    defect: `a body over the gateway's ${GATEWAY_MAX_BYTES} bytes`,
    path: pathOf(route, input.params ?? {}),
    query: input.query ? queryString(input.query.valid) : '',
    headers: { 'content-type': input.body.kind === 'csv' ? 'text/csv' : 'application/json' },
    body: `"${'x'.repeat(GATEWAY_MAX_BYTES)}"`,
  };
}
