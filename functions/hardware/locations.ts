import type { HardwareLocationsResponse } from '../../shared/hardware-list';
import { userRoute } from '../lib/http';
import { listLocations } from './list-locations';

export const handler = userRoute({}, async ({ caller }): Promise<HardwareLocationsResponse> => ({
  items: await listLocations(caller.organization.id),
}));
