import type { DisposalItemStatus } from '@shared/disposal';

/** What the disposal table is filtered by; empty means "no filter". */
export interface DisposalFilters {
  q: string;
  status: DisposalItemStatus | '';
}

/**
 * Every disposal query key starts with 'disposals', so invalidateHardware (which every disposal
 * and hardware change calls) refreshes them all: a disposal change moves its asset and vice versa.
 */
export const disposalKeys = {
  all: ['disposals'] as const,
  lists: () => ['disposals', 'list'] as const,
  list: (filters: DisposalFilters) => ['disposals', 'list', filters] as const,
  stats: (month: string) => ['disposals', 'stats', month] as const,
};
