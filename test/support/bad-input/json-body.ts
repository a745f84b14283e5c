import fc from 'fast-check';
import {
  hugeArray,
  hugeString,
  IMPOSSIBLE_DATES,
  unicodeText,
  unknownKey,
  wrongTypeValue,
  type Json,
} from './values';

/** Bad JSON bodies: one to three defects at places of a valid body, malformed JSON, wrong content types. */

type Path = (string | number)[];

export const named = (defect: string, text: string): [string, string] => [defect, text];

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
export function mutated(valid: Json): fc.Arbitrary<[string, Json]> {
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
export function asSent(body: Json): unknown {
  return JSON.parse(JSON.stringify(body)) as unknown;
}

export const malformedJson = (validText: string) =>
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

export const wrongJsonContentType = fc.constantFrom(
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
