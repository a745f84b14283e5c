import { ulid } from 'ulid';
import type { Page } from '../../shared/api';
import {
  DISPOSAL_MESSAGES,
  type DisposalItem,
  type DisposalItemInput,
  type DisposalItemStatus,
  type DisposalListQuery,
  type DisposalStats,
} from '../../shared/disposal';
import { isoDate, withDisposalDate, type HardwareAsset, type HardwareStatus } from '../../shared/hardware';
import type { Actor } from '../lib/audit-trail';
import { Conflict, NotFound } from '../lib/errors';
import { readCounters } from '../lib/table/counters';
import { disposalCounter } from '../inventory/counts';
import { disposalItems } from '../lib/table/items/disposal';
import { readHardwareAssets, type AssetChange } from '../inventory/assets';
import { withDisposalSync, writeChanges } from '../inventory/writes';
import { readDisposalItems, toDisposalItem, type DisposalChange } from '../inventory/disposal-items';

/**
 * The disposal list. A linked item (one whose hardware asset still points to it) is changed through
 * its asset, so that the asset's status and the item move together in one transaction with both
 * audit entries: see syncedDisposalItem in shared/disposal.ts. An item added by hand, or whose asset
 * was deleted, is changed on its own.
 */

/** Newest first, a page per cursor; a search may return short pages (see readPage). */
export async function listDisposalItems(
  organizationId: string,
  { q, status, cursor, limit }: DisposalListQuery,
): Promise<Page<DisposalItem>> {
  const page = await disposalItems.page(organizationId, status, { q, cursor, limit });
  return { items: page.items.map(toDisposalItem), next_cursor: page.next_cursor };
}

/** The stat cards: totals from the maintained counters, and one month's range of disposal dates. */
export async function getDisposalStats(organizationId: string, month: string): Promise<DisposalStats> {
  const [counters, thisMonth] = await Promise.all([
    readCounters(organizationId),
    disposalItems.listIdsDisposedBetween(organizationId, `${month}-01`, `${month}-31\uffff`),
  ]);
  return {
    pending: Math.max(0, counters[disposalCounter('Pending')] ?? 0),
    completed: Math.max(0, counters[disposalCounter('Completed')] ?? 0),
    this_month: thisMonth.length,
  };
}

function completion(status: DisposalItemStatus, actor: Actor, now: Date) {
  return status === 'Completed'
    ? { completed_at: now.toISOString(), completed_by: actor.email }
    : { completed_at: null, completed_by: null };
}

export async function createDisposalItem(
  organizationId: string,
  input: DisposalItemInput,
  actor: Actor,
  now: Date,
): Promise<DisposalItem> {
  const timestamp = now.toISOString();
  const item: DisposalItem = {
    ...input,
    id: ulid(now.getTime()),
    asset_id: null,
    disposal_date: input.disposal_date ?? isoDate(now),
    organization_id: organizationId,
    created_by: actor.email,
    ...completion(input.status, actor, now),
    created_at: timestamp,
    updated_at: timestamp,
    version: 1,
  };
  const outcome = await writeChanges(
    organizationId,
    { assets: [], disposals: [{ before: null, after: item }] },
    actor,
    now,
  );
  if (!outcome.ok) throw new Error('A new disposal item was refused: its id is already taken');
  return item;
}

/** The status a linked asset takes when its item is completed, reverted or deleted. */
const ASSET_STATUS: Record<'complete' | 'revert' | 'delete', HardwareStatus> = {
  complete: 'Disposed',
  revert: 'Disposal Pending',
  delete: 'Active',
};

/** The asset an item is linked to, if it is still there and still points back to the item. */
function linkedAsset(item: DisposalItem, assets: Map<string, HardwareAsset>): HardwareAsset | null {
  const asset = item.asset_id ? assets.get(item.asset_id) : undefined;
  return asset?.disposal_item_id === item.id ? asset : null;
}

function movedAsset(asset: HardwareAsset, status: HardwareStatus, now: Date): AssetChange {
  return {
    before: asset,
    after: withDisposalDate(
      { ...asset, status, updated_at: now.toISOString(), version: asset.version + 1 },
      now,
    ),
  };
}

/**
 * Completes, reverts or deletes disposal items in one transaction: linked ones through their
 * assets, the others on their own. An id that is not an item of the organisation makes it a 404.
 */
async function changeDisposalItems(
  organizationId: string,
  ids: string[],
  action: 'complete' | 'revert' | 'delete',
  actor: Actor,
  now: Date,
): Promise<DisposalChange[]> {
  const items = await readDisposalItems(organizationId, ids);
  if (items.size !== ids.length) throw new NotFound(DISPOSAL_MESSAGES.notFound);
  const target: DisposalItemStatus | null =
    action === 'complete' ? 'Completed' : action === 'revert' ? 'Pending' : null;
  for (const item of items.values()) {
    if (item.status === target) {
      throw new Conflict(
        target === 'Completed' ? DISPOSAL_MESSAGES.alreadyCompleted : DISPOSAL_MESSAGES.alreadyPending,
        'stale_status',
      );
    }
  }

  const assets = await readHardwareAssets(
    organizationId,
    [...items.values()].flatMap((item) => (item.asset_id ? [item.asset_id] : [])),
  );
  const assetChanges: AssetChange[] = [];
  const ownChanges: DisposalChange[] = [];
  for (const item of items.values()) {
    const asset = linkedAsset(item, assets);
    if (asset) {
      assetChanges.push(movedAsset(asset, ASSET_STATUS[action], now));
    } else if (target) {
      ownChanges.push({
        before: item,
        after: {
          ...item,
          status: target,
          ...completion(target, actor, now),
          updated_at: now.toISOString(),
          version: item.version + 1,
        },
      });
    } else {
      ownChanges.push({ before: item, after: null });
    }
  }
  const synced = await withDisposalSync(organizationId, assetChanges, actor, now);
  const changes = { assets: synced.assets, disposals: [...synced.disposals, ...ownChanges] };
  const outcome = await writeChanges(organizationId, changes, actor, now);
  if (!outcome.ok) throw new Conflict(DISPOSAL_MESSAGES.changedMeanwhile, 'stale_version');
  return changes.disposals;
}

/** Pending → Completed (SPEC 4): completed_at now, completed_by the caller; a linked asset becomes Disposed. */
export async function completeDisposalItem(
  organizationId: string,
  id: string,
  actor: Actor,
  now: Date,
): Promise<DisposalItem> {
  const [change] = await changeDisposalItems(organizationId, [id], 'complete', actor, now);
  return change!.after!;
}

/** Completed → Pending: both cleared; a linked asset goes back to Disposal Pending. */
export async function revertDisposalItem(
  organizationId: string,
  id: string,
  actor: Actor,
  now: Date,
): Promise<DisposalItem> {
  const [change] = await changeDisposalItems(organizationId, [id], 'revert', actor, now);
  return change!.after!;
}

/** Deletes the selected items, all or none; their linked assets are reset to Active. */
export async function deleteDisposalItems(
  organizationId: string,
  ids: string[],
  actor: Actor,
  now: Date,
): Promise<number> {
  return (await changeDisposalItems(organizationId, ids, 'delete', actor, now)).length;
}
