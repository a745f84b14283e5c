import { Entity } from 'electrodb';
import { ROLES } from '../../../shared/constants';

/**
 * ElectroDB's description of these items, kept only for the tests' and bench's fixtures (they
 * read and patch items through it). The functions use items.ts; items.test.ts holds the two equal.
 */

export const userProfileEntity = new Entity({
  model: { entity: 'userProfile', version: '1', service: 'itam' },
  attributes: {
    /** The Cognito user's sub. */
    id: { type: 'string', required: true, readOnly: true },
    organization_id: { type: 'string', required: true, readOnly: true },
    email: { type: 'string', required: true },
    full_name: { type: 'string' },
    role: { type: ROLES, required: true },
    created_at: { type: 'string', required: true, readOnly: true },
  },
  indexes: {
    primary: {
      pk: { field: 'pk', composite: ['organization_id'], template: 'ORG#${organization_id}' },
      sk: { field: 'sk', composite: ['id'], template: 'USER#${id}' },
    },
    // The caller's profile from the token's sub, on every request.
    byUser: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['id'], template: 'USER#${id}' },
      sk: { field: 'gsi1sk', composite: [], template: 'PROFILE' },
    },
    // The super_admin's users list: every organisation's profiles, newest first.
    everyone: {
      index: 'gsi2',
      pk: { field: 'gsi2pk', composite: [], template: 'PROFILES' },
      sk: { field: 'gsi2sk', composite: ['created_at', 'id'], template: '${created_at}#${id}' },
    },
  },
});
