import { describe, expect, it } from 'vitest';
import {
  asArray,
  asBoolean,
  asNumber,
  asString,
  bytesToGb,
  cleanSerial,
  isNetworkUri,
  normalizeArchitecture,
  parseJson,
  percentOf,
  tidySoftware,
} from './common';

describe('cleanSerial', () => {
  it.each([
    'To Be Filled By O.E.M.',
    'to be filled by o.e.m.',
    'System Serial Number',
    'Chassis Serial Number',
    'Default string',
    'None',
    'N/A',
    'Not Specified',
    'INVALID',
    'OEM',
    '0',
    '00000000',
    '0000-0000-0000',
    'FFFFFFFF',
    '-',
    '...',
    '   ',
    '',
    '123456789',
  ])('discards %j', (value) => {
    expect(cleanSerial(value)).toBeNull();
  });
  it.each([
    ['5CG1234ABC', '5CG1234ABC'],
    ['  C02XL0GHJGH5 ', 'C02XL0GHJGH5'],
    ['pf2x9k1a', 'PF2X9K1A'],
    [
      'VMware-56 4d 1a 2b 3c 4d 5e 6f-70 81 92 a3 b4 c5 d6 e7',
      'VMWARE-56 4D 1A 2B 3C 4D 5E 6F-70 81 92 A3 B4 C5 D6 E7',
    ],
    ['Parallels-AB  CD   12', 'PARALLELS-AB CD 12'],
    ['0000-1234', '0000-1234'],
  ])('keeps %j, cleaned as the inventory matches it', (value, expected) => {
    expect(cleanSerial(value)).toBe(expected);
  });
  it('reads a number some tools print as text, and discards what is not text', () => {
    expect(cleanSerial(40718263)).toBe('40718263');
    expect(cleanSerial(0)).toBeNull();
    expect(cleanSerial(null)).toBeNull();
    expect(cleanSerial(undefined)).toBeNull();
    expect(cleanSerial({})).toBeNull();
  });
});

describe('normalizeArchitecture', () => {
  it.each([
    ['x86_64', 'x64'],
    ['AMD64', 'x64'],
    ['aarch64', 'arm64'],
    ['arm64', 'arm64'],
    ['i686', 'x86'],
    ['armv7l', 'arm'],
    ['riscv64', 'riscv64'],
    ['', null],
  ])('%j → %j', (value, expected) => {
    expect(normalizeArchitecture(value)).toBe(expected);
  });
});

describe('JSON helpers', () => {
  it('parseJson tolerates a byte order mark and a banner before the JSON, not garbage', () => {
    expect(parseJson('\uFEFF{"a":1}')).toEqual({ a: 1 });
    expect(parseJson('WARNING: something\r\n[{"a":1}]')).toEqual([{ a: 1 }]);
    expect(parseJson('nothing here')).toBeNull();
    expect(parseJson('{"cut": ')).toBeNull();
    expect(parseJson(null)).toBeNull();
  });
  it('asArray accepts a list, one object, PowerShell 5.1 wrapping and nothing', () => {
    expect(asArray([1, 2])).toEqual([1, 2]);
    expect(asArray({ a: 1 })).toEqual([{ a: 1 }]);
    expect(asArray({ value: [{ a: 1 }], Count: 1 })).toEqual([{ a: 1 }]);
    expect(asArray(null)).toEqual([]);
    expect(asArray(undefined)).toEqual([]);
  });
  it('asString trims and refuses empty text', () => {
    expect(asString('  x ')).toBe('x');
    expect(asString('   ')).toBeNull();
    expect(asString(12)).toBe('12');
    expect(asString(true)).toBeNull();
  });
  it('asNumber reads numbers and numeric text', () => {
    expect(asNumber(3)).toBe(3);
    expect(asNumber(' 42 ')).toBe(42);
    expect(asNumber('abc')).toBeNull();
    expect(asNumber(Number.NaN)).toBeNull();
  });
  it('asBoolean reads yes/no, true/false and 0/1', () => {
    expect(asBoolean('yes')).toBe(true);
    expect(asBoolean('no')).toBe(false);
    expect(asBoolean(1)).toBe(true);
    expect(asBoolean('maybe')).toBeNull();
  });
});

describe('sizes', () => {
  it('bytesToGb counts 1024³ bytes per GB, rounded to 0.1', () => {
    expect(bytesToGb(17_179_869_184)).toBe(16);
    expect(bytesToGb(17_054_724_096)).toBe(15.9);
    expect(bytesToGb(null)).toBeNull();
    expect(bytesToGb(-1)).toBeNull();
  });
  it('percentOf rounds to 0.1 and refuses a zero total', () => {
    expect(percentOf(1, 3)).toBe(33.3);
    expect(percentOf(5, 0)).toBeNull();
  });
});

describe('isNetworkUri', () => {
  it.each([
    ['ipp://192.168.1.20/ipp/print', true],
    ['ipps://printer.local:443/ipp/print', true],
    ['socket://10.0.0.5:9100', true],
    ['lpd://10.0.0.5/queue', true],
    ['smb://server/printer', true],
    ['http://10.0.0.5:631/printers/x', true],
    ['dnssd://HP%20LaserJet._ipp._tcp.local./?uuid=1', true],
    ['usb://HP/LaserJet?serial=123', false],
    ['cups-pdf:/', false],
    ['parallel:/dev/lp0', false],
    ['', false],
  ])('%j → %j', (uri, expected) => {
    expect(isNetworkUri(uri)).toBe(expected);
  });
});

describe('tidySoftware', () => {
  it('merges duplicates and sorts by name, case-insensitively', () => {
    expect(
      tidySoftware([
        { name: 'zlib', version: '1.2' },
        { name: 'Apache', version: '2.4' },
        { name: 'zlib', version: '1.2' },
        { name: 'ZLIB', version: '1.2' },
        { name: 'zlib', version: '1.3' },
      ]),
    ).toEqual([
      { name: 'Apache', version: '2.4' },
      { name: 'zlib', version: '1.2' },
      { name: 'zlib', version: '1.3' },
    ]);
  });
});
