import { Entity } from 'electrodb';
import { INVITABLE_ROLES, INVITATION_STATUSES } from '../../../shared/invitations';

/**
 * ElectroDB's description of these items, kept only for the tests' and bench's fixtures (they
 * read and patch items through it). The functions use items.ts; items.test.ts holds the two equal.
 */

/** An invitation to join an organisation (SPEC.md section 3, user_invitations). */
export const invitationEntity = new Entity({
  model: { entity: 'invitation', version: '1', service: 'itam' },
  attributes: {
    /** A ULID: "newest first" is the key order. */
    id: { type: 'string', required: true, readOnly: true },
    organization_id: { type: 'string', required: true, readOnly: true },
    email: { type: 'string', required: true, readOnly: true },
    role: { type: INVITABLE_ROLES, required: true, readOnly: true },
    invited_by: { type: 'string', required: true, readOnly: true },
    /** SHA-256 of the token: the token itself is only ever in the invitation email. */
    token_hash: { type: 'string', required: true, readOnly: true },
    status: { type: INVITATION_STATUSES, required: true },
    expires_at: { type: 'string', required: true, readOnly: true },
    accepted_at: { type: 'string' },
    created_at: { type: 'string', required: true, readOnly: true },
  },
  indexes: {
    primary: {
      pk: { field: 'pk', composite: ['organization_id'], template: 'ORG#${organization_id}' },
      sk: { field: 'sk', composite: ['id'], template: 'INVITE#${id}' },
    },
    // An admin's list: the organisation's invitations of one status, newest first.
    byStatus: {
      index: 'gsi1',
      pk: {
        field: 'gsi1pk',
        composite: ['organization_id', 'status'],
        template: 'ORG#${organization_id}#INVITESTATUS#${status}',
      },
      sk: { field: 'gsi1sk', composite: ['id'], template: 'INVITE#${id}' },
    },
    // The super_admin's list: every organisation's invitations of one status, newest first.
    byStatusEverywhere: {
      index: 'gsi2',
      pk: { field: 'gsi2pk', composite: ['status'], template: 'INVITESTATUS#${status}' },
      sk: { field: 'gsi2sk', composite: ['id'], template: 'INVITE#${id}' },
    },
  },
});

/**
 * The way from an invite link to its invitation: keyed by the token's hash alone, since the person
 * following the link belongs to no organisation yet. Exists while the invitation is pending.
 */
export const invitationTokenEntity = new Entity({
  model: { entity: 'invitationToken', version: '1', service: 'itam' },
  attributes: {
    token_hash: { type: 'string', required: true, readOnly: true },
    organization_id: { type: 'string', required: true, readOnly: true },
    invitation_id: { type: 'string', required: true, readOnly: true },
  },
  indexes: {
    primary: {
      pk: { field: 'pk', composite: ['token_hash'], template: 'INVITETOKEN#${token_hash}' },
      sk: { field: 'sk', composite: [], template: 'INVITETOKEN' },
    },
  },
});

/** The pending invitation of an email address in an organisation: at most one at a time. */
export const pendingInvitationEntity = new Entity({
  model: { entity: 'pendingInvitation', version: '1', service: 'itam' },
  attributes: {
    organization_id: { type: 'string', required: true, readOnly: true },
    email: { type: 'string', required: true, readOnly: true },
    invitation_id: { type: 'string', required: true },
  },
  indexes: {
    primary: {
      pk: { field: 'pk', composite: ['organization_id'], template: 'ORG#${organization_id}' },
      sk: { field: 'sk', composite: ['email'], template: 'INVITEEMAIL#${email}' },
    },
  },
});
