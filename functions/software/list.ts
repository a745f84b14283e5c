import { softwareListQuerySchema, type SoftwareListResponse } from '../../shared/inventory';
import { userRoute } from '../lib/http';
import { listSoftware } from './service';

export const handler = userRoute(
  { query: softwareListQuerySchema },
  ({ caller, query }): Promise<SoftwareListResponse> => listSoftware(caller.organization.id, query),
);
