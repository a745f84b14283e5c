import { bulkStatusSchema, type BulkStatusResponse } from '../../shared/hardware';
import { userRoute } from '../lib/http';
import { setHardwareStatus } from './bulk-service';

export const handler = userRoute(
  { body: bulkStatusSchema },
  async ({ caller, body, now }): Promise<BulkStatusResponse> => ({
    updated: await setHardwareStatus(
      caller.organization.id,
      body.ids,
      body.status,
      body.disposal_reason,
      caller.profile,
      now,
    ),
  }),
);
