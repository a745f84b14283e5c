import { createHash, randomBytes } from 'node:crypto';
import { ulid } from 'ulid';
import {
  API_KEY_DISPLAY_CHARS,
  API_KEY_PATTERN,
  type ApiKey,
  type CreatedApiKey,
} from '../../../shared/api-keys';
import { NotFound } from '../errors';
import { db } from './service';

/** last_used_at is refreshed at most this often per key, so that reports stay one cheap write. */
const LAST_USED_RESOLUTION_MS = 5 * 60 * 1000;

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

function toApiKey(item: {
  id: string;
  name: string;
  prefix: string;
  created_at: string;
  last_used_at?: string;
}): ApiKey {
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
  const { data } = await db()
    .entities.apiKey.query.primary({ organization_id: organizationId })
    .go({ order: 'desc', pages: 'all' });
  return data.map(toApiKey);
}

/** A new key: sk_ and 64 hex characters from 32 random bytes (SPEC 7). Only its hash is kept. */
export async function createApiKey(organizationId: string, name: string, now: Date): Promise<CreatedApiKey> {
  const key = `sk_${randomBytes(32).toString('hex')}`;
  const item = {
    id: ulid(now.getTime()),
    organization_id: organizationId,
    name,
    prefix: key.slice(0, API_KEY_DISPLAY_CHARS),
    key_hash: hashApiKey(key),
    created_at: now.toISOString(),
  };
  const { canceled } = await db()
    .transaction.write(({ apiKey, apiKeyLookup }) => [
      apiKey.create(item).commit(),
      apiKeyLookup
        .create({ key_hash: item.key_hash, organization_id: organizationId, api_key_id: item.id })
        .commit(),
    ])
    .go();
  if (canceled) throw new Error('Creating the API key was cancelled by DynamoDB');
  return { ...toApiKey(item), key };
}

export async function deleteApiKey(organizationId: string, id: string): Promise<void> {
  const { data } = await db()
    .entities.apiKey.get({ organization_id: organizationId, id })
    .go({ consistent: true });
  if (!data) throw new NotFound('API key not found');
  const { canceled } = await db()
    .transaction.write(({ apiKey, apiKeyLookup }) => [
      apiKey.delete({ organization_id: organizationId, id }).commit(),
      apiKeyLookup.delete({ key_hash: data.key_hash }).commit(),
    ])
    .go();
  if (canceled) throw new Error('Deleting the API key was cancelled by DynamoDB');
}

export interface AgentKeyOwner {
  organizationId: string;
  apiKeyId: string;
}

/** The organisation an agent's key belongs to, or null for a malformed, unknown or deleted key. */
export async function findApiKeyOwner(key: string): Promise<AgentKeyOwner | null> {
  if (!API_KEY_PATTERN.test(key)) return null;
  const { data } = await db()
    .entities.apiKeyLookup.get({ key_hash: hashApiKey(key) })
    .go({ consistent: true });
  return data ? { organizationId: data.organization_id, apiKeyId: data.api_key_id } : null;
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
  await db()
    .entities.apiKey.patch({ organization_id: owner.organizationId, id: owner.apiKeyId })
    .set({ last_used_at: now.toISOString() })
    .where(
      ({ last_used_at }, { notExists, lt }) =>
        `(${notExists(last_used_at)} OR ${lt(last_used_at, staleBefore)})`,
    )
    .go()
    .catch((error: unknown) => {
      if (!(error instanceof Error && /conditional request failed/i.test(error.message))) throw error;
    });
  notedAt.set(owner.apiKeyId, now.getTime());
}
