import Papa from 'papaparse';

/**
 * The rules of every CSV report the app saves (SPEC 7, the disposal export; the hardware export
 * follows them): every cell quoted, '-' for an empty value, dates as dd/mm/yyyy, formula-like cells
 * neutralised, UTF-8 with a byte order mark, CRLF line ends.
 */

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

/** A value as a cell: the text, or '-' when there is none. */
export function csvCell(value: string | null | undefined): string {
  return value && value.trim() !== '' ? value : EMPTY_CELL;
}

/** A calendar date, YYYY-MM-DD, as dd/mm/yyyy exactly as written (no time zone can shift it); '-' when none. */
export function csvCalendarDate(value: string | null | undefined): string {
  if (!value) return EMPTY_CELL;
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim());
  return csvCell(match ? `${match[3]}/${match[2]}/${match[1]}` : value);
}

/** A timestamp as dd/mm/yyyy of the viewer's local date; '-' when none. */
export function csvLocalDate(value: string | null | undefined): string {
  if (!value) return EMPTY_CELL;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return csvCell(value);
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}`;
}

/**
 * A report as CSV text: a UTF-8 BOM, the header row, one row of cells per line (made with the
 * helpers above), every cell quoted, lines ending in CRLF.
 */
export function csvReport(columns: readonly string[], rows: readonly string[][]): string {
  const csv = Papa.unparse(
    { fields: [...columns], data: rows.map((row) => [...row]) },
    { quotes: true, escapeFormulae: FORMULA_START, newline: '\r\n', header: true },
  );
  // Every line ends in CRLF, the last one too (papaparse ends a header-only file with one already).
  return `${BOM}${csv.endsWith('\r\n') ? csv : `${csv}\r\n`}`;
}

/**
 * Saves text as a CSV file through a temporary object URL. From inside a modal dialog pass the
 * dialog's content as `container`: the rest of the page is inert while it is open.
 */
export function downloadCsv(text: string, fileName: string, container: HTMLElement = document.body): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  container.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the URL goes.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
