import type { HardwareListResponse, HardwareStatus, HardwareAssetType } from '../../shared/hardware';
import type { HardwareListQuery } from '../../shared/hardware-list';
import { foldedText } from '../../shared/list';
import type { ReadPageResult } from '../lib/table/pages';

/**
 * How many assets the hardware list holds, never counted by reading them (README, Hardware
 * inventory: data design and limits).
 */
type ListTotal = Pick<HardwareListResponse, 'total' | 'total_exact'>;

/** The maintained counters the totals come from (dashboard-counts.ts). */
export interface ListCounts {
  byStatus: Record<HardwareStatus, number>;
  byType: Record<HardwareAssetType, number>;
  /** By location as folded (shared/list.ts, foldedText): its spellings added up. */
  byLocation: Map<string, number>;
}

type Filters = Partial<Pick<HardwareListQuery, 'q' | 'status' | 'type' | 'location'>>;

/** Whether the counters can say how many assets match: no search, and one filter at most. */
export function countable({ q, status, type, location }: Filters): boolean {
  return !q && [status, type, location].filter(Boolean).length <= 1;
}

/**
 * Unsearched with one filter at most, the maintained counters say it exactly: the filtered status's,
 * type's or location's counter, or every status's summed. A counter read a moment after another
 * writer's move is never shown below zero.
 */
export function countedTotal({ status, type, location }: Filters, counts: ListCounts): ListTotal {
  const total = status
    ? counts.byStatus[status]
    : type
      ? counts.byType[type]
      : location
        ? (counts.byLocation.get(foldedText(location)) ?? 0)
        : Object.values(counts.byStatus).reduce((sum, count) => sum + count, 0);
  return { total: Math.max(0, total), total_exact: true };
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
