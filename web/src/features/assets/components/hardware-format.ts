import type { HardwareAsset } from '@shared/hardware';

type Named = Pick<HardwareAsset, 'asset_type' | 'manufacturer' | 'model' | 'asset_tag' | 'serial_number'>;

/** How an asset is named on screen and in accessible names: "Dell Latitude 5440". */
export function assetName(asset: Named): string {
  const name = [asset.manufacturer, asset.model].filter(Boolean).join(' ');
  if (name) return name;
  return [asset.asset_type, asset.asset_tag ?? asset.serial_number].filter(Boolean).join(' ');
}
