import { useQuery } from '@tanstack/react-query';
import { hardwareLocationsResponseSchema, type HardwareLocation } from '@shared/hardware-list';
import { apiRequest } from '../../../api/api-client';
import { hardwareKeys } from './hardware-keys';

/** The organisation's locations with their assets (the location filter, the bulk bar's choices). */
export function listHardwareLocations(signal?: AbortSignal): Promise<HardwareLocation[]> {
  return apiRequest('/api/hardware/locations', hardwareLocationsResponseSchema, { signal }).then(
    (response) => response.items,
  );
}

/** Refreshed with the rest of the inventory after any change (invalidateInventory). */
export function useHardwareLocations() {
  return useQuery({
    queryKey: hardwareKeys.locations(),
    queryFn: ({ signal }) => listHardwareLocations(signal),
  });
}
