import { Entity } from 'electrodb';

/**
 * ElectroDB's description of these items, kept only for the tests' and bench's fixtures (they
 * read and patch items through it). The functions use items.ts; items.test.ts holds the two equal.
 */

/** An agent API key: shown once at creation, kept only as its SHA-256 and a display prefix. */
export const apiKeyEntity = new Entity({
  model: { entity: 'apiKey', version: '1', service: 'itam' },
  attributes: {
    id: { type: 'string', required: true, readOnly: true },
    organization_id: { type: 'string', required: true, readOnly: true },
    name: { type: 'string', required: true },
    prefix: { type: 'string', required: true, readOnly: true },
    key_hash: { type: 'string', required: true, readOnly: true },
    created_at: { type: 'string', required: true, readOnly: true },
    last_used_at: { type: 'string' },
  },
  indexes: {
    primary: {
      pk: { field: 'pk', composite: ['organization_id'], template: 'ORG#${organization_id}' },
      sk: { field: 'sk', composite: ['id'], template: 'APIKEY#${id}' },
    },
  },
});

/**
 * The key's hash → its organisation, read with a consistent get on every agent report: written and
 * deleted in the same transaction as the key, so a deleted key stops working at once.
 */
export const apiKeyLookupEntity = new Entity({
  model: { entity: 'apiKeyLookup', version: '1', service: 'itam' },
  attributes: {
    key_hash: { type: 'string', required: true, readOnly: true },
    organization_id: { type: 'string', required: true, readOnly: true },
    api_key_id: { type: 'string', required: true, readOnly: true },
  },
  indexes: {
    primary: {
      pk: { field: 'pk', composite: ['key_hash'], template: 'APIKEYHASH#${key_hash}' },
      sk: { field: 'sk', composite: [], template: 'APIKEY' },
    },
  },
});
