import { monotonicFactory, ulid } from 'ulid';
import { syncedDisposalItem, type DisposalItem } from '../../../shared/disposal';
import {
  HARDWARE_MESSAGES,
  isDisposalStatus,
  withDisposalDate,
  type HardwareAsset,
  HARDWARE_ASSET_TYPES,
  HARDWARE_FIELDS,
  HARDWARE_STATUSES,
  type HardwareAssetInput,
  type HardwareAssetType,
  type HardwareDisposalReason,
  type HardwareListQuery,
  type HardwareStatus,
} from '../../../shared/hardware';
import type { ImportRow, ImportRowError } from '../../../shared/hardware-import';
import { Conflict, NotFound } from '../errors';
import { auditEntry, fieldChanges, type Actor } from './audit';
import {
  addDisposalDeltas,
  bumped,
  disposalChangeItems,
  disposalChanges,
  disposalLabel,
  readDisposalItems,
  type DisposalChange,
} from './disposal-items';
import {
  create,
  equals,
  getItem as getStored,
  getItems,
  listPage,
  listSearchablePage,
  put,
  remove,
  type TableWrite,
} from './commands';
import {
  COUNTER_SHARDS,
  counterUpdate,
  readCounters,
  statusCounter,
  typeCounter,
  type CounterDeltas,
} from './counters';
import {
  HARDWARE_IDENTIFIER_KINDS,
  hardwareAssets,
  hardwareIdentifiers,
  type HardwareAssetItem,
  type HardwareIdentifierKind,
} from './items';
import type { ReadPageResult } from './pages';
import { write, type Built, type WriteOutcome } from './transaction';

/**
 * Hardware assets and their audit trail. Every change is one DynamoDB transaction holding the
 * asset, its serial number and asset tag claims, its audit entry, the disposal item it keeps in
 * step (with that item's audit entry) and the dashboard counters it moves: either all of it is
 * written or none of it.
 */
export type { Actor };

const IDENTIFIER_LABELS: Record<HardwareIdentifierKind, string> = {
  serial_number: 'serial number',
  asset_tag: 'asset tag',
};

// ---- Mapping between the stored item and the API's asset ----

/** Fields the API shows as null when unset, and the item simply leaves out. */
const NULLABLE_FIELDS = HARDWARE_FIELDS.filter(
  (
    field,
  ): field is Exclude<(typeof HARDWARE_FIELDS)[number], 'asset_type' | 'status' | 'ram_gb' | 'storage_gb'> =>
    !['asset_type', 'status', 'ram_gb', 'storage_gb'].includes(field),
);

function toAsset(item: HardwareAssetItem): HardwareAsset {
  return {
    id: item.id,
    asset_type: item.asset_type,
    manufacturer: item.manufacturer ?? null,
    model: item.model ?? null,
    serial_number: item.serial_number ?? null,
    asset_tag: item.asset_tag ?? null,
    purchase_date: item.purchase_date ?? null,
    warranty_expiry: item.warranty_expiry || null,
    status: item.status,
    location: item.location ?? null,
    assigned_to: item.assigned_to ?? null,
    cpu: item.cpu ?? null,
    ram_gb: item.ram_gb,
    storage_gb: item.storage_gb,
    os: item.os ?? null,
    notes: item.notes ?? null,
    disposal_reason: item.disposal_reason ?? null,
    disposal_date: item.disposal_date ?? null,
    disposal_item_id: item.disposal_item_id ?? null,
    created_at: item.created_at,
    updated_at: item.updated_at,
    version: item.version,
  };
}

function toItem(organizationId: string, asset: HardwareAsset): HardwareAssetItem {
  const item: HardwareAssetItem = {
    ...asset,
    organization_id: organizationId,
    search_text: [
      asset.manufacturer,
      asset.model,
      asset.serial_number,
      asset.asset_tag,
      asset.assigned_to,
      asset.location,
    ]
      .filter(Boolean)
      .join('\n')
      .toLowerCase(),
  } as HardwareAssetItem;
  for (const field of [...NULLABLE_FIELDS, 'disposal_item_id'] as const) {
    if (item[field] === null) delete item[field];
  }
  item.warranty_expiry ??= '';
  return item;
}

export function hardwareLabel(
  asset: Pick<HardwareAsset, 'asset_type' | 'manufacturer' | 'model' | 'serial_number'>,
): string {
  const name = [asset.manufacturer, asset.model].filter(Boolean).join(' ') || asset.asset_type;
  return asset.serial_number ? `${name} (${asset.serial_number})` : name;
}

/** The audited fields of an asset that differ. */
export function hardwareChanges(before: HardwareAsset | null, after: HardwareAsset | null) {
  return fieldChanges(HARDWARE_FIELDS, before, after);
}

function identifiers(asset: HardwareAsset | null): { kind: HardwareIdentifierKind; value: string }[] {
  if (!asset) return [];
  return HARDWARE_IDENTIFIER_KINDS.flatMap((kind) => {
    const value = asset[kind]?.trim().toLowerCase();
    return value ? [{ kind, value }] : [];
  });
}

function identifierKey(identifier: { kind: HardwareIdentifierKind; value: string }): string {
  return `${identifier.kind}#${identifier.value}`;
}

function duplicateError(kind: HardwareIdentifierKind, asset: HardwareAsset): Conflict {
  return new Conflict(
    `Another hardware asset in your organization already has ${IDENTIFIER_LABELS[kind]} ${asset[kind]}`,
    `duplicate_${kind}`,
  );
}

// ---- Transactions ----

/** What one item of a transaction stands for, to explain a cancellation. */
type Part =
  | { kind: 'asset'; id: string }
  | { kind: 'disposal'; id: string }
  | { kind: 'identifier'; id: string; identifier: HardwareIdentifierKind }
  | { kind: 'other' };

function moveCounters(deltas: CounterDeltas, asset: HardwareAsset | null, by: 1 | -1): void {
  if (!asset) return;
  for (const name of [statusCounter(asset.status), typeCounter(asset.asset_type)]) {
    deltas.set(name, (deltas.get(name) ?? 0) + by);
  }
}

function counterDeltas({ assets, disposals }: Changes): CounterDeltas {
  const deltas: CounterDeltas = new Map();
  for (const { before, after } of assets) {
    moveCounters(deltas, before, -1);
    moveCounters(deltas, after, 1);
  }
  for (const change of disposals) addDisposalDeltas(deltas, change);
  for (const [name, value] of deltas) if (value === 0) deltas.delete(name);
  return deltas;
}

export interface AssetChange {
  before: HardwareAsset | null;
  after: HardwareAsset | null;
}

/** Everything one transaction changes. */
export interface Changes {
  assets: AssetChange[];
  disposals: DisposalChange[];
}

/**
 * The items of one asset's change: the asset itself (guarded by its version), the identifier
 * claims it takes and releases, and its audit entry.
 */
function assetChangeItems(
  organizationId: string,
  { before, after }: AssetChange,
  audit: { actor: Actor; now: Date } | null,
): Built<Part> {
  const id = (after ?? before)!.id;
  const parts: Part[] = [];
  const items: TableWrite[] = [];

  parts.push({ kind: 'asset', id });
  if (!before) {
    items.push(create(hardwareAssets.item(toItem(organizationId, after!))));
  } else if (!after) {
    items.push(remove(hardwareAssets.key(organizationId, id), equals('version', before.version)));
  } else {
    items.push(put(hardwareAssets.item(toItem(organizationId, after)), equals('version', before.version)));
  }

  const held = new Map(identifiers(before).map((identifier) => [identifierKey(identifier), identifier]));
  const wanted = new Map(identifiers(after).map((identifier) => [identifierKey(identifier), identifier]));
  for (const [name, identifier] of held) {
    if (wanted.has(name)) continue;
    parts.push({ kind: 'other' });
    items.push(remove(hardwareIdentifiers.key(organizationId, identifier)));
  }
  for (const [name, identifier] of wanted) {
    if (held.has(name)) continue;
    parts.push({ kind: 'identifier', id, identifier: identifier.kind });
    items.push(
      create(hardwareIdentifiers.item({ organization_id: organizationId, ...identifier, asset_id: id })),
    );
  }

  if (audit) {
    parts.push({ kind: 'other' });
    items.push(
      auditEntry({
        ...audit,
        organizationId,
        entityType: 'hardware_asset',
        action: !before ? 'created' : !after ? 'deleted' : 'updated',
        entityId: id,
        entityLabel: hardwareLabel((after ?? before)!),
        changes: hardwareChanges(before, after),
      }),
    );
  }
  return { parts, items };
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

/** One transaction for a set of changes, each with its own audit entry, and the counters. */
export function writeChanges(
  organizationId: string,
  changes: Changes,
  actor: Actor,
  now: Date,
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
    for (const item of counterUpdate(organizationId, counterDeltas(changes))) {
      built.parts.push({ kind: 'other' });
      built.items.push(item);
    }
    return built;
  });
}

/** Asset changes with their disposal sync, in one transaction. */
async function writeAssetChanges(
  organizationId: string,
  assets: AssetChange[],
  actor: Actor,
  now: Date,
): Promise<WriteOutcome<Part>> {
  return writeChanges(organizationId, await withDisposalSync(organizationId, assets, actor, now), actor, now);
}

function explainSingleChange(outcome: WriteOutcome<Part>, asset: HardwareAsset): never {
  const duplicate = outcome.failed.find((part) => part.kind === 'identifier');
  if (duplicate?.kind === 'identifier') throw duplicateError(duplicate.identifier, asset);
  throw new Conflict(HARDWARE_MESSAGES.staleVersion, 'stale_version');
}

// ---- Reads ----

async function getItem(organizationId: string, id: string): Promise<HardwareAsset | null> {
  const item = await getStored<HardwareAssetItem>(hardwareAssets.key(organizationId, id), {
    consistent: true,
  });
  return item ? toAsset(item) : null;
}

export async function getHardwareAsset(organizationId: string, id: string): Promise<HardwareAsset> {
  const asset = await getItem(organizationId, id);
  if (!asset) throw new NotFound(HARDWARE_MESSAGES.notFound);
  return asset;
}

/** Newest first, a page per cursor; a search may return short pages (see readPage). */
export async function listHardwareAssets(
  organizationId: string,
  { q, status, cursor, limit }: HardwareListQuery,
): Promise<ReadPageResult<HardwareAsset>> {
  const page = await listSearchablePage<HardwareAssetItem>(
    status
      ? hardwareAssets.withStatus(organizationId, status)
      : hardwareAssets.ofOrganization(organizationId),
    (item) => ({
      ...(status ? hardwareAssets.statusKey(item) : {}),
      ...hardwareAssets.key(organizationId, item.id),
    }),
    { q, cursor, limit },
  );
  return { ...page, items: page.items.map(toAsset) };
}

/** Several assets of the organisation by id, consistently read; missing ones are left out. */
export async function readHardwareAssets(
  organizationId: string,
  ids: string[],
): Promise<Map<string, HardwareAsset>> {
  if (ids.length === 0) return new Map();
  const items = await getItems<HardwareAssetItem>(
    ids.map((id) => hardwareAssets.key(organizationId, id)),
    { consistent: true, what: 'hardware assets' },
  );
  return new Map(items.map((item) => [item.id, toAsset(item)]));
}

// ---- Changes ----

export async function createHardwareAsset(
  organizationId: string,
  input: HardwareAssetInput,
  actor: Actor,
  now: Date,
): Promise<HardwareAsset> {
  const timestamp = now.toISOString();
  const asset: HardwareAsset = {
    ...withDisposalDate(input, now),
    id: ulid(now.getTime()),
    disposal_item_id: null,
    created_at: timestamp,
    updated_at: timestamp,
    version: 1,
  };
  const outcome = await writeAssetChanges(organizationId, [{ before: null, after: asset }], actor, now);
  if (!outcome.ok) explainSingleChange(outcome, asset);
  return asset;
}

export async function updateHardwareAsset(
  organizationId: string,
  id: string,
  input: HardwareAssetInput,
  basedOnVersion: number,
  actor: Actor,
  now: Date,
): Promise<HardwareAsset> {
  const before = await getHardwareAsset(organizationId, id);
  if (before.version !== basedOnVersion) throw new Conflict(HARDWARE_MESSAGES.staleVersion, 'stale_version');
  const after: HardwareAsset = {
    ...before,
    ...withDisposalDate(input, now),
    updated_at: now.toISOString(),
    version: before.version + 1,
  };
  if (Object.keys(hardwareChanges(before, after)).length === 0) return before;
  const outcome = await writeAssetChanges(organizationId, [{ before, after }], actor, now);
  if (!outcome.ok) explainSingleChange(outcome, after);
  return after;
}

export async function deleteHardwareAsset(
  organizationId: string,
  id: string,
  actor: Actor,
  now: Date,
): Promise<void> {
  const before = await getHardwareAsset(organizationId, id);
  const outcome = await writeAssetChanges(organizationId, [{ before, after: null }], actor, now);
  if (!outcome.ok) explainSingleChange(outcome, before);
}

/**
 * Sets the status of several assets in one transaction: all of them change, or none does. An id
 * that is not an asset of the organisation makes the whole change a 404.
 */
export async function setHardwareStatus(
  organizationId: string,
  ids: string[],
  status: HardwareStatus,
  disposalReason: HardwareDisposalReason | undefined,
  actor: Actor,
  now: Date,
): Promise<number> {
  for (let attempt = 0; attempt < 2; attempt++) {
    const assets = await readHardwareAssets(organizationId, ids);
    if (assets.size !== ids.length) throw new NotFound(HARDWARE_MESSAGES.notFound);

    const changes = [...assets.values()].flatMap((before): AssetChange[] => {
      const after: HardwareAsset = withDisposalDate(
        {
          ...before,
          status,
          disposal_reason: isDisposalStatus(status)
            ? (disposalReason ?? before.disposal_reason)
            : before.disposal_reason,
          updated_at: now.toISOString(),
          version: before.version + 1,
        },
        now,
      );
      return Object.keys(hardwareChanges(before, after)).length > 0 ? [{ before, after }] : [];
    });
    if (changes.length === 0) return 0;
    const outcome = await writeAssetChanges(organizationId, changes, actor, now);
    if (outcome.ok) return changes.length;
    // Someone changed one of them between our read and our write: read again once.
  }
  throw new Conflict(
    'Some of these hardware assets were changed by someone else at the same time. Reload the list and try again.',
    'stale_version',
  );
}

// ---- CSV import ----

/**
 * A transaction holds at most 100 items: the batch's audit entries (its assets', and its disposal
 * items' when rows are in a disposal status) and the counter take three.
 */
const IMPORT_TRANSACTION_ITEMS = 97;
const IMPORT_CONCURRENCY = 4;

interface PreparedRow {
  row: number;
  asset: HardwareAsset;
  /** The disposal item a row in Disposal Pending or Disposed puts on the disposal list. */
  disposal: DisposalItem | null;
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

function describeDuplicate(kind: HardwareIdentifierKind, asset: HardwareAsset): string {
  return `A hardware asset with ${IDENTIFIER_LABELS[kind]} ${asset[kind]} already exists`;
}

/** Rows whose serial number or asset tag repeats an earlier row of the same file. */
function withoutRepeats(rows: PreparedRow[], errors: ImportRowError[]): PreparedRow[] {
  const seen = new Map<string, number>();
  return rows.filter(({ row, asset }) => {
    for (const identifier of identifiers(asset)) {
      const earlier = seen.get(identifierKey(identifier));
      if (earlier !== undefined) {
        errors.push({
          row,
          message: `The ${IDENTIFIER_LABELS[identifier.kind]} ${asset[identifier.kind]} also appears in row ${earlier}`,
        });
        return false;
      }
    }
    for (const identifier of identifiers(asset)) seen.set(identifierKey(identifier), row);
    return true;
  });
}

function importBatches(rows: PreparedRow[]): PreparedRow[][] {
  const batches: PreparedRow[][] = [];
  let batch: PreparedRow[] = [];
  let items = 0;
  for (const row of rows) {
    const size = 1 + identifiers(row.asset).length + (row.disposal ? 1 : 0);
    if (items + size > IMPORT_TRANSACTION_ITEMS) {
      batches.push(batch);
      batch = [];
      items = 0;
    }
    batch.push(row);
    items += size;
  }
  if (batch.length > 0) batches.push(batch);
  return batches;
}

/**
 * Writes a batch of new assets with one audit entry for the batch. A row whose serial number or
 * asset tag is taken becomes a row error, and the rest of the batch is written again.
 */
async function writeImportBatch(
  organizationId: string,
  batch: PreparedRow[],
  shard: number,
  actor: Actor,
  now: Date,
  errors: ImportRowError[],
): Promise<number> {
  let remaining = batch;
  while (remaining.length > 0) {
    const rows = remaining;
    const outcome = await write(() => {
      const built: Built<Part> = { parts: [], items: [] };
      const disposals = rows.flatMap(({ disposal }) => (disposal ? [{ before: null, after: disposal }] : []));
      for (const { asset } of rows) {
        const one = assetChangeItems(organizationId, { before: null, after: asset }, null);
        built.parts.push(...one.parts);
        built.items.push(...one.items);
      }
      for (const change of disposals) {
        built.parts.push({ kind: 'other' });
        built.items.push(...disposalChangeItems(organizationId, change, null));
      }
      const span = `rows ${rows[0]!.row}–${rows[rows.length - 1]!.row}`;
      const deltas = counterDeltas({
        assets: rows.map(({ asset }) => ({ before: null, after: asset })),
        disposals,
      });
      const batchItems = [
        auditEntry({
          organizationId,
          actor,
          now,
          entityType: 'hardware_asset',
          action: 'created',
          entityId: null,
          entityLabel: `Imported ${plural(rows.length, 'hardware asset')} from CSV (${span})`,
          changes: { assets: { old: null, new: rows.map(({ asset }) => hardwareLabel(asset)) } },
        }),
        ...(disposals.length > 0
          ? [
              auditEntry({
                organizationId,
                actor,
                now,
                entityType: 'disposal_item',
                action: 'created',
                entityId: null,
                entityLabel: `Added ${plural(disposals.length, 'disposal item')} from the CSV import (${span})`,
                changes: { items: { old: null, new: disposals.map(({ after }) => disposalLabel(after)) } },
              }),
            ]
          : []),
        ...counterUpdate(organizationId, deltas, shard),
      ];
      for (const item of batchItems) {
        built.parts.push({ kind: 'other' });
        built.items.push(item);
      }
      return built;
    });
    if (outcome.ok) return rows.length;
    const rejected = new Map<string, HardwareIdentifierKind>();
    for (const part of outcome.failed) {
      if (part.kind === 'identifier' && !rejected.has(part.id)) rejected.set(part.id, part.identifier);
    }
    if (rejected.size === 0) throw new Error('An import batch was refused for no reason DynamoDB would name');
    for (const { row, asset } of rows) {
      const kind = rejected.get(asset.id);
      if (kind) errors.push({ row, message: describeDuplicate(kind, asset) });
    }
    remaining = rows.filter(({ asset }) => !rejected.has(asset.id));
  }
  return 0;
}

export interface ImportOutcome {
  success: number;
  errors: ImportRowError[];
}

/**
 * Imports validated rows in transactions of many rows, a few at a time. Duplicates, within the
 * file or of existing assets, become row errors.
 */
export async function importHardwareAssets(
  organizationId: string,
  rows: ImportRow[],
  actor: Actor,
  now: Date,
): Promise<ImportOutcome> {
  const errors: ImportRowError[] = [];
  const timestamp = now.toISOString();
  // Monotonic ids keep the file's order in the list's key order.
  const nextId = monotonicFactory();
  const syncContext = { organizationId, actor: actor.email, now, newId: () => nextId(now.getTime()) };
  const prepared = rows.map(({ row, asset: input }): PreparedRow => {
    const asset: HardwareAsset = {
      ...withDisposalDate(input, now),
      id: nextId(now.getTime()),
      disposal_item_id: null,
      created_at: timestamp,
      updated_at: timestamp,
      version: 1,
    };
    const disposal = syncedDisposalItem(asset, null, syncContext);
    asset.disposal_item_id = disposal?.id ?? null;
    return { row, asset, disposal };
  });
  // Serials and tags already taken are found by the claims' conditions as the batches are written.
  const batches = importBatches(withoutRepeats(prepared, errors));
  let success = 0;
  let nextBatch = 0;
  await Promise.all(
    Array.from({ length: Math.min(IMPORT_CONCURRENCY, batches.length) }, async (_, worker) => {
      while (nextBatch < batches.length) {
        const batch = batches[nextBatch++]!;
        // Read `success` only after the await: `success += await …` would add to a stale total.
        const written = await writeImportBatch(
          organizationId,
          batch,
          worker % COUNTER_SHARDS,
          actor,
          now,
          errors,
        );
        success += written;
      }
    }),
  );
  return { success, errors: errors.sort((a, b) => a.row - b.row) };
}

// ---- Dashboard reads ----

export interface HardwareCounts {
  byStatus: Record<HardwareStatus, number>;
  byType: Record<HardwareAssetType, number>;
}

export async function getHardwareCounts(organizationId: string): Promise<HardwareCounts> {
  const counters = await readCounters(organizationId);
  return {
    byStatus: Object.fromEntries(
      HARDWARE_STATUSES.map((status) => [status, counters[statusCounter(status)] ?? 0]),
    ) as HardwareCounts['byStatus'],
    byType: Object.fromEntries(
      HARDWARE_ASSET_TYPES.map((type) => [type, counters[typeCounter(type)] ?? 0]),
    ) as HardwareCounts['byType'],
  };
}

/** How many hardware assets the organisation has: the sum of its per-status counters. */
export async function countHardwareAssets(organizationId: string): Promise<number> {
  const { byStatus } = await getHardwareCounts(organizationId);
  return Object.values(byStatus).reduce((sum, count) => sum + count, 0);
}

/** Assets whose warranty ends between two dates (inclusive), soonest first. */
export async function listExpiringWarranties(
  organizationId: string,
  from: string,
  to: string,
  limit: number,
): Promise<{ items: HardwareAsset[]; more: boolean }> {
  const { items } = await listPage<HardwareAssetItem>(
    hardwareAssets.warrantyBetween(organizationId, from, `${to}\uffff`),
    { limit: limit + 1 },
  );
  return { items: items.slice(0, limit).map(toAsset), more: items.length > limit };
}
