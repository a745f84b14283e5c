import fc from 'fast-check';

/**
 * Values that break things, for the bad-input suite (test/reliability/bad-input.test.ts): unicode
 * edge cases, impossible dates, huge strings and arrays, values of the wrong type, unknown keys.
 */

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export const UNICODE_EDGES = [
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
export const IMPOSSIBLE_DATES = [
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

export const unicodeText = fc
  .array(fc.constantFrom(...UNICODE_EDGES), { minLength: 1, maxLength: 6 })
  .map((parts) => parts.join(''));

export const hugeString = fc
  .tuple(
    fc.constantFrom(201, 256, 2_001, 5_000, 20_001, 100_000),
    fc.constantFrom('a', 'é', '😀', ' ', '\u0000', 'e\u0301', '<script>'),
  )
  .map(([length, unit]) => unit.repeat(Math.ceil(length / unit.length) + 1));

export const hugeArray: fc.Arbitrary<Json[]> = fc
  .tuple(
    fc.constantFrom(25, 101, 501, 1_001, 5_001, 20_001),
    fc.constantFrom<Json>(1, 'x', '01JAAAAAAAAAAAAAAAAAAAAAAA', {}, { name: 'x' }, null),
  )
  .map(([length, item]) => Array.from({ length }, () => item));

export const wrongTypeValue: fc.Arbitrary<Json> = fc.oneof<fc.Arbitrary<Json>[]>(
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

export const unknownKey = fc.oneof(
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
