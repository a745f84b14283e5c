import * as z from 'zod';
import { userRoute } from '../lib/http';
import { addMachineToInventory } from './link-service';

/** POST /api/agents/{machine_id}/add-to-inventory: a new hardware asset made from the agent's facts. */
export const handler = userRoute(
  { params: z.object({ machine_id: z.string().min(1).max(200) }), status: 201 },
  ({ caller, params, now }) => addMachineToInventory(caller, params.machine_id, now),
);
