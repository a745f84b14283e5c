import * as z from 'zod';
import { machineChangesQuerySchema, type MachineChangesResponse } from '../../shared/inventory';
import { userRoute } from '../lib/http';
import { listMachineChanges } from './changes-service';

export const handler = userRoute(
  { params: z.object({ machine_id: z.string().min(1).max(200) }), query: machineChangesQuerySchema },
  ({ caller, params, query, now }): Promise<MachineChangesResponse> =>
    listMachineChanges(caller.organization.id, params.machine_id, query, now),
);
