import { hardwareAssetInputSchema } from '../../shared/hardware';
import { userRoute } from '../lib/http';
import { createHardwareAsset } from '../lib/table/hardware';

export const handler = userRoute({ body: hardwareAssetInputSchema, status: 201 }, ({ caller, body, now }) =>
  createHardwareAsset(caller.organization.id, body, caller.profile, now),
);
