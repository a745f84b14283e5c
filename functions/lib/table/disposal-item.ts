import { Entity } from 'electrodb';
import { DISPOSAL_ASSET_TYPES, DISPOSAL_ITEM_STATUSES, DISPOSAL_REASONS } from '../../../shared/disposal';

/**
 * ElectroDB's description of these items, kept only for the tests' and bench's fixtures (they
 * read and patch items through it). The functions use items.ts; items.test.ts holds the two equal.
 */

const text = { type: 'string' } as const;

/** One row of the disposal list (SPEC.md section 3, disposal_list). */
export const disposalItemEntity = new Entity({
  model: { entity: 'disposalItem', version: '1', service: 'itam' },
  attributes: {
    /** A ULID: the list's "newest first" is the key order. */
    id: { type: 'string', required: true, readOnly: true },
    organization_id: { type: 'string', required: true, readOnly: true },
    /** The linked hardware asset, absent for an item added by hand or whose asset was deleted. */
    asset_id: text,
    asset_type: { type: DISPOSAL_ASSET_TYPES, required: true },
    asset_name: { type: 'string', required: true },
    serial_number: text,
    asset_tag: text,
    disposal_reason: { type: DISPOSAL_REASONS, required: true },
    disposal_date: { type: 'string', required: true },
    disposal_notes: text,
    created_by: { type: 'string', required: true, readOnly: true },
    status: { type: DISPOSAL_ITEM_STATUSES, required: true },
    completed_at: text,
    completed_by: text,
    created_at: { type: 'string', required: true, readOnly: true },
    updated_at: { type: 'string', required: true },
    version: { type: 'number', required: true },
    /** Asset name, serial number, asset tag and reason, lower-cased, for a contains() filter. */
    search_text: { type: 'string', required: true },
  },
  indexes: {
    primary: {
      pk: { field: 'pk', composite: ['organization_id'], template: 'ORG#${organization_id}' },
      sk: { field: 'sk', composite: ['id'], template: 'DISP#${id}' },
    },
    // The status filter reads one status's items, newest first.
    byStatus: {
      index: 'gsi1',
      pk: {
        field: 'gsi1pk',
        composite: ['organization_id', 'status'],
        template: 'ORG#${organization_id}#DISPSTATUS#${status}',
      },
      sk: { field: 'gsi1sk', composite: ['id'], template: 'DISP#${id}' },
    },
    // "This Month" counts one month's range of disposal dates instead of reading the whole list.
    byDisposalDate: {
      index: 'gsi2',
      pk: { field: 'gsi2pk', composite: ['organization_id'], template: 'ORG#${organization_id}#DISPDATE' },
      sk: { field: 'gsi2sk', composite: ['disposal_date', 'id'], template: '${disposal_date}#${id}' },
    },
  },
});
