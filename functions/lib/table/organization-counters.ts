import { Entity } from 'electrodb';
import { DISPOSAL_ITEM_STATUSES } from '../../../shared/disposal';
import { HARDWARE_ASSET_TYPES, HARDWARE_STATUSES } from '../../../shared/hardware';
import { disposalCounter, statusCounter, typeCounter } from './counters';

/**
 * The counter shards in ElectroDB's terms, for the tests' fixtures only: the functions read and
 * move them through counters.ts. Kept so that existing imports of the counter names still work.
 */
export { COUNTER_SHARDS, disposalCounter, statusCounter, typeCounter } from './counters';

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
