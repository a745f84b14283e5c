import * as z from 'zod';
import { userRoute } from '../lib/http';
import { deleteAgentMachine } from './removal';

export const handler = userRoute(
  { params: z.object({ machine_id: z.string().min(1).max(200) }), status: 204 },
  ({ caller, params, now }) => deleteAgentMachine(caller, params.machine_id, now),
);
