import { formatDay } from '../../../components/format';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A calendar date (YYYY-MM-DD) as milliseconds at UTC midnight; NaN when it is not one. */
function calendarDay(value: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return NaN;
  return Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
}

/** "12 Mar 2026" for 2026-03-12; the text itself when it is not a date. */
export function formatCalendarDate(value: string): string {
  return formatDay(value) ?? value;
}

/** Whole days from the viewer's today to a calendar date (negative when it has passed). */
export function daysUntil(value: string, now: Date): number {
  const today = Date.UTC(now.getFullYear(), now.getMonth(), now.getDate());
  return Math.round((calendarDay(value) - today) / DAY_MS);
}

/** "today", "in 1 day", "in 12 days"; "1 day ago" once passed. */
export function relativeDays(days: number): string {
  if (Number.isNaN(days)) return '';
  if (days === 0) return 'today';
  const count = Math.abs(days);
  const unit = count === 1 ? 'day' : 'days';
  return days > 0 ? `in ${count} ${unit}` : `${count} ${unit} ago`;
}
