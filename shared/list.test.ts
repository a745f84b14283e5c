import { describe, expect, it } from 'vitest';
import { foldedText, sortableText } from './list';

/** The order of texts as DynamoDB keeps a sort key: by their UTF-8 bytes. */
const byBytes = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));
const sorted = (values: string[]) => [...values].sort((a, b) => byBytes(sortableText(a), sortableText(b)));

describe('the text a list compares', () => {
  it('folds case, spaces and control characters: one location however it is typed', () => {
    expect(foldedText('  London \t  OFFICE\n')).toBe('london office');
    expect(foldedText(null)).toBe('');
    expect(sortableText('London office')).toBe(sortableText(' london   Office '));
  });

  it('orders numbers by their value, case-insensitively', () => {
    expect(sorted(['PC 10', 'pc 9', 'PC 2', 'pc 100', 'Pc 1'])).toEqual([
      'Pc 1',
      'PC 2',
      'pc 9',
      'PC 10',
      'pc 100',
    ]);
    expect(sorted(['Floor 2 Room 10', 'Floor 2 Room 9', 'Floor 10', 'floor 1'])).toEqual([
      'floor 1',
      'Floor 2 Room 9',
      'Floor 2 Room 10',
      'Floor 10',
    ]);
    expect(sorted(['b', 'A', 'a1', 'a'])).toEqual(['A', 'a', 'a1', 'b']);
  });

  it('keeps different texts apart, long numbers too', () => {
    expect(sortableText('SN 01')).not.toBe(sortableText('SN 1'));
    expect(sortableText('1234567890123')).toBe('912345678940123');
    expect(sortableText('x')).not.toContain('\u0001');
  });
});
