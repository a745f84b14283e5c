import type { DisposalItemStatus } from '@shared/disposal';
import { INVENTORY_KEYS } from '../../../api/inventory-keys';
import type { ListFilters } from '../../../components/use-list-filters';

/** What the disposal table is filtered by; empty means "no filter". */
export type DisposalFilters = ListFilters<DisposalItemStatus>;

/**
 * Every disposal query key starts with INVENTORY_KEYS.disposals, so invalidateInventory (which every
 * disposal and hardware change calls) refreshes them all: a disposal change moves its asset and vice versa.
 */
export const disposalKeys = {
  all: INVENTORY_KEYS.disposals,
  lists: () => [...INVENTORY_KEYS.disposals, 'list'] as const,
  list: (filters: DisposalFilters) => [...INVENTORY_KEYS.disposals, 'list', filters] as const,
  stats: (month: string) => [...INVENTORY_KEYS.disposals, 'stats', month] as const,
};
