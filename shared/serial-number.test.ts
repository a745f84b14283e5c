import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cleanSerialNumber, sameSerialNumber, serialClaimValue, serialNumberForm } from './serial-number';

describe('cleanSerialNumber', () => {
  it.each([
    ['  5cg1234xyz ', '5CG1234XYZ'],
    ['PF3 ABC\t12', 'PF3 ABC 12'],
    ['C02XK0AAJGH5', 'C02XK0AAJGH5'],
  ])('%j → %j', (raw, clean) => expect(cleanSerialNumber(raw)).toBe(clean));

  it.each([
    'To Be Filled By O.E.M.',
    'to be filled by oem',
    'Default string',
    'System Serial Number',
    '0',
    '00000000',
    'FFFFFFFF',
    'xxxx-xxxx',
    '--',
    '',
    '   ',
    'N/A',
    'None',
    '123456789',
  ])('%j is no serial', (raw) => expect(cleanSerialNumber(raw)).toBeNull());

  it('takes only text', () => {
    expect(cleanSerialNumber(null)).toBeNull();
    expect(cleanSerialNumber(12345)).toBeNull();
  });
});

/**
 * One rule, "the same serial number" (issue 36): the claim key an asset's serial is stored under and
 * the cleaned serial a machine is matched by derive from sameSerialNumber, and agree with it.
 */
describe('the serial number rule', () => {
  const FAST_CHECK = { numRuns: 500, seed: 20_261_202 };
  const serialChar = fc.constantFrom(...'5CGcgxz019-./ \t\u00a0');
  const serial = fc.string({ unit: serialChar, maxLength: 16 });
  /** The same serial spelt another way: other case, more or other white space around and inside. */
  const respelt = (value: string) =>
    fc
      .tuple(fc.boolean(), fc.constantFrom(' ', '  ', '\t', ' \t '), fc.constantFrom('', ' ', '\t\t'))
      .map(([lower, gap, edge]) => {
        const cased = lower ? value.toLowerCase() : value.toUpperCase();
        return edge + cased.replace(/\s+/g, gap) + edge;
      });

  it('gives one claim key to every spelling of one serial, and another to another serial', () => {
    fc.assert(
      fc.property(
        serial.chain((value) => fc.tuple(fc.constant(value), respelt(value), serial)),
        ([value, other, different]) => {
          expect(sameSerialNumber(value, other)).toBe(true);
          expect(serialClaimValue(value)).toBe(serialClaimValue(other));
          expect(serialClaimValue(value) === serialClaimValue(different)).toBe(
            sameSerialNumber(value, different),
          );
        },
      ),
      FAST_CHECK,
    );
  });

  it('matches a machine on the form an asset claims: a cleaned serial keys the same claim', () => {
    fc.assert(
      fc.property(serial, (value) => {
        const cleaned = cleanSerialNumber(value);
        if (cleaned === null) return;
        expect(cleaned).toBe(serialNumberForm(value));
        expect(serialClaimValue(cleaned)).toBe(serialClaimValue(value));
      }),
      FAST_CHECK,
    );
  });

  it('makes the two-spaces serial the one a machine reports', () => {
    expect(serialClaimValue('5CG  1234XYZ')).toBe(serialClaimValue(cleanSerialNumber('5CG 1234XYZ')!));
  });
});
