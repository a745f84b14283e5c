import Papa from 'papaparse';
import {
  HARDWARE_ASSET_TYPES,
  HARDWARE_DISPOSAL_REASONS,
  HARDWARE_STATUSES,
  hardwareAssetInputSchema,
  type HardwareAssetInput,
} from './hardware';
import { SPREADSHEET_DATE_FORMS, spreadsheetDate } from './spreadsheet-dates';
import type * as z from 'zod';

/**
 * CSV import of hardware assets (SPEC.md section 5, done properly): RFC 4180 parsing with
 * papaparse, headings matched as spreadsheets write them (case, spaces, underscores and hyphens
 * aside) with the spec's aliases, dates as spreadsheets export them, and every row validated by the
 * same schema as the Add Hardware form. Row numbers count the header as row 1.
 */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
/** A mid-size company's inventory in one file; the import runs as a job, so its size is not a request's. */
export const IMPORT_MAX_ROWS = 20_000;

export const IMPORT_MESSAGES = {
  notCsv: 'Only .csv files can be imported',
  tooLarge: `The file is too large: an import takes at most ${IMPORT_MAX_BYTES / 1024 / 1024} MB and ${IMPORT_MAX_ROWS.toLocaleString('en-GB')} rows. Split it into smaller files.`,
  empty: 'The file is empty: the first row must hold the column names',
  noRows: 'The file has a header row but no assets',
  noValidRows: (failed: number) =>
    `No row of the file can be imported: ${failed === 1 ? 'its row has an error' : `all ${failed.toLocaleString('en-GB')} rows have errors`}. Nothing was imported.`,
} as const;

export const REQUIRED_IMPORT_COLUMNS = ['asset_type', 'manufacturer', 'model'] as const;

type ImportField = Exclude<keyof HardwareAssetInput, 'ram_gb' | 'storage_gb'> | 'ram' | 'storage';

/**
 * A heading as the import compares it: lower-cased, without spaces, underscores, hyphens or any
 * other mark, so that "Asset Type", "asset_type", "ASSET-TYPE" and "RAM (GB)" find their columns.
 */
export function headingKey(heading: string): string {
  return heading
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
}

/** Column names the import understands (the spec's aliases among them), and the field each fills. */
const COLUMN_NAMES: Record<string, ImportField> = {
  asset_type: 'asset_type',
  type: 'asset_type',
  manufacturer: 'manufacturer',
  model: 'model',
  serial_number: 'serial_number',
  serial: 'serial_number',
  asset_tag: 'asset_tag',
  tag: 'asset_tag',
  purchase_date: 'purchase_date',
  warranty_expiry: 'warranty_expiry',
  status: 'status',
  location: 'location',
  assigned_to: 'assigned_to',
  cpu: 'cpu',
  ram: 'ram',
  ram_gb: 'ram',
  storage: 'storage',
  storage_gb: 'storage',
  os: 'os',
  operating_system: 'os',
  notes: 'notes',
  disposal_reason: 'disposal_reason',
  disposal_date: 'disposal_date',
};
const COLUMN_FIELDS = new Map(Object.entries(COLUMN_NAMES).map(([name, field]) => [headingKey(name), field]));

const DATE_FIELDS = ['purchase_date', 'warranty_expiry', 'disposal_date'] as const;

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
  /** The rows that can be imported, in the file's order. */
  rows: ImportRow[];
  errors: ImportRowError[];
  /** Data rows in the file (the header not counted). */
  totalRows: number;
  /** Headings the import does not read, as the file writes them (README: "Ignored columns"). */
  ignoredColumns: string[];
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

/** A cell quoted in an error message, cut short: the message names it, it does not repeat a novel. */
function quoted(value: string): string {
  return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
}

export interface CsvRecords {
  header: string[];
  /** The data rows, the header excluded. */
  records: string[][];
  /** Data rows (by index in `records`) that could not be read as CSV, with papaparse's reason. */
  unreadable: Map<number, string>;
}

/** The field each column fills (undefined: not read), first column first when two name one field. */
function columnFields(header: string[]): (ImportField | undefined)[] {
  const taken = new Set<ImportField>();
  return header.map((cell) => {
    const field = COLUMN_FIELDS.get(headingKey(cell));
    if (!field || taken.has(field)) return undefined;
    taken.add(field);
    return field;
  });
}

/** A CSV file's header and data rows as papaparse reads them (RFC 4180, a BOM ignored, blank lines skipped). */
export function readCsvTable(text: string): CsvRecords {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' });
  const [header = [], ...records] = parsed.data;
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

/**
 * Reads a CSV file's header and data rows as the import does, in the API and in the browser.
 * Throws ImportFileError when the file cannot be imported at all.
 */
export function readCsvRecords(text: string): CsvRecords {
  const { header, records, unreadable } = readCsvTable(text);
  if (header.every((cell) => cell.trim() === '')) throw new ImportFileError(IMPORT_MESSAGES.empty);

  const columns = columnFields(header);
  const missing = REQUIRED_IMPORT_COLUMNS.filter((field) => !columns.includes(field));
  if (missing.length > 0) {
    throw new ImportFileError(
      `Missing required column${missing.length > 1 ? 's' : ''}: ${missing.join(', ')}. The first row must name the columns, e.g. ${REQUIRED_IMPORT_COLUMNS.join(',')}`,
    );
  }
  if (records.length === 0) throw new ImportFileError(IMPORT_MESSAGES.noRows);
  if (records.length > IMPORT_MAX_ROWS) throw new ImportFileError(IMPORT_MESSAGES.tooLarge);

  return { header, records, unreadable };
}

export function unreadableRowMessage(problem: string): string {
  return `The row could not be read as CSV: ${problem}`;
}

/**
 * The columns the import does not read, by their headings. A column without a heading is named by
 * its place, and only when some row fills it: spreadsheets export trailing empty columns.
 */
function ignoredColumns(header: string[], records: string[][]): string[] {
  const columns = columnFields(header);
  return header.flatMap((cell, index) => {
    if (columns[index]) return [];
    if (cell.trim() !== '') return [cell.trim()];
    return records.some((record) => (record[index] ?? '').trim() !== '')
      ? [`Column ${index + 1} (no heading)`]
      : [];
  });
}

/** A row's cells by the field they fill; date cells as YYYY-MM-DD, or the errors of those that are no date. */
function rowCells(record: string[], columns: (ImportField | undefined)[]) {
  const cells: Partial<Record<ImportField, string>> = {};
  columns.forEach((field, column) => {
    const value = record[column]?.trim() ?? '';
    if (field && value !== '') cells[field] = value;
  });
  const dateErrors: string[] = [];
  for (const field of DATE_FIELDS) {
    const written = cells[field];
    if (written === undefined) continue;
    const date = spreadsheetDate(written);
    if (date) {
      cells[field] = date;
      continue;
    }
    // Reported once, in the words of the forms the import reads, not again by the schema.
    delete cells[field];
    dateErrors.push(`${field}: ${quoted(written)} is not a date; write it as ${SPREADSHEET_DATE_FORMS}`);
  }
  return { cells, dateErrors };
}

/** Parses a CSV file. Throws ImportFileError when the file cannot be imported at all. */
export function parseHardwareCsv(text: string): ParsedImport {
  const { header, records, unreadable } = readCsvRecords(text);
  const columns = columnFields(header);

  const result: ParsedImport = {
    rows: [],
    errors: [],
    totalRows: records.length,
    ignoredColumns: ignoredColumns(header, records),
  };
  records.forEach((record, index) => {
    const row = index + 2;
    const problem = unreadable.get(index);
    if (problem) {
      result.errors.push({ row, message: unreadableRowMessage(problem) });
      return;
    }
    const { cells, dateErrors } = rowCells(record, columns);
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
    const messages = [...dateErrors, ...(checked.success ? [] : checked.error.issues.map(describeIssue))];
    if (messages.length > 0) {
      result.errors.push({ row, message: messages.join('; ') });
    } else if (!checked.success || !checked.data.manufacturer || !checked.data.model) {
      result.errors.push({ row, message: 'manufacturer and model are required' });
    } else {
      result.rows.push({ row, asset: checked.data });
    }
  });
  return result;
}
