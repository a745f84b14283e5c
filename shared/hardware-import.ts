import Papa from 'papaparse';
import * as z from 'zod';
import {
  HARDWARE_ASSET_TYPES,
  HARDWARE_DISPOSAL_REASONS,
  HARDWARE_STATUSES,
  hardwareAssetInputSchema,
  type HardwareAssetInput,
} from './hardware';

/**
 * CSV import of hardware assets (SPEC.md section 5, done properly): RFC 4180 parsing with
 * papaparse, lower-cased headers with the spec's aliases, and every row validated by the same
 * schema as the Add Hardware form. Row numbers count the header as row 1.
 */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 10_000;
/** The web app sends large files in parts of this many rows, to show progress as each part lands. */
export const IMPORT_PART_ROWS = 1_000;

export const IMPORT_MESSAGES = {
  notCsv: 'Only .csv files can be imported',
  tooLarge: `The file is too large: an import takes at most ${IMPORT_MAX_BYTES / 1024 / 1024} MB and ${IMPORT_MAX_ROWS.toLocaleString('en-GB')} rows. Split it into smaller files.`,
  empty: 'The file is empty: the first row must hold the column names',
  noRows: 'The file has a header row but no assets',
} as const;

export const REQUIRED_IMPORT_COLUMNS = ['asset_type', 'manufacturer', 'model'] as const;

/** Column names the import understands, after lower-casing, and the field each one fills. */
const COLUMN_FIELDS: Record<string, ImportField> = {
  asset_type: 'asset_type',
  type: 'asset_type',
  manufacturer: 'manufacturer',
  model: 'model',
  serial_number: 'serial_number',
  serial: 'serial_number',
  asset_tag: 'asset_tag',
  tag: 'asset_tag',
  purchase_date: 'purchase_date',
  'purchase date': 'purchase_date',
  warranty_expiry: 'warranty_expiry',
  'warranty expiry': 'warranty_expiry',
  status: 'status',
  location: 'location',
  assigned_to: 'assigned_to',
  'assigned to': 'assigned_to',
  cpu: 'cpu',
  ram: 'ram',
  ram_gb: 'ram',
  storage: 'storage',
  storage_gb: 'storage',
  os: 'os',
  'operating system': 'os',
  notes: 'notes',
  disposal_reason: 'disposal_reason',
  disposal_date: 'disposal_date',
};
type ImportField = Exclude<keyof HardwareAssetInput, 'ram_gb' | 'storage_gb'> | 'ram' | 'storage';

export const IMPORT_TEMPLATE_COLUMNS = [
  'asset_type',
  'manufacturer',
  'model',
  'serial_number',
  'asset_tag',
  'purchase_date',
  'warranty_expiry',
  'status',
  'location',
  'assigned_to',
  'cpu',
  'ram',
  'storage',
  'os',
  'notes',
] as const;

/** The template download: the header row and one example row. */
export function importTemplateCsv(): string {
  const example = [
    'Laptop',
    'Dell',
    'Latitude 5440',
    'SN-5440-0001',
    'IT-0001',
    '2025-01-15',
    '2028-01-15',
    'Active',
    'London office',
    'Jane Smith',
    'Intel Core i7-1365U',
    '16 GB',
    '512 GB',
    'Windows 11 Pro',
    'Docking station included',
  ];
  return Papa.unparse({ fields: [...IMPORT_TEMPLATE_COLUMNS], data: [example] }) + '\r\n';
}

export interface ImportRowError {
  row: number;
  message: string;
}

export interface ImportRow {
  row: number;
  asset: HardwareAssetInput;
}

export interface ParsedImport {
  rows: ImportRow[];
  errors: ImportRowError[];
}

/** A problem with the file as a whole (no header, missing columns): nothing is imported. */
export class ImportFileError extends Error {}

const SIZE_UNITS_IN_GB: Record<string, number> = {
  '': 1,
  gb: 1,
  g: 1,
  tb: 1024,
  t: 1024,
  mb: 1 / 1024,
  m: 1 / 1024,
};

/**
 * RAM and storage come as text ("16", "16 GB", "1 TB", "512MB") and are stored as GB. Text that is
 * not a size becomes 0, as the form treats a non-numeric entry.
 */
export function parseGigabytes(text: string): number {
  const match = /^(\d+(?:[.,]\d+)?)\s*([a-z]*)$/i.exec(text.trim());
  if (!match) return 0;
  const factor = SIZE_UNITS_IN_GB[match[2]!.toLowerCase()];
  if (factor === undefined) return 0;
  return Math.round(Number(match[1]!.replace(',', '.')) * factor * 1000) / 1000;
}

/** Case-insensitive match of a listed value ("laptop" is Laptop); anything else is left for the schema. */
function canonical(values: readonly string[], text: string): string {
  return values.find((value) => value.toLowerCase() === text.trim().toLowerCase()) ?? text.trim();
}

function describeIssue(issue: z.core.$ZodIssue): string {
  const field = issue.path.join('.');
  return field && !issue.message.toLowerCase().includes(field.replace(/_/g, ' '))
    ? `${field}: ${issue.message}`
    : issue.message;
}

export interface CsvRecords {
  header: string[];
  /** The data rows, the header excluded. */
  records: string[][];
  /** Data rows (by index in `records`) that could not be read as CSV, with papaparse's reason. */
  unreadable: Map<number, string>;
}

/**
 * Reads a CSV file's header and data rows (RFC 4180, a BOM ignored), as both the web app (to send a
 * file in parts) and the API do. Throws ImportFileError when the file cannot be imported at all.
 */
export function readCsvRecords(text: string): CsvRecords {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' });
  const [header, ...records] = parsed.data;
  if (!header || header.every((cell) => cell.trim() === '')) throw new ImportFileError(IMPORT_MESSAGES.empty);

  const columns = header.map((cell) => COLUMN_FIELDS[cell.trim().toLowerCase()]);
  const missing = REQUIRED_IMPORT_COLUMNS.filter((field) => !columns.includes(field));
  if (missing.length > 0) {
    throw new ImportFileError(
      `Missing required column${missing.length > 1 ? 's' : ''}: ${missing.join(', ')}. The first row must name the columns, e.g. ${REQUIRED_IMPORT_COLUMNS.join(',')}`,
    );
  }
  if (records.length === 0) throw new ImportFileError(IMPORT_MESSAGES.noRows);
  if (records.length > IMPORT_MAX_ROWS) throw new ImportFileError(IMPORT_MESSAGES.tooLarge);

  // Papaparse numbers rows from 0 (the header), so its row r is data row r - 1. Such a row is an
  // error, not a guess.
  const unreadable = new Map<number, string>();
  for (const error of parsed.errors) {
    if (error.row !== undefined && error.row > 0 && !unreadable.has(error.row - 1)) {
      unreadable.set(error.row - 1, error.message);
    }
  }
  return { header, records, unreadable };
}

export function unreadableRowMessage(problem: string): string {
  return `The row could not be read as CSV: ${problem}`;
}

/**
 * Parses a CSV file (or a part of one: `firstRow` is the row number of its first data row).
 * Throws ImportFileError when the file cannot be imported at all.
 */
export function parseHardwareCsv(text: string, firstRow = 2): ParsedImport {
  const { header, records, unreadable } = readCsvRecords(text);
  const columns = header.map((cell) => COLUMN_FIELDS[cell.trim().toLowerCase()]);

  const result: ParsedImport = { rows: [], errors: [] };
  records.forEach((record, index) => {
    const row = firstRow + index;
    const problem = unreadable.get(index);
    if (problem) {
      result.errors.push({ row, message: unreadableRowMessage(problem) });
      return;
    }
    const cells: Partial<Record<ImportField, string>> = {};
    columns.forEach((field, column) => {
      const value = record[column]?.trim() ?? '';
      if (field && value !== '') cells[field] = value;
    });
    const { ram, storage, asset_type, status, disposal_reason, ...text } = cells;
    const checked = hardwareAssetInputSchema.safeParse({
      ...text,
      asset_type: asset_type === undefined ? undefined : canonical(HARDWARE_ASSET_TYPES, asset_type),
      status: status === undefined ? 'Active' : canonical(HARDWARE_STATUSES, status),
      disposal_reason:
        disposal_reason === undefined ? null : canonical(HARDWARE_DISPOSAL_REASONS, disposal_reason),
      ram_gb: ram === undefined ? 0 : parseGigabytes(ram),
      storage_gb: storage === undefined ? 0 : parseGigabytes(storage),
    });
    if (!checked.success) {
      result.errors.push({ row, message: checked.error.issues.map(describeIssue).join('; ') });
    } else if (!checked.data.manufacturer || !checked.data.model) {
      result.errors.push({ row, message: 'manufacturer and model are required' });
    } else {
      result.rows.push({ row, asset: checked.data });
    }
  });
  return result;
}

export const importResultSchema = z.object({
  success: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
  errors: z.array(z.object({ row: z.number().int(), message: z.string() })),
});
export type ImportResult = z.infer<typeof importResultSchema>;

/** `first_row`: the row number of the first data row when the web app sends a file in parts. */
export const importQuerySchema = z.strictObject({
  first_row: z.coerce.number().int().min(2).max(10_000_000).default(2),
});
