import { hardwareAssetInputSchema } from '../../shared/hardware';
import { userRoute } from '../lib/http';
import { assertRoomForAssets } from '../lib/plan-limits';
import { createHardwareAsset } from '../lib/table/hardware';

export const handler = userRoute(
  { body: hardwareAssetInputSchema, status: 201 },
  async ({ caller, body, now }) => {
    await assertRoomForAssets(caller.organization.id, caller.subscription, 1, 'create');
    return createHardwareAsset(caller.organization.id, body, caller.profile, now);
  },
);
