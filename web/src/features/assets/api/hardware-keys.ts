import type { QueryClient } from '@tanstack/react-query';
import type { HardwareStatus } from '../../../../../shared/hardware';

/** What the Manual Hardware table is filtered by; empty means "no filter". */
export interface HardwareFilters {
  q: string;
  status: HardwareStatus | '';
}

export const hardwareKeys = {
  all: ['hardware'] as const,
  lists: () => ['hardware', 'list'] as const,
  list: (filters: HardwareFilters) => ['hardware', 'list', filters] as const,
  detail: (id: string) => ['hardware', 'detail', id] as const,
};

/** After any change to hardware: every hardware list and the dashboard's counts are out of date. */
export async function invalidateHardware(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: hardwareKeys.all }),
    queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
  ]);
}
