import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NOT_TEXT, textOrEmpty, textOrNull } from './schema-helpers';

/** One rule, "optional text", and its two stored forms: they accept the same and mean the same. */
describe('optional text', () => {
  const anyInput = fc.oneof(
    fc.string({ maxLength: 14 }),
    fc.constantFrom(null, undefined, '', '   ', '\t x \n'),
    fc.integer(),
  );

  it('is null in one form exactly where it is empty text in the other (property)', () => {
    fc.assert(
      fc.property(anyInput, (input) => {
        const orNull = textOrNull(10).safeParse(input);
        const orEmpty = textOrEmpty(10).safeParse(input);
        expect(orEmpty.success).toBe(orNull.success);
        if (orNull.success && orEmpty.success) {
          expect(orEmpty.data).toBe(orNull.data ?? '');
          expect(orNull.data === null || orNull.data === orNull.data.trim()).toBe(true);
        }
      }),
      { numRuns: 1_000, seed: 20_261_202 },
    );
  });

  it('says what the form asks when a value is not text', () => {
    const result = textOrNull(10, { error: NOT_TEXT }).safeParse(5);
    expect(result.error?.issues[0]?.message).toBe('Must be text');
    expect(textOrEmpty(3).safeParse('abcd').error?.issues[0]?.message).toBe('Must be at most 3 characters');
  });
});
