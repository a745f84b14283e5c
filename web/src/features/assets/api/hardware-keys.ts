import type { QueryClient } from '@tanstack/react-query';
import type { HardwareStatus } from '@shared/hardware';

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

/**
 * After any change to hardware or the disposal list: each may move the other (an asset's disposal
 * status and its disposal item are kept in step), and the dashboard's counts move with both.
 */
export async function invalidateHardware(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: hardwareKeys.all }),
    queryClient.invalidateQueries({ queryKey: ['disposals'] }),
    queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
  ]);
}
