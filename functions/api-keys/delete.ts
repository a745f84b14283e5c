import { deleteApiKeyQuerySchema } from '../../shared/api-keys';
import { ulidSchema } from '../../shared/hardware';
import * as z from 'zod';
import { userRoute } from '../lib/http';
import { deleteApiKey } from './service';

export const handler = userRoute(
  { params: z.object({ id: ulidSchema }), query: deleteApiKeyQuerySchema, status: 204 },
  ({ caller, params, query, now }) => deleteApiKey(caller, params.id, query.revoke_devices, now),
);
