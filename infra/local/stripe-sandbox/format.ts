import type { Price } from './objects';

/** Money, prices and dates written the way Stripe's hosted pages write them in en-GB. */

/** Formats an amount in minor units the way Stripe's pages do in en-GB, e.g. '£29.00'. */
export function formatMoney(amount: number, currency: string): string {
  const code = currency.toUpperCase();
  const digits = new Intl.NumberFormat('en-GB', { style: 'currency', currency: code }).resolvedOptions()
    .maximumFractionDigits;
  return new Intl.NumberFormat('en-GB', { style: 'currency', currency: code }).format(
    amount / 10 ** (digits ?? 2),
  );
}

/** e.g. '£29.00 per month', '£10.00 every 3 months', '£5.00' (one-time). */
export function formatPrice(price: Price): string {
  const money = formatMoney(price.unit_amount, price.currency);
  if (!price.recurring) return money;
  const { interval, interval_count: count } = price.recurring;
  return count === 1 ? `${money} per ${interval}` : `${money} every ${count} ${interval}s`;
}

/** e.g. '5 March 2026' */
export const formatDate = (seconds: number): string =>
  new Date(seconds * 1000).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
