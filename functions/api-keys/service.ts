import { randomBytes } from 'node:crypto';
import { ulid } from 'ulid';
import { API_KEY_DISPLAY_CHARS, type ApiKey, type CreatedApiKey } from '../../shared/api-keys';
import { auditEntry } from '../lib/audit-trail';
import type { Caller } from '../lib/caller';
import { NotFound } from '../lib/errors';
import { apiKeyLookups, apiKeys, hashApiKey, type ApiKeyItem } from '../lib/table/items/api-keys';
import { transact } from '../lib/table/transaction';
import { devicesOfKey, revokeDevicesOfKey } from './key-devices';

/**
 * The organisation's agent API keys: a key is shown once, at its creation, and kept as its hash
 * with a lookup item from the hash to the organisation (read by ../lib/agent-caller.ts).
 */

function toApiKey(item: Omit<ApiKeyItem, 'organization_id' | 'key_hash'>): ApiKey {
  return {
    id: item.id,
    name: item.name,
    prefix: item.prefix,
    created_at: item.created_at,
    last_used_at: item.last_used_at ?? null,
  };
}

/** Newest first. */
export async function listApiKeys(organizationId: string): Promise<ApiKey[]> {
  const keys = await apiKeys.listOfOrganization(organizationId);
  return keys.map(toApiKey);
}

/** sk_ and 64 hex characters from 32 random bytes (SPEC 7). Only its hash is kept. */
function newKey(): string {
  return `sk_${randomBytes(32).toString('hex')}`;
}

/** A new key. */
export async function createApiKey(organizationId: string, name: string, now: Date): Promise<CreatedApiKey> {
  const key = newKey();
  const item: ApiKeyItem = {
    id: ulid(now.getTime()),
    organization_id: organizationId,
    name,
    prefix: key.slice(0, API_KEY_DISPLAY_CHARS),
    key_hash: hashApiKey(key),
    created_at: now.toISOString(),
  };
  const canceled = await transact([
    apiKeys.create(item),
    apiKeyLookups.create({ key_hash: item.key_hash, organization_id: organizationId, api_key_id: item.id }),
  ]);
  if (canceled) throw new Error('Creating the API key was cancelled by DynamoDB');
  return { ...toApiKey(item), key };
}

async function readApiKey(organizationId: string, id: string): Promise<ApiKeyItem> {
  const apiKey = await apiKeys.get(organizationId, id, { consistent: true });
  if (!apiKey) throw new NotFound('API key not found');
  return apiKey;
}

/**
 * A new secret for the same key (issue 35): the old secret's lookup goes in the same transaction,
 * so it stops enrolling at once. The key keeps its id and name, so the devices it enrolled stay its
 * own (a later delete can still revoke them) and keep reporting with their own tokens.
 */
export async function rotateApiKey(caller: Caller, id: string, now: Date): Promise<CreatedApiKey> {
  const organizationId = caller.organization.id;
  const previous = await readApiKey(organizationId, id);
  const key = newKey();
  const item: ApiKeyItem = {
    ...previous,
    prefix: key.slice(0, API_KEY_DISPLAY_CHARS),
    key_hash: hashApiKey(key),
  };
  const canceled = await transact([
    apiKeys.replaceIfHash(item, previous.key_hash),
    apiKeyLookups.remove(previous.key_hash),
    apiKeyLookups.create({ key_hash: item.key_hash, organization_id: organizationId, api_key_id: id }),
    auditEntry({
      organizationId,
      actor: { email: caller.profile.email },
      now,
      entityType: 'api_key',
      action: 'updated',
      entityId: id,
      entityLabel: `${item.name}: rotated; the previous key no longer enrols devices`,
      changes: { prefix: { old: previous.prefix, new: item.prefix } },
    }),
  ]);
  // Deleted or rotated by another request meanwhile.
  if (canceled) throw new NotFound('API key not found');
  return { ...toApiKey(item), key };
}

/**
 * Deleting a key stops it enrolling; with `revokeDevices`, every device it enrolled is revoked too
 * (their tokens answer 401), before the key goes and once more after, for one it enrolled meanwhile.
 */
export async function deleteApiKey(
  caller: Caller,
  id: string,
  revokeDevices: boolean,
  now: Date,
): Promise<void> {
  const organizationId = caller.organization.id;
  const apiKey = await readApiKey(organizationId, id);
  const actor = { email: caller.profile.email };
  if (revokeDevices) await revokeDevicesOfKey(organizationId, apiKey, actor, now);
  const canceled = await transact([
    apiKeys.remove(organizationId, id),
    apiKeyLookups.remove(apiKey.key_hash),
    auditEntry({
      organizationId,
      actor,
      now,
      entityType: 'api_key',
      action: 'deleted',
      entityId: id,
      entityLabel: `${apiKey.name} (${apiKey.prefix}…): deleted`,
      changes: { name: { old: apiKey.name, new: null } },
    }),
  ]);
  if (canceled) throw new Error('Deleting the API key was cancelled by DynamoDB');
  if (revokeDevices) await revokeDevicesOfKey(organizationId, apiKey, actor, now);
}

/** How many enrolled devices the key enrolled; 404 for a key that is not the organisation's. */
export async function countDevicesOfKey(organizationId: string, id: string): Promise<number> {
  await readApiKey(organizationId, id);
  return (await devicesOfKey(organizationId, id)).length;
}
