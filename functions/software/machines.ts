import { softwareMachinesQuerySchema, type SoftwareMachinesResponse } from '../../shared/inventory';
import { userRoute } from '../lib/http';
import { listSoftwareMachines } from './service';

export const handler = userRoute(
  { query: softwareMachinesQuerySchema },
  ({ caller, query }): Promise<SoftwareMachinesResponse> =>
    listSoftwareMachines(caller.organization.id, query),
);
