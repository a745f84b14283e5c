import { ulidSchema } from '../../shared/hardware';
import * as z from 'zod';
import { userRoute } from '../lib/http';
import { rotateApiKey } from './service';

export const handler = userRoute({ params: z.object({ id: ulidSchema }) }, ({ caller, params, now }) =>
  rotateApiKey(caller, params.id, now),
);
