import { ulidSchema } from '../../shared/hardware';
import * as z from 'zod';
import { userRoute } from '../lib/http';
import { deleteApiKey } from './service';

export const handler = userRoute(
  { params: z.object({ id: ulidSchema }), status: 204 },
  ({ caller, params }) => deleteApiKey(caller.organization.id, params.id),
);
