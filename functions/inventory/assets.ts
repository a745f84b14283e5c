import { HARDWARE_FIELDS, hardwareAssetName, type HardwareAsset } from '../../shared/hardware';
import { serialClaimValue } from '../../shared/serial-number';
import { auditEntry, fieldChanges, type Actor } from '../lib/audit-trail';
import type { CounterDeltas } from '../lib/table/counters';
import { locationCounter, statusCounter, typeCounter } from './counts';
import {
  HARDWARE_IDENTIFIER_KINDS,
  hardwareAssets,
  hardwareIdentifiers,
  type HardwareAssetItem,
  type HardwareIdentifierItem,
  type HardwareIdentifierKind,
} from '../lib/table/items/hardware';
import type { Built, TableWrite } from '../lib/table/transaction';

/**
 * A hardware asset as the table holds it, and the transaction items of its changes: the asset
 * itself (guarded by its version), the serial number and asset tag claims it takes and releases,
 * its audit entry and the counters it moves.
 */

// ---- Mapping between the stored item and the API's asset ----

export function toAsset(item: HardwareAssetItem): HardwareAsset {
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
    machine_id: item.machine_id ?? null,
    created_at: item.created_at,
    updated_at: item.updated_at,
    version: item.version,
  };
}

/** Text fields the API shows as null when unset, and the item simply leaves out. */
const OPTIONAL_TEXT_FIELDS = [
  'manufacturer',
  'model',
  'serial_number',
  'asset_tag',
  'purchase_date',
  'location',
  'assigned_to',
  'cpu',
  'os',
  'notes',
  'disposal_date',
  'disposal_item_id',
  'machine_id',
] as const;

function toItem(organizationId: string, asset: HardwareAsset): HardwareAssetItem {
  const item: HardwareAssetItem = {
    id: asset.id,
    organization_id: organizationId,
    asset_type: asset.asset_type,
    warranty_expiry: asset.warranty_expiry ?? '',
    status: asset.status,
    ram_gb: asset.ram_gb,
    storage_gb: asset.storage_gb,
    created_at: asset.created_at,
    updated_at: asset.updated_at,
    version: asset.version,
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
  };
  for (const field of OPTIONAL_TEXT_FIELDS) {
    const value = asset[field];
    if (value !== null) item[field] = value;
  }
  if (asset.disposal_reason !== null) item.disposal_reason = asset.disposal_reason;
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

export interface Identifier {
  kind: HardwareIdentifierKind;
  value: string;
}

/** The serial number and asset tag an asset claims, as their claim items key them: a serial in its one form. */
export function identifiers(asset: Pick<HardwareAsset, HardwareIdentifierKind> | null): Identifier[] {
  if (!asset) return [];
  return HARDWARE_IDENTIFIER_KINDS.flatMap((kind) => {
    const given = asset[kind]?.trim();
    if (!given) return [];
    return [{ kind, value: kind === 'serial_number' ? serialClaimValue(given) : given.toLowerCase() }];
  });
}

export function identifierKey(identifier: Identifier): string {
  return `${identifier.kind}#${identifier.value}`;
}

// ---- Transaction items ----

/** What one item of a transaction stands for, to explain a cancellation. */
export type Part =
  | { kind: 'asset'; id: string }
  | { kind: 'disposal'; id: string }
  | { kind: 'identifier'; id: string; identifier: HardwareIdentifierKind }
  /** The link item of the asset's machine (issue 27), guarded as it was read. */
  | { kind: 'link'; id: string }
  | { kind: 'other' };

export interface AssetChange {
  before: HardwareAsset | null;
  after: HardwareAsset | null;
}

/**
 * The items of one asset's change: the asset itself (guarded by its version), the identifier
 * claims it takes and releases, and, unless left to a batch's, its audit entry.
 */
export function assetChangeItems(
  organizationId: string,
  { before, after }: AssetChange,
  audit: { actor: Actor; now: Date } | null,
): Built<Part> {
  const id = (after ?? before)!.id;
  const parts: Part[] = [];
  const items: TableWrite[] = [];

  parts.push({ kind: 'asset', id });
  if (!before) {
    items.push(hardwareAssets.create(toItem(organizationId, after!)));
  } else if (!after) {
    items.push(hardwareAssets.removeIfVersion(organizationId, id, before.version));
  } else {
    items.push(hardwareAssets.putIfVersion(toItem(organizationId, after), before.version));
  }

  const held = new Map(identifiers(before).map((identifier) => [identifierKey(identifier), identifier]));
  const wanted = new Map(identifiers(after).map((identifier) => [identifierKey(identifier), identifier]));
  for (const [name, identifier] of held) {
    if (wanted.has(name)) continue;
    parts.push({ kind: 'other' });
    items.push(hardwareIdentifiers.release(organizationId, identifier));
  }
  for (const [name, identifier] of wanted) {
    if (held.has(name)) continue;
    parts.push({ kind: 'identifier', id, identifier: identifier.kind });
    items.push(hardwareIdentifiers.claim({ organization_id: organizationId, ...identifier, asset_id: id }));
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

function moveCounters(deltas: CounterDeltas, asset: HardwareAsset | null, by: 1 | -1): void {
  if (!asset) return;
  const names = [statusCounter(asset.status), typeCounter(asset.asset_type)];
  if (asset.location) names.push(locationCounter(asset.location));
  for (const name of names) {
    deltas.set(name, (deltas.get(name) ?? 0) + by);
  }
}

/** How the status, type and location totals move with an asset's change. */
export function addAssetDeltas(deltas: CounterDeltas, { before, after }: AssetChange): void {
  moveCounters(deltas, before, -1);
  moveCounters(deltas, after, 1);
}

// ---- Reads ----

/** An asset of the organisation, consistently read, or null. */
export async function readHardwareAsset(organizationId: string, id: string): Promise<HardwareAsset | null> {
  const item = await hardwareAssets.get(organizationId, id, { consistent: true });
  return item ? toAsset(item) : null;
}

/** Several assets of the organisation by id, as stored; missing ones are left out. */
export async function readHardwareAssetItems(
  organizationId: string,
  ids: string[],
  { consistent }: { consistent: boolean },
): Promise<Map<string, HardwareAssetItem>> {
  if (ids.length === 0) return new Map();
  const items = await hardwareAssets.getMany(organizationId, ids, { consistent });
  return new Map(items.map((item) => [item.id, item]));
}

/** Several assets of the organisation by id, consistently read (to change them); missing ones are left out. */
export async function readHardwareAssets(
  organizationId: string,
  ids: string[],
): Promise<Map<string, HardwareAsset>> {
  const items = await readHardwareAssetItems(organizationId, ids, { consistent: true });
  return new Map([...items].map(([id, item]) => [id, toAsset(item)]));
}

/** The names of some assets as the inventory shows them (a machine's card), by id; missing ones are left out. */
export async function readAssetNames(organizationId: string, ids: string[]): Promise<Map<string, string>> {
  const items = await readHardwareAssetItems(organizationId, [...new Set(ids)], { consistent: false });
  return new Map([...items].map(([id, item]) => [id, hardwareAssetName(toAsset(item))]));
}

/** The organisation's claim on a serial number (any spelling of it), consistently read, or null. */
export function readSerialClaim(
  organizationId: string,
  serial: string,
): Promise<HardwareIdentifierItem | null> {
  return hardwareIdentifiers.get(
    organizationId,
    { kind: 'serial_number', value: serialClaimValue(serial) },
    { consistent: true },
  );
}
