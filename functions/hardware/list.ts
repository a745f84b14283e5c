import { hardwareListQuerySchema, type HardwareListResponse } from '../../shared/hardware';
import { userRoute } from '../lib/http';
import { listHardwareAssets } from '../lib/table/hardware';

export const handler = userRoute(
  { query: hardwareListQuerySchema },
  ({ caller, query }): Promise<HardwareListResponse> => listHardwareAssets(caller.organization.id, query),
);
