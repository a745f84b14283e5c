import { Entity } from 'electrodb';
import { AUDIT_ACTIONS, AUDIT_ENTITY_TYPES } from '../../../shared/audit';

/**
 * ElectroDB's description of these items, kept only for the tests' and bench's fixtures (they
 * read and patch items through it). The functions use items.ts; items.test.ts holds the two equal.
 */

export const auditLogEntity = new Entity({
  model: { entity: 'auditLog', version: '1', service: 'itam' },
  attributes: {
    /** A ULID of the change's time: "latest 100" is the key order. */
    id: { type: 'string', required: true, readOnly: true },
    organization_id: { type: 'string', required: true, readOnly: true },
    timestamp: { type: 'string', required: true },
    entity_type: { type: AUDIT_ENTITY_TYPES, required: true },
    entity_id: { type: 'string' },
    entity_label: { type: 'string', required: true },
    action: { type: AUDIT_ACTIONS, required: true },
    changed_by: { type: 'string', required: true },
    changes: { type: 'any', required: true },
  },
  indexes: {
    primary: {
      pk: { field: 'pk', composite: ['organization_id'], template: 'ORG#${organization_id}' },
      sk: { field: 'sk', composite: ['id'], template: 'AUDIT#${id}' },
    },
  },
});
