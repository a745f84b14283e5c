import * as z from 'zod';
import { userRoute } from '../lib/http';
import { getAgentMachine } from './service';

export const handler = userRoute(
  { params: z.object({ machine_id: z.string().min(1).max(200) }) },
  ({ caller, params, now }) => getAgentMachine(caller.organization.id, params.machine_id, now),
);
