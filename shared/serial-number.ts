/**
 * Serial numbers as the inventory matches them (issue 27): a monitored machine is the hardware asset
 * with the same cleaned serial. Firmware vendors leave placeholders in the serial fields of cheap
 * boards and virtual machines; matching on those would merge unrelated computers into one record.
 */

/** Placeholders firmware vendors leave in serial number fields, compared in upper case. */
const JUNK_SERIALS = new Set(
  [
    'to be filled by o.e.m.',
    'to be filled by oem',
    'system serial number',
    'chassis serial number',
    'base board serial number',
    'serial number',
    'serialnumber',
    'default string',
    'default',
    'none',
    'null',
    'n/a',
    'na',
    'not applicable',
    'not available',
    'not specified',
    'not set',
    'unknown',
    'invalid',
    'oem',
    'o.e.m.',
    'empty',
    '123456789',
    '0123456789',
    '1234567890',
  ].map((serial) => serial.toUpperCase()),
);

/**
 * "The same serial number" (issue 36): equal once trimmed, each inner run of white space made one
 * space, and upper-cased. Machines are matched, and assets claim their serial, in this one form.
 */
export function serialNumberForm(value: string): string {
  return value.trim().replace(/\s+/g, ' ').toUpperCase();
}

/** Whether two serial numbers are the same one (the predicate the claim key below derives from). */
export function sameSerialNumber(a: string, b: string): boolean {
  return serialNumberForm(a) === serialNumberForm(b);
}

/**
 * The value an asset's serial claim is keyed by: the serial's form, lower-cased as every key of the
 * table is (lib/table/items/stored.ts). A placeholder serial is claimed too: two assets may not both
 * say 'Default string', though no machine is matched on it.
 */
export function serialClaimValue(value: string): string {
  return serialNumberForm(value).toLowerCase();
}

/**
 * A serial number fit to match on: its form (serialNumberForm); null for an
 * empty value, a vendor placeholder ('To Be Filled By O.E.M.', 'Default string', 'System Serial
 * Number', …) or a run of one character ('0', '00000000', 'ZZZZ', '--').
 */
export function cleanSerialNumber(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const serial = serialNumberForm(value);
  if (serial === '' || JUNK_SERIALS.has(serial)) return null;
  const alphanumeric = serial.replace(/[^0-9A-Z]/g, '');
  if (alphanumeric === '' || /^(.)\1*$/.test(alphanumeric)) return null;
  return serial;
}
