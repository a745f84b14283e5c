import type { HardwareAssetType, HardwareStatus } from '@shared/hardware';
import type { HardwareSort } from '@shared/hardware-list';
import type { SortOrder } from '@shared/list';
import { INVENTORY_KEYS } from '../../../api/inventory-keys';
import type { ListFilters } from '../../../components/use-list-filters';

/**
 * What the Manual Hardware table is read with (issue 34): the search and status filter, the type and
 * location filters (empty means "no filter"), and the order.
 */
export interface HardwareFilters extends ListFilters<HardwareStatus> {
  type: HardwareAssetType | '';
  location: string;
  sort: HardwareSort;
  order: SortOrder;
}

/** The whole list, newest first. */
export const ALL_HARDWARE: HardwareFilters = {
  q: '',
  status: '',
  type: '',
  location: '',
  sort: 'created',
  order: 'desc',
};

export const hardwareKeys = {
  all: INVENTORY_KEYS.hardware,
  lists: () => [...INVENTORY_KEYS.hardware, 'list'] as const,
  list: (filters: HardwareFilters) => [...INVENTORY_KEYS.hardware, 'list', filters] as const,
  locations: () => [...INVENTORY_KEYS.hardware, 'locations'] as const,
  detail: (id: string) => [...INVENTORY_KEYS.hardware, 'detail', id] as const,
};
