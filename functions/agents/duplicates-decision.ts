import * as z from 'zod';
import { duplicateDecisionRequestSchema } from '../../shared/machine-duplicates';
import { userRoute } from '../lib/http';
import { decideDuplicate } from './duplicates-service';

/** POST /api/agents/{machine_id}/duplicate (admin): which machine a possible duplicate's asset is. */
export const handler = userRoute(
  { params: z.object({ machine_id: z.string().min(1).max(200) }), body: duplicateDecisionRequestSchema },
  ({ caller, params, body, now }) => decideDuplicate(caller, params.machine_id, body, now),
);
