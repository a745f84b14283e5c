/**
 * Dates as spreadsheets export them into a CSV file, read as the calendar date they name. The
 * product is en-GB, so a slashed date is day/month/year. A date with a time (Excel's
 * "2025-01-15 00:00:00", ISO's "2025-01-15T00:00:00Z") names the date written, whatever its time or
 * zone. Two-digit years, month names and serial numbers are not guessed at.
 */

/** The forms the import reads, for the error a person reads when a date is not one of them. */
export const SPREADSHEET_DATE_FORMS = 'YYYY-MM-DD or DD/MM/YYYY';

const ISO_DATE =
  /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ]\d{1,2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/i;
const DAY_MONTH_YEAR = /^(\d{1,2})([/.-])(\d{1,2})\2(\d{4})(?: \d{1,2}:\d{2}(?::\d{2})?)?$/;

function calendarDate(year: number, month: number, day: number): string | null {
  if (month < 1 || month > 12 || day < 1) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  // Date.UTC rolls 31/02 over into March: a date that is not on the calendar is refused.
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The date as YYYY-MM-DD, or null when the text is not a date in a form the import reads. */
export function spreadsheetDate(text: string): string | null {
  const value = text.trim();
  const iso = ISO_DATE.exec(value);
  if (iso) return calendarDate(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const dayFirst = DAY_MONTH_YEAR.exec(value);
  if (dayFirst) return calendarDate(Number(dayFirst[4]), Number(dayFirst[3]), Number(dayFirst[1]));
  return null;
}
