import * as z from 'zod';
import { ulidSchema } from '../../shared/hardware';
import { userRoute } from '../lib/http';
import { deleteOrganization } from './service';

/** Everything of the organisation goes; calling it again finishes a deletion that stopped half way. */
export const handler = userRoute(
  { params: z.object({ id: ulidSchema }), status: 204 },
  async ({ caller, params }) => {
    await deleteOrganization(params.id, caller.organization.id);
    return null;
  },
);
