import * as z from 'zod';
import {
  HARDWARE_ASSET_TYPES,
  HARDWARE_DISPOSAL_REASONS,
  HARDWARE_STATUSES,
} from '../../../../shared/hardware';
import type { HardwareStatus } from '../../../../shared/hardware';
import { key, stored, tableKey } from './stored';

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
      // Sparse: only assets with a warranty date, by that date, for "expiring in the next 90 days".
      ...(asset.warranty_expiry
        ? {
            gsi2pk: key(`ORG#${asset.organization_id}#WARRANTY`),
            gsi2sk: key(`${asset.warranty_expiry}#${asset.id}`),
          }
        : {}),
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
  warrantyBetween: (organizationId: string, from: string, to: string) => ({
    index: 'gsi2' as const,
    partition: key(`ORG#${organizationId}#WARRANTY`),
    sortBetween: [key(from), key(to)] as [string, string],
  }),
};

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
};
