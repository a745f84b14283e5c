import type { HardwareStatus } from '@shared/hardware';
import { INVENTORY_KEYS } from '../../../api/inventory-keys';
import type { ListFilters } from '../../../components/use-list-filters';

/** What the Manual Hardware table is filtered by; empty means "no filter". */
export type HardwareFilters = ListFilters<HardwareStatus>;

export const hardwareKeys = {
  all: INVENTORY_KEYS.hardware,
  lists: () => [...INVENTORY_KEYS.hardware, 'list'] as const,
  list: (filters: HardwareFilters) => [...INVENTORY_KEYS.hardware, 'list', filters] as const,
  detail: (id: string) => [...INVENTORY_KEYS.hardware, 'detail', id] as const,
};
