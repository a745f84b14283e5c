import type { QueryClient } from '@tanstack/react-query';

/**
 * The roots of the query keys an inventory change moves: the hardware list, the disposal list and
 * the dashboard's counts. The features build their keys on them (assets, disposal, dashboard).
 */
export const INVENTORY_KEYS = {
  hardware: ['hardware'],
  disposals: ['disposals'],
  dashboard: ['dashboard'],
} as const;

/**
 * After any change to hardware or the disposal list: each may move the other (an asset's disposal
 * status and its disposal item are kept in step), and the dashboard's counts move with both.
 */
export async function invalidateInventory(queryClient: QueryClient): Promise<void> {
  await Promise.all(
    Object.values(INVENTORY_KEYS).map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );
}
