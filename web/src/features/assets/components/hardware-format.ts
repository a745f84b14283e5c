import { hardwareAssetName } from '@shared/hardware';

/** How an asset is named on screen and in accessible names: "Dell Latitude 5440" (shared/hardware.ts). */
export const assetName = hardwareAssetName;
