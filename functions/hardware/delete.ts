import { hardwareIdParamsSchema } from '../../shared/hardware';
import { userRoute } from '../lib/http';
import { deleteHardwareAsset } from './service';

export const handler = userRoute({ params: hardwareIdParamsSchema, status: 204 }, ({ caller, params, now }) =>
  deleteHardwareAsset(caller.organization.id, params.id, caller.profile, now),
);
