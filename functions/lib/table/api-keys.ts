import { createHash, randomBytes } from 'node:crypto';
import { ulid } from 'ulid';
import {
  API_KEY_DISPLAY_CHARS,
  API_KEY_PATTERN,
  type ApiKey,
  type CreatedApiKey,
} from '../../../shared/api-keys';
import { NotFound } from '../errors';
import {
  absent,
  anyOf,
  create,
  getItem,
  isConditionFailure,
  lessThan,
  listAll,
  patch,
  remove,
  send,
} from './commands';
import { apiKeyLookups, apiKeys, type ApiKeyItem, type ApiKeyLookupItem } from './items';
import { transact } from './transaction';

/** last_used_at is refreshed at most this often per key, so that reports stay one cheap write. */
const LAST_USED_RESOLUTION_MS = 5 * 60 * 1000;

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

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
  const keys = await listAll<ApiKeyItem>(apiKeys.ofOrganization(organizationId), { newestFirst: true });
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
  const apiKey = await getItem<ApiKeyItem>(apiKeys.key(organizationId, id), { consistent: true });
  if (!apiKey) throw new NotFound('API key not found');
  const canceled = await transact([
    remove(apiKeys.key(organizationId, id)),
    remove(apiKeyLookups.key(apiKey.key_hash)),
  ]);
  if (canceled) throw new Error('Deleting the API key was cancelled by DynamoDB');
}

export interface AgentKeyOwner {
  organizationId: string;
  apiKeyId: string;
}

/** The organisation an agent's key belongs to, or null for a malformed, unknown or deleted key. */
export async function findApiKeyOwner(key: string): Promise<AgentKeyOwner | null> {
  if (!API_KEY_PATTERN.test(key)) return null;
  const lookup = await getItem<ApiKeyLookupItem>(apiKeyLookups.key(hashApiKey(key)), { consistent: true });
  return lookup ? { organizationId: lookup.organization_id, apiKeyId: lookup.api_key_id } : null;
}

/**
 * When this process last noted each key's use. A warm Lambda serves many reports of the same key
 * (an organisation's agents usually share one), and DynamoDB charges a write unit even for the
 * conditional write it refuses: within the resolution the process does not try again.
 */
const notedAt = new Map<string, number>();

/** Notes the key's use, at most once per few minutes, and never on a key deleted meanwhile. */
export async function touchApiKey(owner: AgentKeyOwner, now: Date): Promise<void> {
  const noted = notedAt.get(owner.apiKeyId);
  if (noted !== undefined && now.getTime() - noted < LAST_USED_RESOLUTION_MS) return;
  const staleBefore = new Date(now.getTime() - LAST_USED_RESOLUTION_MS).toISOString();
  await send(
    patch(
      apiKeys.key(owner.organizationId, owner.apiKeyId),
      { set: { last_used_at: now.toISOString() } },
      anyOf(absent('last_used_at'), lessThan('last_used_at', staleBefore)),
    ),
  ).catch((error: unknown) => {
    if (!isConditionFailure(error)) throw error;
  });
  notedAt.set(owner.apiKeyId, now.getTime());
}
