import { ulid } from 'ulid';
import { syncedDisposalItem } from '../../shared/disposal';
import type { Actor } from '../lib/audit-trail';
import { counterUpdate, type CounterDeltas } from '../lib/table/counters';
import { write, type Built, type TableWrite, type WriteOutcome } from '../lib/table/transaction';
import { addAssetDeltas, assetChangeItems, type AssetChange, type Part } from './assets';
import {
  addDisposalDeltas,
  bumped,
  disposalChangeItems,
  disposalChanges,
  readDisposalItems,
  type DisposalChange,
} from './disposal-items';

/**
 * The asset ↔ disposal sync: every change of a hardware asset carries the change of its disposal
 * item that shared/disposal.ts's syncedDisposalItem asks for, in the same transaction as the asset,
 * both audit entries and the counters. The hardware service writes asset changes through it, and
 * the disposal service moves a linked item through its asset the same way.
 */

/** Everything one transaction changes. */
export interface Changes {
  assets: AssetChange[];
  disposals: DisposalChange[];
}

/** How the counters move with a set of changes; those that come back to where they were are left out. */
export function counterDeltas({ assets, disposals }: Changes): CounterDeltas {
  const deltas: CounterDeltas = new Map();
  for (const change of assets) addAssetDeltas(deltas, change);
  for (const change of disposals) addDisposalDeltas(deltas, change);
  for (const [name, value] of deltas) if (value === 0) deltas.delete(name);
  return deltas;
}

/**
 * Adds to asset changes the disposal item changes they bring (shared/disposal.ts,
 * syncedDisposalItem), reading the items the assets are linked to, and links each asset to its item.
 */
export async function withDisposalSync(
  organizationId: string,
  assets: AssetChange[],
  actor: Actor,
  now: Date,
): Promise<Changes> {
  const linkedIds = assets.flatMap(({ before }) =>
    before?.disposal_item_id ? [before.disposal_item_id] : [],
  );
  const linkedItems = await readDisposalItems(organizationId, linkedIds);
  const context = { organizationId, actor: actor.email, now, newId: () => ulid(now.getTime()) };
  const disposals: DisposalChange[] = [];
  for (const { before, after } of assets) {
    const linked = before?.disposal_item_id ? (linkedItems.get(before.disposal_item_id) ?? null) : null;
    const synced = syncedDisposalItem(after, linked, context);
    if (after) after.disposal_item_id = synced?.id ?? null;
    const change = { before: linked, after: synced };
    if (!linked === !synced && Object.keys(disposalChanges(change)).length === 0) continue;
    disposals.push(bumped(change, now));
  }
  return { assets, disposals };
}

/** Items a change brings besides the assets' and disposal items' (a machine's link, issue 27). */
export interface ExtraWrites {
  parts: Part[];
  items: TableWrite[];
  counters: CounterDeltas;
}

/** One transaction for a set of changes, each with its own audit entry, and the counters. */
export function writeChanges(
  organizationId: string,
  changes: Changes,
  actor: Actor,
  now: Date,
  extra?: ExtraWrites,
): Promise<WriteOutcome<Part>> {
  return write(() => {
    const built: Built<Part> = { parts: [], items: [] };
    for (const change of changes.assets) {
      const one = assetChangeItems(organizationId, change, { actor, now });
      built.parts.push(...one.parts);
      built.items.push(...one.items);
    }
    for (const change of changes.disposals) {
      built.parts.push({ kind: 'disposal', id: (change.after ?? change.before)!.id }, { kind: 'other' });
      built.items.push(...disposalChangeItems(organizationId, change, { actor, now }));
    }
    const deltas = counterDeltas(changes);
    if (extra) {
      built.parts.push(...extra.parts);
      built.items.push(...extra.items);
      // One counter update a transaction: a shard may be touched once.
      for (const [name, value] of extra.counters) deltas.set(name, (deltas.get(name) ?? 0) + value);
    }
    for (const item of counterUpdate(organizationId, deltas)) {
      built.parts.push({ kind: 'other' });
      built.items.push(item);
    }
    return built;
  });
}

/** Asset changes with their disposal sync, in one transaction. */
export async function writeAssetChanges(
  organizationId: string,
  assets: AssetChange[],
  actor: Actor,
  now: Date,
  extra?: ExtraWrites,
): Promise<WriteOutcome<Part>> {
  return writeChanges(
    organizationId,
    await withDisposalSync(organizationId, assets, actor, now),
    actor,
    now,
    extra,
  );
}
