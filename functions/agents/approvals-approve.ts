import { pendingDeviceParamsSchema } from '../../shared/device-approvals';
import { userRoute } from '../lib/http';
import { approvePendingDevice } from './approvals-service';

export const handler = userRoute(
  { params: pendingDeviceParamsSchema, status: 204 },
  ({ caller, params, now }) => approvePendingDevice(caller, params.device_id, now),
);
