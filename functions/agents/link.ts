import * as z from 'zod';
import { agentLinkRequestSchema } from '../../shared/inventory';
import { userRoute } from '../lib/http';
import { linkMachine } from './link-service';

/** POST /api/agents/{machine_id}/link: the machine is this hardware asset. */
export const handler = userRoute(
  { params: z.object({ machine_id: z.string().min(1).max(200) }), body: agentLinkRequestSchema },
  ({ caller, params, body, now }) => linkMachine(caller, params.machine_id, body.hardware_asset_id, now),
);
