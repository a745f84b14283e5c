import { describe, expect, it } from 'vitest';
import { cleanSerialNumber } from './serial-number';

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
