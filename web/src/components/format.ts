/**
 * en-GB formatting of counts and calendar dates without Intl. The first Intl formatter a page
 * creates loads the locale's data: 50-80 ms of main thread on a fast machine, four times that on
 * the throttled phone Lighthouse simulates. The dashboard and the hardware list only need these two
 * shapes, which read exactly as Intl's en-GB output (format.test.ts compares them).
 */

/** en-GB's short month names (CLDR: "Sept", not "Sep"). */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'];

/** 12345 → "12,345", as toLocaleString('en-GB') writes a whole number. */
export function formatCount(value: number): string {
  if (!Number.isSafeInteger(value)) return value.toLocaleString('en-GB');
  const digits = String(Math.abs(value)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return value < 0 ? `-${digits}` : digits;
}

/** A calendar date (YYYY-MM-DD) as "5 Sept 2028"; null when it is not one. */
export function formatDay(value: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  if (Number.isNaN(date.getTime())) return null;
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

/** "1 hardware asset", "1,200 hardware assets". */
export function plural(count: number, one: string, many: string): string {
  return `${formatCount(count)} ${count === 1 ? one : many}`;
}

/** A stored YYYY-MM-DD date as "15 Jan 2028" (anything else as it is). */
export function formatDate(date: string): string {
  return formatDay(date) ?? date;
}

/**
 * An Intl formatter made on first use, for modules that the dashboard or the hardware list import
 * without formatting anything (the agents' tab beside Manual Hardware).
 */
export function lazyFormat<T>(create: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= create());
}

// ---- Instants (ISO timestamps), in the viewer's time zone: every screen's one form of each ----

const DATE_TIME = lazyFormat(
  () => new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' }),
);
const DAY_OF = lazyFormat(() => new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium' }));
const LONG_DATE = lazyFormat(
  () => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' }),
);

function instant(value: string): Date | null {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "15 Jan 2028, 14:05"; the text itself when it is not a time. */
export function formatDateTime(value: string): string {
  const date = instant(value);
  return date ? DATE_TIME().format(date) : value;
}

/** The day of an instant, "25 Nov 2026"; the text itself when it is not a time. */
export function formatDayOf(value: string): string {
  const date = instant(value);
  return date ? DAY_OF().format(date) : value;
}

/** "22 December 2026"; the text itself when it is not a time. */
export function formatLongDate(value: string): string {
  const date = instant(value);
  return date ? LONG_DATE().format(date) : value;
}
