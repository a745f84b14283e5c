/** Calendar dates as the tests write and read them. */

const pad = (value: number) => String(value).padStart(2, '0');

/** YYYY-MM-DD `days` from now in UTC (negative for the past): a date to send the API. */
export function dateIn(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** A calendar date `days` from the local today, as YYYY-MM-DD (what the browser counts from). */
export function localDatePlus(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** 2026-03-05 → 05/03/2026. */
export const british = (isoDate: string) => isoDate.split('-').reverse().join('/');

/** A timestamp's local calendar date as dd/mm/yyyy. */
export function britishLocal(timestamp: string): string {
  const date = new Date(timestamp);
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}`;
}
