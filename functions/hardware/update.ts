import { hardwareAssetUpdateSchema, hardwareIdParamsSchema } from '../../shared/hardware';
import { userRoute } from '../lib/http';
import { updateHardwareAsset } from './service';

export const handler = userRoute(
  { body: hardwareAssetUpdateSchema, params: hardwareIdParamsSchema },
  ({ caller, body: { version, ...asset }, params, now }) =>
    updateHardwareAsset(caller.organization.id, params.id, asset, version, caller.profile, now),
);
