import * as z from 'zod';
import { HARDWARE_STATUSES, type HardwareAsset } from '../../shared/hardware';
import type { HardwareListQuery } from '../../shared/hardware-list';
import { foldedText } from '../../shared/list';
import {
  hardwareAssetItemSchema,
  hardwareAssets,
  type HardwareAssetItem,
  type HardwareListing,
} from '../lib/table/items/hardware';
import { fromStored, type StoredItem } from '../lib/table/items/stored';
import type { ReadPageResult } from '../lib/table/pages';
import { readSortedPage, type SortedListing } from '../lib/table/sorted-pages';
import { readHardwareAssetItems, toAsset } from '../inventory/assets';

/**
 * The hardware list a page at a time, in any column's order (issue 34). Each order is a key order
 * DynamoDB keeps: when added, the table's own (ULIDs); status, one gsi1 partition per status in the
 * statuses' order; warranty, gsi2; any other column, its own index (items/hardware.ts). A status or
 * location filter the order's keys can answer narrows the read; the other filters and the search are
 * applied by DynamoDB as it reads, a bounded read that may give short pages (lib/table/pages.ts).
 */

/** The Status column's order, A to Z as the table shows them. */
const STATUSES_BY_NAME = [...HARDWARE_STATUSES].sort((a, b) => a.localeCompare(b));

interface ListPlan {
  sorted: SortedListing;
  /** The listings copy whole assets (the table, gsi1, gsi2); a column's index copies their ids. */
  copiesAssets: boolean;
}

function listPlan(organizationId: string, query: HardwareListQuery): ListPlan {
  const { sort, order, q, status, type, location } = query;
  let listings: HardwareListing[];
  let copiesAssets = true;
  let byStatus = false;
  let byLocation = false;
  if (sort === 'created' || sort === 'location') {
    if (location) {
      // The location's assets are one range of the location index, by id within it.
      listings = [hardwareAssets.byColumn(organizationId, 'location', location)];
      copiesAssets = false;
      byLocation = true;
    } else if (sort === 'location') {
      listings = [hardwareAssets.byColumn(organizationId, 'location')];
      copiesAssets = false;
    } else if (status) {
      listings = [hardwareAssets.withStatus(organizationId, status)];
      byStatus = true;
    } else {
      listings = [hardwareAssets.ofOrganization(organizationId)];
    }
  } else if (sort === 'status') {
    const statuses = status ? [status] : STATUSES_BY_NAME;
    listings = (order === 'asc' ? statuses : [...statuses].reverse()).map((each) =>
      hardwareAssets.withStatus(organizationId, each),
    );
    byStatus = true;
  } else if (sort === 'warranty_expiry') {
    listings = [hardwareAssets.byWarranty(organizationId)];
  } else {
    listings = [hardwareAssets.byColumn(organizationId, sort)];
    copiesAssets = false;
  }
  const filter = hardwareAssets.listFilter({
    ...(status && !byStatus ? { status } : {}),
    ...(type ? { asset_type: type } : {}),
    ...(location && !byLocation ? { location_key: foldedText(location) } : {}),
    ...(q ? { search: q.toLowerCase() } : {}),
  });
  return {
    sorted: {
      listings,
      ascending: order === 'asc',
      ...(filter ? { filter } : {}),
    },
    copiesAssets,
  };
}

/**
 * Whether an asset as read still matches: an index entry is written a moment after its asset, so
 * the asset read by key may have left the filter since (it is then left out of the page).
 */
function stillMatches(item: HardwareAssetItem, { q, status, type, location }: HardwareListQuery): boolean {
  return (
    (!status || item.status === status) &&
    (!type || item.asset_type === type) &&
    (!location || foldedText(item.location) === foldedText(location)) &&
    (!q || item.search_text.includes(q.toLowerCase()))
  );
}

const entryIdSchema = z.object({ id: z.string() });

/** The assets of a page's entries, in their order; one deleted since its entry was read is left out. */
async function assetsOf(
  organizationId: string,
  entries: StoredItem[],
  plan: ListPlan,
  query: HardwareListQuery,
): Promise<HardwareAsset[]> {
  if (plan.copiesAssets) return entries.map((entry) => toAsset(fromStored(hardwareAssetItemSchema, entry)));
  const ids = entries.map((entry) => entryIdSchema.parse(entry).id);
  const items = await readHardwareAssetItems(organizationId, ids, { consistent: false });
  return ids.flatMap((id) => {
    const item = items.get(id);
    return item && stillMatches(item, query) ? [toAsset(item)] : [];
  });
}

export async function listHardwareAssets(
  organizationId: string,
  query: HardwareListQuery,
): Promise<ReadPageResult<HardwareAsset>> {
  const plan = listPlan(organizationId, query);
  const page = await readSortedPage(plan.sorted, query);
  return { ...page, items: await assetsOf(organizationId, page.items, plan, query) };
}
