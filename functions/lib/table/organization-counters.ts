import { Entity } from 'electrodb';
import { DISPOSAL_ITEM_STATUSES, type DisposalItemStatus } from '../../../shared/disposal';
import {
  HARDWARE_ASSET_TYPES,
  HARDWARE_STATUSES,
  type HardwareAssetType,
  type HardwareStatus,
} from '../../../shared/hardware';

/**
 * Dashboard totals are counters moved in the same transaction as the change, never scans. They are
 * spread over a few shards so that concurrent writers (import batches in parallel) do not collide
 * on one item; reading them is one query over the shards, whatever the inventory's size.
 */
export const COUNTER_SHARDS = 8;

function slug(value: string): string {
  return value.toLowerCase().replace(/[^a-z0-9]+/g, '_');
}

export function statusCounter(status: HardwareStatus): string {
  return `hardware_status_${slug(status)}`;
}

export function typeCounter(type: HardwareAssetType): string {
  return `hardware_type_${slug(type)}`;
}

export function disposalCounter(status: DisposalItemStatus): string {
  return `disposal_${slug(status)}`;
}

const numberAttribute = { type: 'number' } as const;
const counterAttributes = Object.fromEntries(
  [
    ...HARDWARE_STATUSES.map(statusCounter),
    ...HARDWARE_ASSET_TYPES.map(typeCounter),
    ...DISPOSAL_ITEM_STATUSES.map(disposalCounter),
  ].map((name) => [name, numberAttribute]),
) as Record<string, typeof numberAttribute>;

export const organizationCountersEntity = new Entity({
  model: { entity: 'organizationCounters', version: '2', service: 'itam' },
  attributes: {
    organization_id: { type: 'string', required: true, readOnly: true },
    shard: { type: 'number', required: true, readOnly: true },
    agents: { type: 'number' },
    ...counterAttributes,
  },
  indexes: {
    primary: {
      pk: { field: 'pk', composite: ['organization_id'], template: 'ORG#${organization_id}' },
      sk: { field: 'sk', composite: ['shard'], template: 'COUNTERS#${shard}' },
    },
  },
});
