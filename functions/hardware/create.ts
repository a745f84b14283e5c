import { hardwareAssetInputSchema } from '../../shared/hardware';
import { userRoute } from '../lib/http';
import { withRoomForAssets } from '../lib/plan-limits';
import { createHardwareAsset } from './service';

export const handler = userRoute({ body: hardwareAssetInputSchema, status: 201 }, ({ caller, body, now }) =>
  withRoomForAssets(caller.organization.id, caller.subscription, 1, 'create', () =>
    createHardwareAsset(caller.organization.id, body, caller.profile, now),
  ),
);
