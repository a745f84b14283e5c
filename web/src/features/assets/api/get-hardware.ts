import { useQuery } from '@tanstack/react-query';
import { hardwareAssetDetailSchema, type HardwareAssetDetail } from '@shared/inventory';
import { apiRequest } from '../../../api/api-client';
import { hardwareKeys } from './hardware-keys';

/** The asset with its monitored machine's live facts and differences (issue 27). */
export function getHardware(id: string, signal?: AbortSignal): Promise<HardwareAssetDetail> {
  return apiRequest(`/api/hardware/${encodeURIComponent(id)}`, hardwareAssetDetailSchema, { signal });
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
