import { Entity } from 'electrodb';

/**
 * ElectroDB's description of these items, kept only for the tests' and bench's fixtures (they
 * read and patch items through it). The functions use items.ts; items.test.ts holds the two equal.
 */

export const organizationEntity = new Entity({
  model: { entity: 'organization', version: '1', service: 'itam' },
  attributes: {
    id: { type: 'string', required: true, readOnly: true },
    name: { type: 'string', required: true },
    owner_id: { type: 'string', required: true },
    created_at: { type: 'string', required: true, readOnly: true },
    /** Set when its deletion starts: from then on nobody of it, person or agent, gets in. */
    deleting_since: { type: 'string' },
  },
  indexes: {
    primary: {
      pk: { field: 'pk', composite: ['id'], template: 'ORG#${id}' },
      sk: { field: 'sk', composite: [], template: 'ORG' },
    },
    // Every organisation, newest first (ULIDs sort by creation): the super_admin listing.
    all: {
      index: 'gsi2',
      pk: { field: 'gsi2pk', composite: [], template: 'ORGS' },
      sk: { field: 'gsi2sk', composite: ['id'], template: 'ORG#${id}' },
    },
  },
});
