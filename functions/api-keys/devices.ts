import type { ApiKeyDevicesResponse } from '../../shared/api-keys';
import { ulidSchema } from '../../shared/hardware';
import * as z from 'zod';
import { userRoute } from '../lib/http';
import { countDevicesOfKey } from './service';

export const handler = userRoute(
  { params: z.object({ id: ulidSchema }) },
  async ({ caller, params }): Promise<ApiKeyDevicesResponse> => ({
    enrolled_devices: await countDevicesOfKey(caller.organization.id, params.id),
  }),
);
