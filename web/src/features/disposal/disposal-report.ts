import Papa from 'papaparse';
import type { DisposalItem } from '../../../../shared/disposal';

/** The export's columns, in order (SPEC 7). */
export const DISPOSAL_REPORT_COLUMNS = [
  'Asset Type',
  'Asset Name',
  'Serial Number',
  'Asset Tag',
  'Disposal Reason',
  'Disposal Date',
  'Status',
  'Disposal Notes',
  'Created Date',
] as const;

/** What an empty value is written as (SPEC 7). */
export const EMPTY_CELL = '-';

/**
 * Cells a spreadsheet would run as a formula (OWASP CSV injection) get a leading single quote. A
 * lone '-' is the empty-value placeholder, not a formula, so a minus sign needs something after it.
 */
const FORMULA_START = /^(?:[=+@\t\r]|-[\s\S])/;

/** Byte order mark, so Excel reads the file as UTF-8. */
const BOM = '\uFEFF';

const pad = (value: number) => String(value).padStart(2, '0');

/** The viewer's local calendar date as YYYY-MM-DD. */
export function localIsoDate(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The viewer's local month as YYYY-MM. */
export function localIsoMonth(date: Date): string {
  return localIsoDate(date).slice(0, 7);
}

/** A calendar date, YYYY-MM-DD, as dd/mm/yyyy exactly as written (no time zone can shift it). */
function britishCalendarDate(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim());
  return match ? `${match[3]}/${match[2]}/${match[1]}` : value;
}

/** A timestamp as dd/mm/yyyy of the viewer's local date. */
function britishLocalDate(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}`;
}

function cell(value: string | null | undefined): string {
  return value && value.trim() !== '' ? value : EMPTY_CELL;
}

function row(item: DisposalItem): string[] {
  return [
    cell(item.asset_type),
    cell(item.asset_name),
    cell(item.serial_number),
    cell(item.asset_tag),
    cell(item.disposal_reason),
    cell(item.disposal_date ? britishCalendarDate(item.disposal_date) : ''),
    cell(item.status),
    cell(item.disposal_notes),
    cell(item.created_at ? britishLocalDate(item.created_at) : ''),
  ];
}

/**
 * The disposal report as CSV text: a UTF-8 BOM, the header row, one row per item, every cell
 * quoted, lines ending in CRLF.
 */
export function disposalReportCsv(items: readonly DisposalItem[]): string {
  const csv = Papa.unparse(
    { fields: [...DISPOSAL_REPORT_COLUMNS], data: items.map(row) },
    { quotes: true, escapeFormulae: FORMULA_START, newline: '\r\n', header: true },
  );
  // Every line ends in CRLF, the last one too (papaparse ends a header-only file with one already).
  return `${BOM}${csv.endsWith('\r\n') ? csv : `${csv}\r\n`}`;
}

/** disposal-report-2026-03-14.csv, with the viewer's local date. */
export function disposalReportFileName(today: Date): string {
  return `disposal-report-${localIsoDate(today)}.csv`;
}
