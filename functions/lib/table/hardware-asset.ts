import { Entity } from 'electrodb';
import { HARDWARE_IDENTIFIER_KINDS, type HardwareIdentifierKind } from './items';
import { HARDWARE_ASSET_TYPES, HARDWARE_DISPOSAL_REASONS, HARDWARE_STATUSES } from '../../../shared/hardware';

/**
 * ElectroDB's description of these items, kept only for the tests' and bench's fixtures (they
 * read and patch items through it). The functions use items.ts; items.test.ts holds the two equal.
 */

const text = { type: 'string' } as const;

export const hardwareAssetEntity = new Entity({
  model: { entity: 'hardwareAsset', version: '1', service: 'itam' },
  attributes: {
    /** A ULID: the list's "newest first" is the key order. */
    id: { type: 'string', required: true, readOnly: true },
    organization_id: { type: 'string', required: true, readOnly: true },
    asset_type: { type: HARDWARE_ASSET_TYPES, required: true },
    manufacturer: text,
    model: text,
    serial_number: text,
    asset_tag: text,
    purchase_date: text,
    warranty_expiry: text,
    status: { type: HARDWARE_STATUSES, required: true },
    location: text,
    assigned_to: text,
    cpu: text,
    ram_gb: { type: 'number', required: true },
    storage_gb: { type: 'number', required: true },
    os: text,
    notes: text,
    disposal_reason: { type: HARDWARE_DISPOSAL_REASONS },
    disposal_date: text,
    /** Its item on the disposal list while its status is Disposal Pending or Disposed. */
    disposal_item_id: text,
    created_at: { type: 'string', required: true, readOnly: true },
    updated_at: { type: 'string', required: true },
    version: { type: 'number', required: true },
    /** The searchable fields, lower-cased, for a contains() filter. */
    search_text: { type: 'string', required: true },
  },
  indexes: {
    primary: {
      pk: { field: 'pk', composite: ['organization_id'], template: 'ORG#${organization_id}' },
      sk: { field: 'sk', composite: ['id'], template: 'HW#${id}' },
    },
    // The status filter reads one status's assets, newest first, instead of filtering them all.
    byStatus: {
      index: 'gsi1',
      pk: {
        field: 'gsi1pk',
        composite: ['organization_id', 'status'],
        template: 'ORG#${organization_id}#HWSTATUS#${status}',
      },
      sk: { field: 'gsi1sk', composite: ['id'], template: 'HW#${id}' },
    },
    // Sparse: only assets with a warranty date, by that date, for "expiring in the next 90 days".
    // The date is stored as '' when unknown, since ElectroDB needs every composite on a write.
    byWarranty: {
      index: 'gsi2',
      condition: (attributes) => Boolean(attributes.warranty_expiry),
      pk: { field: 'gsi2pk', composite: ['organization_id'], template: 'ORG#${organization_id}#WARRANTY' },
      sk: { field: 'gsi2sk', composite: ['warranty_expiry', 'id'], template: '${warranty_expiry}#${id}' },
    },
  },
});

export { HARDWARE_IDENTIFIER_KINDS, type HardwareIdentifierKind };

/**
 * A serial number or asset tag taken in an organisation. Written with a not-exists condition in the
 * same transaction as its asset, so two assets can never share one, even when written concurrently.
 * Key values are lower-cased, so "SN-1" and "sn-1" are the same serial.
 */
export const hardwareIdentifierEntity = new Entity({
  model: { entity: 'hardwareIdentifier', version: '1', service: 'itam' },
  attributes: {
    organization_id: { type: 'string', required: true, readOnly: true },
    kind: { type: HARDWARE_IDENTIFIER_KINDS, required: true, readOnly: true },
    value: { type: 'string', required: true, readOnly: true },
    asset_id: { type: 'string', required: true },
  },
  indexes: {
    primary: {
      pk: { field: 'pk', composite: ['organization_id'], template: 'ORG#${organization_id}' },
      sk: { field: 'sk', composite: ['kind', 'value'], template: 'HWID#${kind}#${value}' },
    },
  },
});
