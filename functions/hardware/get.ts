import { hardwareIdParamsSchema } from '../../shared/hardware';
import { userRoute } from '../lib/http';
import { getHardwareAssetDetail } from '../inventory/machine-matching';

export const handler = userRoute({ params: hardwareIdParamsSchema }, ({ caller, params }) =>
  getHardwareAssetDetail(caller.organization.id, params.id),
);
