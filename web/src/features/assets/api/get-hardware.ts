import { useQuery } from '@tanstack/react-query';
import { hardwareAssetSchema, type HardwareAsset } from '@shared/hardware';
import { apiRequest } from '../../../api/api-client';
import { hardwareKeys } from './hardware-keys';

export function getHardware(id: string, signal?: AbortSignal): Promise<HardwareAsset> {
  return apiRequest(`/api/hardware/${encodeURIComponent(id)}`, hardwareAssetSchema, { signal });
}

/**
 * One asset for the Edit form, always fetched afresh (never from the cache) so the form starts
 * from the current version.
 */
export function useHardwareAsset(id: string) {
  return useQuery({
    queryKey: hardwareKeys.detail(id),
    queryFn: ({ signal }) => getHardware(id, signal),
    gcTime: 0,
    staleTime: 0,
  });
}
