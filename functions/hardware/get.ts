import { hardwareIdParamsSchema } from '../../shared/hardware';
import { userRoute } from '../lib/http';
import { getHardwareAsset } from './service';

export const handler = userRoute({ params: hardwareIdParamsSchema }, ({ caller, params }) =>
  getHardwareAsset(caller.organization.id, params.id),
);
