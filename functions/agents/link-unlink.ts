import * as z from 'zod';
import { userRoute } from '../lib/http';
import { unlinkMachine } from './link-service';

/** POST /api/agents/{machine_id}/unlink */
export const handler = userRoute(
  { params: z.object({ machine_id: z.string().min(1).max(200) }) },
  ({ caller, params, now }) => unlinkMachine(caller, params.machine_id, now),
);
