import type { HardwareAsset, HardwareListResponse } from '@shared/hardware';
import { formatCount, plural } from '../../../components/format';

type Named = Pick<HardwareAsset, 'asset_type' | 'manufacturer' | 'model' | 'asset_tag' | 'serial_number'>;

/** How an asset is named on screen and in accessible names: "Dell Latitude 5440". */
export function assetName(asset: Named): string {
  const name = [asset.manufacturer, asset.model].filter(Boolean).join(' ');
  if (name) return name;
  return [asset.asset_type, asset.asset_tag ?? asset.serial_number].filter(Boolean).join(' ');
}

/** How many assets the list holds: exactly, or at least this many (a search not read to its end). */
export interface ListTotal {
  count: number;
  exact: boolean;
}

/**
 * The total of the loaded pages of the list. Each page's answer counts the whole list exactly
 * (unsearched, from the counters; a search whose read covered the whole list), or counts the
 * matches its read saw from its cursor on: with the rows before that cursor, a lower bound. Once the
 * last page is loaded, the rows are all of them.
 */
export function listTotal(
  pages: readonly (Pick<HardwareListResponse, 'next_cursor' | 'total' | 'total_exact'> & {
    items: readonly unknown[];
  })[],
): ListTotal | null {
  const last = pages[pages.length - 1];
  if (!last) return null;
  const loaded = pages.reduce((sum, page) => sum + page.items.length, 0);
  if (last.next_cursor === null) return { count: loaded, exact: true };
  const exact = pages.findLast((page) => page.total_exact);
  if (exact) return { count: Math.max(exact.total, loaded), exact: true };
  let before = 0;
  let atLeast = loaded;
  for (const page of pages) {
    atLeast = Math.max(atLeast, before + page.total);
    before += page.items.length;
  }
  return { count: atLeast, exact: false };
}

/** "24 of 1,234 hardware assets", "24 of at least 37 hardware assets". */
export function describeShown(shown: number, total: ListTotal | null): string {
  const all = (count: number) => plural(count, 'hardware asset', 'hardware assets');
  if (!total) return all(shown);
  return `${formatCount(shown)} of ${total.exact ? '' : 'at least '}${all(total.count)}`;
}
