import type { HardwareAsset } from '../../../../../shared/hardware';

type Named = Pick<HardwareAsset, 'asset_type' | 'manufacturer' | 'model' | 'asset_tag' | 'serial_number'>;

/** How an asset is named on screen and in accessible names: "Dell Latitude 5440". */
export function assetName(asset: Named): string {
  const name = [asset.manufacturer, asset.model].filter(Boolean).join(' ');
  if (name) return name;
  return [asset.asset_type, asset.asset_tag ?? asset.serial_number].filter(Boolean).join(' ');
}

const DATE_FORMAT = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** A stored YYYY-MM-DD date as "15 Jan 2028". */
export function formatDate(date: string): string {
  const parsed = new Date(`${date}T00:00:00Z`);
  return Number.isNaN(parsed.getTime()) ? date : DATE_FORMAT.format(parsed);
}

/** CSS modifier of a status badge: "Disposal Pending" → "disposal-pending". */
export function plural(count: number, one: string, many: string): string {
  return `${count.toLocaleString('en-GB')} ${count === 1 ? one : many}`;
}
