import type { Interval } from './objects';

/** The sandbox's clock: Stripe's timestamps are unix seconds, and billing periods step by the price's interval. */

export const nowSeconds = (): number => Math.floor(Date.now() / 1000);

/** `from` + `count` intervals, in unix seconds; a month later keeps the day, clamped to the month's end. */
export function addInterval(from: number, interval: Interval, count = 1): number {
  const date = new Date(from * 1000);
  if (interval === 'day') date.setUTCDate(date.getUTCDate() + count);
  else if (interval === 'week') date.setUTCDate(date.getUTCDate() + 7 * count);
  else {
    const day = date.getUTCDate();
    const months = interval === 'year' ? 12 * count : count;
    date.setUTCDate(1);
    date.setUTCMonth(date.getUTCMonth() + months);
    const lastDay = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
    date.setUTCDate(Math.min(day, lastDay));
  }
  return Math.floor(date.getTime() / 1000);
}
