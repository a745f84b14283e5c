import type { BulkStatusResponse } from '../../shared/hardware';
import { bulkUpdateSchema } from '../../shared/hardware-list';
import { userRoute } from '../lib/http';
import { updateHardwareInBulk } from './bulk-service';

export const handler = userRoute(
  { body: bulkUpdateSchema },
  async ({ caller, body, now }): Promise<BulkStatusResponse> => ({
    updated: await updateHardwareInBulk(caller.organization.id, body, caller.profile, now),
  }),
);
