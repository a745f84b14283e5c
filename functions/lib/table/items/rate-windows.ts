import { createHash } from 'node:crypto';
import { TTL_ATTRIBUTE } from '../definition';
import { tableKey } from './stored';

/**
 * The windows of the per-client rate limits (functions/lib/rate-limits.ts): one item per limit,
 * client and window, counted under a condition and removed by TTL after the window has closed.
 */
/** How many requests a window has counted, under a condition; DynamoDB removes it after it closes. */
export const RATE_WINDOW_COUNT_ATTRIBUTE = 'count';

/** What the table keeps of a client's address: a hash, never the address. */
export function hashClientAddress(address: string): string {
  return createHash('sha256').update(address).digest('hex').slice(0, 32);
}

export const rateWindows = {
  key: (limit: string, clientHash: string, windowStart: number) =>
    tableKey(`RATELIMIT#${limit}#${clientHash}`, `WINDOW#${windowStart}`),
  /** Epoch seconds, an hour after the window has closed. */
  expiry: (windowEnd: number) => ({ [TTL_ATTRIBUTE]: Math.floor(windowEnd / 1000) + 3600 }),
};
