import fc from 'fast-check';
import { IMPORT_MAX_ROWS, ImportFileError, parseHardwareCsv } from '../../../shared/hardware-import';
import { named } from './json-body';
import { hugeString, IMPOSSIBLE_DATES } from './values';

/** CSV files that cannot import, and what the shared parser makes of a file. */

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

export const badCsvFile: fc.Arbitrary<[string, string]> = fc.oneof(
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

export function csvRowsImported(text: string): { refusedWhole: boolean; good: number; rows: number } {
  try {
    const parsed = parseHardwareCsv(text);
    return { refusedWhole: false, good: parsed.rows.length, rows: parsed.rows.length + parsed.errors.length };
  } catch (error) {
    if (error instanceof ImportFileError) return { refusedWhole: true, good: 0, rows: 0 };
    throw error;
  }
}

export const VALID_CSV = `${CSV_HEADER}\r\nLaptop,Dell,Latitude 7440,FUZZ-CSV-1,2024-01-15,Active,fine\r\n`;
