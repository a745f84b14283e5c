import * as z from 'zod';
import {
  HARDWARE_ASSET_TYPES,
  HARDWARE_DISPOSAL_REASONS,
  HARDWARE_STATUSES,
} from '../../../../shared/hardware';
import { hardwareAssetName, type HardwareStatus } from '../../../../shared/hardware';
import type { HardwareSort } from '../../../../shared/hardware-list';
import { foldedText, sortableText } from '../../../../shared/list';
import {
  create,
  getItem,
  getItems,
  listAll,
  listPage,
  put,
  remove,
  update,
  type Listing,
  type TableWrite,
} from '../commands';
import { allOf, contains, equals, type Condition } from '../conditions';
import type { GlobalIndexName } from '../definition';
import { key, stored, tableKey } from './stored';

/** A listing of assets the hardware list reads (one of hardwareAssets' listings). */
export type HardwareListing = Listing;
/** A filter on a listing of assets, built by hardwareAssets.listFilter. */
export type HardwareListFilter = Condition;

export const hardwareAssetItemSchema = z.object({
  /** A ULID: the list's "newest first" is the key order. */
  id: z.string(),
  organization_id: z.string(),
  asset_type: z.enum(HARDWARE_ASSET_TYPES),
  manufacturer: z.string().optional(),
  model: z.string().optional(),
  serial_number: z.string().optional(),
  asset_tag: z.string().optional(),
  purchase_date: z.string().optional(),
  /** '' when unknown (ElectroDB needed every composite of an index on a write). */
  warranty_expiry: z.string(),
  status: z.enum(HARDWARE_STATUSES),
  location: z.string().optional(),
  assigned_to: z.string().optional(),
  cpu: z.string().optional(),
  ram_gb: z.number(),
  storage_gb: z.number(),
  os: z.string().optional(),
  notes: z.string().optional(),
  disposal_reason: z.enum(HARDWARE_DISPOSAL_REASONS).optional(),
  disposal_date: z.string().optional(),
  /** Its item on the disposal list while its status is Disposal Pending or Disposed. */
  disposal_item_id: z.string().optional(),
  /** The monitored machine this asset is (issue 27); its link item says the same (items/inventory.ts). */
  machine_id: z.string().optional(),
  created_at: z.string(),
  updated_at: z.string(),
  version: z.number(),
  /** The searchable fields, lower-cased, for a contains() filter. */
  search_text: z.string(),
});
export type HardwareAssetItem = z.infer<typeof hardwareAssetItemSchema>;

/** The list's orders by a column that read an index of their own (definition.ts), and which. */
export const INDEXED_HARDWARE_SORTS = [
  'asset',
  'serial_number',
  'asset_tag',
  'assigned_to',
  'location',
] as const satisfies readonly HardwareSort[];
export type IndexedHardwareSort = (typeof INDEXED_HARDWARE_SORTS)[number];
export const HARDWARE_SORT_INDEXES: Record<IndexedHardwareSort, GlobalIndexName> = {
  asset: 'gsi5',
  serial_number: 'gsi6',
  asset_tag: 'gsi7',
  assigned_to: 'gsi8',
  location: 'gsi9',
};

/** Below every character of a folded text: a value ends before its id, whatever the value. */
const SORT_SEPARATOR = '\u0001';
/** A sort key is at most 1,024 bytes: the id and the marks take the rest. */
const SORT_TEXT_MAX_BYTES = 900;

function withinBytes(text: string, max: number): string {
  let bytes = 0;
  let end = 0;
  for (const char of text) {
    bytes += Buffer.byteLength(char);
    if (bytes > max) break;
    end += char.length;
  }
  return text.slice(0, end);
}

/**
 * Where an asset sorts in a column's index: the column's sortable text (shared/list.ts) then the
 * id, so that equal values keep one order across pages. Assets with the column empty come after
 * every value (A to Z; first Z to A).
 */
function sortKey(texts: (string | null | undefined)[], id: string): string {
  const text = withinBytes(texts.map(sortableText).filter(Boolean).join(SORT_SEPARATOR), SORT_TEXT_MAX_BYTES);
  return key(text ? `a${text}${SORT_SEPARATOR}${id}` : `b${SORT_SEPARATOR}${id}`);
}

type Sortable = Pick<
  HardwareAssetItem,
  | 'organization_id'
  | 'id'
  | 'asset_type'
  | 'manufacturer'
  | 'model'
  | 'serial_number'
  | 'asset_tag'
  | 'assigned_to'
  | 'location'
  | 'warranty_expiry'
>;

/** Each column's values an asset is sorted by. */
function sortTexts(asset: Sortable): Record<IndexedHardwareSort, (string | null | undefined)[]> {
  return {
    // As the table names it, then its type: "Dell Latitude 5440" Laptop.
    asset: [
      hardwareAssetName({
        asset_type: asset.asset_type,
        manufacturer: asset.manufacturer ?? null,
        model: asset.model ?? null,
        asset_tag: asset.asset_tag ?? null,
        serial_number: asset.serial_number ?? null,
      }),
      asset.asset_type,
    ],
    serial_number: [asset.serial_number],
    asset_tag: [asset.asset_tag],
    assigned_to: [asset.assigned_to],
    location: [asset.location],
  };
}

/**
 * The attributes the hardware list's orders and filters read, beside the asset's own: every asset is
 * in gsi2 by warranty (undated ones after every date) and in each column's index, and carries its
 * folded location for the location filter. The backfill (functions/hardware/list-backfill.ts) sets
 * them on assets written before they existed.
 */
export function hardwareListAttributes(asset: Sortable): Record<string, string> {
  const texts = sortTexts(asset);
  const location = foldedText(asset.location);
  return {
    gsi2pk: key(`ORG#${asset.organization_id}#WARRANTY`),
    // '~' sorts after every date: and outside any range of dates warrantyBetween reads.
    gsi2sk: key(`${asset.warranty_expiry || '~'}#${asset.id}`),
    ...Object.fromEntries(
      INDEXED_HARDWARE_SORTS.map((sort) => [
        `${HARDWARE_SORT_INDEXES[sort]}sk`,
        sortKey(texts[sort], asset.id),
      ]),
    ),
    ...(location ? { location_key: location } : {}),
  };
}

export const hardwareAssets = {
  key: (organizationId: string, id: string) => tableKey(`ORG#${organizationId}`, `HW#${id}`),
  /** The status filter reads one status's assets, newest first, instead of filtering them all. */
  statusKey: (asset: Pick<HardwareAssetItem, 'organization_id' | 'status' | 'id'>) => ({
    gsi1pk: key(`ORG#${asset.organization_id}#HWSTATUS#${asset.status}`),
    gsi1sk: key(`HW#${asset.id}`),
  }),
  item: (asset: HardwareAssetItem) =>
    stored(asset, {
      ...hardwareAssets.key(asset.organization_id, asset.id),
      ...hardwareAssets.statusKey(asset),
      ...hardwareListAttributes(asset),
    }),
  ofOrganization: (organizationId: string) => ({
    partition: key(`ORG#${organizationId}`),
    sortPrefix: key('HW#'),
  }),
  withStatus: (organizationId: string, status: HardwareStatus) => ({
    index: 'gsi1' as const,
    partition: key(`ORG#${organizationId}#HWSTATUS#${status}`),
    sortPrefix: key('HW#'),
  }),
  /** Every asset by warranty date, undated ones last. */
  byWarranty: (organizationId: string) => ({
    index: 'gsi2' as const,
    partition: key(`ORG#${organizationId}#WARRANTY`),
  }),
  /**
   * Every asset by a column; by location, optionally only those in one (any spelling of it): the
   * range of its sort keys, which go on with ids alone (a range, not a prefix: DynamoDB Local reads a
   * prefix of a large partition several times slower).
   */
  byColumn: (organizationId: string, sort: IndexedHardwareSort, location?: string) => {
    const value = location === undefined ? null : key(`a${sortableText(location)}${SORT_SEPARATOR}`);
    return {
      index: HARDWARE_SORT_INDEXES[sort],
      partition: key(`ORG#${organizationId}`),
      ...(value === null ? {} : { sortBetween: [value, `${value}\uffff`] as [string, string] }),
    };
  },
  warrantyBetween: (organizationId: string, from: string, to: string) => ({
    index: 'gsi2' as const,
    partition: key(`ORG#${organizationId}#WARRANTY`),
    sortBetween: [key(from), key(to)] as [string, string],
  }),
  get: (organizationId: string, id: string, options: { consistent?: boolean } = {}) =>
    getItem(hardwareAssetItemSchema, hardwareAssets.key(organizationId, id), options),
  /** Several assets by id, in no order; missing ones are left out. */
  getMany: (organizationId: string, ids: string[], { consistent }: { consistent: boolean }) =>
    getItems(
      hardwareAssetItemSchema,
      ids.map((id) => hardwareAssets.key(organizationId, id)),
      { consistent, what: 'hardware assets' },
    ),
  /** A page of the organisation's assets as stored (keys and list attributes too), consistently read. */
  pageStored: (organizationId: string, cursor: string | null, limit: number) =>
    listPage(storedAssetSchema, hardwareAssets.ofOrganization(organizationId), {
      cursor,
      limit,
      consistent: true,
      withKeys: true,
    }),
  /** The list's filter: each given field equal, the search text containing `search`. */
  listFilter: (fields: {
    status?: string;
    asset_type?: string;
    location_key?: string;
    search?: string;
  }): HardwareListFilter | undefined => {
    const filters: Condition[] = [];
    if (fields.status !== undefined) filters.push(equals('status', fields.status));
    if (fields.asset_type !== undefined) filters.push(equals('asset_type', fields.asset_type));
    if (fields.location_key !== undefined) filters.push(equals('location_key', fields.location_key));
    if (fields.search !== undefined) filters.push(contains('search_text', fields.search));
    return filters.length > 0 ? allOf(...filters) : undefined;
  },
  /** A new asset: refused when its id is taken. */
  create: (asset: HardwareAssetItem): TableWrite => create(hardwareAssets.item(asset)),
  /** Replaces an asset if it is still at the version read. */
  putIfVersion: (asset: HardwareAssetItem, version: number): TableWrite =>
    put(hardwareAssets.item(asset), equals('version', version)),
  /** Removes an asset if it is still at the version read. */
  removeIfVersion: (organizationId: string, id: string, version: number): TableWrite =>
    remove(hardwareAssets.key(organizationId, id), equals('version', version)),
  /** Sets some attributes of an asset (its list attributes) if it is still at the version read. */
  setIfVersion: (organizationId: string, id: string, version: number, set: Record<string, unknown>) =>
    update(hardwareAssets.key(organizationId, id), { set }, equals('version', version)),
  /** One read of the assets whose warranty ends between two dates, soonest first. */
  pageWarrantyBetween: (
    organizationId: string,
    from: string,
    to: string,
    read: { limit: number; cursor: string | null },
  ): Promise<{ items: HardwareAssetItem[]; cursor: string | null }> =>
    listPage(hardwareAssetItemSchema, hardwareAssets.warrantyBetween(organizationId, from, to), read),
};

const storedAssetSchema = z.record(z.string(), z.unknown());

export const HARDWARE_IDENTIFIER_KINDS = ['serial_number', 'asset_tag'] as const;
export type HardwareIdentifierKind = (typeof HARDWARE_IDENTIFIER_KINDS)[number];

/**
 * A serial number or asset tag taken in an organisation. Written with a not-exists condition in the
 * same transaction as its asset, so two assets can never share one, even when written concurrently.
 * Key values are lower-cased, so "SN-1" and "sn-1" are the same serial.
 */
export const hardwareIdentifierItemSchema = z.object({
  organization_id: z.string(),
  kind: z.enum(HARDWARE_IDENTIFIER_KINDS),
  value: z.string(),
  asset_id: z.string(),
});
export type HardwareIdentifierItem = z.infer<typeof hardwareIdentifierItemSchema>;

export const hardwareIdentifiers = {
  key: (organizationId: string, identifier: { kind: HardwareIdentifierKind; value: string }) =>
    tableKey(`ORG#${organizationId}`, `HWID#${identifier.kind}#${identifier.value}`),
  item: (identifier: HardwareIdentifierItem) =>
    stored(identifier, hardwareIdentifiers.key(identifier.organization_id, identifier)),
  ofKind: (organizationId: string, kind: HardwareIdentifierKind) => ({
    partition: key(`ORG#${organizationId}`),
    sortPrefix: key(`HWID#${kind}#`),
  }),
  get: (
    organizationId: string,
    identifier: { kind: HardwareIdentifierKind; value: string },
    options: { consistent?: boolean } = {},
  ) => getItem(hardwareIdentifierItemSchema, hardwareIdentifiers.key(organizationId, identifier), options),
  /** Every claim of one kind, consistently read. */
  listOfKind: (organizationId: string, kind: HardwareIdentifierKind) =>
    listAll(hardwareIdentifierItemSchema, hardwareIdentifiers.ofKind(organizationId, kind), {
      consistent: true,
    }),
  /** A claim: refused when the value is taken. */
  claim: (identifier: HardwareIdentifierItem): TableWrite => create(hardwareIdentifiers.item(identifier)),
  /** Lets go of a claim, whoever holds it. */
  release: (organizationId: string, identifier: { kind: HardwareIdentifierKind; value: string }) =>
    remove(hardwareIdentifiers.key(organizationId, identifier)),
  /** Lets go of a claim if it still names the asset. */
  releaseIfHeldBy: (
    organizationId: string,
    identifier: { kind: HardwareIdentifierKind; value: string },
    assetId: string,
  ): TableWrite => remove(hardwareIdentifiers.key(organizationId, identifier), equals('asset_id', assetId)),
};
