import { randomBytes } from 'node:crypto';
import { ulid } from 'ulid';
import { API_KEY_DISPLAY_CHARS, type ApiKey, type CreatedApiKey } from '../../shared/api-keys';
import { NotFound } from '../lib/errors';
import { create, getItem, listAll, remove } from '../lib/table/commands';
import {
  apiKeyItemSchema,
  apiKeyLookups,
  apiKeys,
  hashApiKey,
  type ApiKeyItem,
} from '../lib/table/items/api-keys';
import { transact } from '../lib/table/transaction';

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
  const keys = await listAll(apiKeyItemSchema, apiKeys.ofOrganization(organizationId), { newestFirst: true });
  return keys.map(toApiKey);
}

/** A new key: sk_ and 64 hex characters from 32 random bytes (SPEC 7). Only its hash is kept. */
export async function createApiKey(organizationId: string, name: string, now: Date): Promise<CreatedApiKey> {
  const key = `sk_${randomBytes(32).toString('hex')}`;
  const item: ApiKeyItem = {
    id: ulid(now.getTime()),
    organization_id: organizationId,
    name,
    prefix: key.slice(0, API_KEY_DISPLAY_CHARS),
    key_hash: hashApiKey(key),
    created_at: now.toISOString(),
  };
  const canceled = await transact([
    create(apiKeys.item(item)),
    create(
      apiKeyLookups.item({ key_hash: item.key_hash, organization_id: organizationId, api_key_id: item.id }),
    ),
  ]);
  if (canceled) throw new Error('Creating the API key was cancelled by DynamoDB');
  return { ...toApiKey(item), key };
}

export async function deleteApiKey(organizationId: string, id: string): Promise<void> {
  const apiKey = await getItem(apiKeyItemSchema, apiKeys.key(organizationId, id), { consistent: true });
  if (!apiKey) throw new NotFound('API key not found');
  const canceled = await transact([
    remove(apiKeys.key(organizationId, id)),
    remove(apiKeyLookups.key(apiKey.key_hash)),
  ]);
  if (canceled) throw new Error('Deleting the API key was cancelled by DynamoDB');
}
