import type { HardwareAsset } from '../../../../../shared/hardware';
import { formatCount, formatDay } from '../../../components/format';

type Named = Pick<HardwareAsset, 'asset_type' | 'manufacturer' | 'model' | 'asset_tag' | 'serial_number'>;

/** How an asset is named on screen and in accessible names: "Dell Latitude 5440". */
export function assetName(asset: Named): string {
  const name = [asset.manufacturer, asset.model].filter(Boolean).join(' ');
  if (name) return name;
  return [asset.asset_type, asset.asset_tag ?? asset.serial_number].filter(Boolean).join(' ');
}

/** A stored YYYY-MM-DD date as "15 Jan 2028". */
export function formatDate(date: string): string {
  return formatDay(date) ?? date;
}

/** "1 hardware asset", "1,200 hardware assets". */
export function plural(count: number, one: string, many: string): string {
  return `${formatCount(count)} ${count === 1 ? one : many}`;
}
