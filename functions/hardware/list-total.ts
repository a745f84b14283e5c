import type { HardwareListResponse, HardwareStatus } from '../../shared/hardware';
import type { ReadPageResult } from '../lib/table/pages';

/**
 * How many assets the hardware list holds, never counted by reading them (README, Hardware
 * inventory: data design and limits).
 */
type ListTotal = Pick<HardwareListResponse, 'total' | 'total_exact'>;

/**
 * Unsearched, the maintained per-status counters say it exactly: the filtered status's counter, or
 * every status's summed.
 */
export function countedTotal(
  status: HardwareStatus | undefined,
  byStatus: Record<HardwareStatus, number>,
): ListTotal {
  const total = status ? byStatus[status] : Object.values(byStatus).reduce((sum, count) => sum + count, 0);
  return { total, total_exact: true };
}

/**
 * A search counts the matches its bounded read saw: every match when it read from the start of the
 * list to its end, otherwise at least that many (matches before a cursor, or past where the read
 * stopped, are unknown to this request).
 */
export function searchedTotal(cursor: string | undefined, page: ReadPageResult<unknown>): ListTotal {
  const seen = page.searched ?? { matches: page.items.length, toEnd: page.next_cursor === null };
  return { total: seen.matches, total_exact: seen.toEnd && !cursor };
}
