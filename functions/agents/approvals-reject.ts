import { pendingDeviceParamsSchema } from '../../shared/device-approvals';
import { userRoute } from '../lib/http';
import { rejectPendingDevice } from './approvals-service';

export const handler = userRoute(
  { params: pendingDeviceParamsSchema, status: 204 },
  ({ caller, params, now }) => rejectPendingDevice(caller, params.device_id, now),
);
