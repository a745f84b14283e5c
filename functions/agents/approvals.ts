import type { PendingDeviceListResponse } from '../../shared/device-approvals';
import { userRoute } from '../lib/http';
import { listPendingDevices } from './approvals-service';

export const handler = userRoute({}, async ({ caller }): Promise<PendingDeviceListResponse> => ({
  items: await listPendingDevices(caller.organization.id),
}));
