import { Entity } from 'electrodb';

/** Dashboard totals are maintained counters moved in the same transaction as the change, not scans. */
export const organizationCountersEntity = new Entity({
  model: { entity: 'organizationCounters', version: '1', service: 'itam' },
  attributes: {
    organization_id: { type: 'string', required: true, readOnly: true },
    total_hardware: { type: 'number', default: 0 },
    active_hardware: { type: 'number', default: 0 },
    agents: { type: 'number', default: 0 },
  },
  indexes: {
    primary: {
      pk: { field: 'pk', composite: ['organization_id'], template: 'ORG#${organization_id}' },
      sk: { field: 'sk', composite: [], template: 'COUNTERS' },
    },
  },
});
