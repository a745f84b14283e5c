import { createHash } from 'node:crypto';
import * as z from 'zod';
import { create, getItem, listAll, put, remove, type TableWrite } from '../commands';
import { equals } from '../conditions';
import { itemRead } from '../batch-read';
import { key, stored, tableKey } from './stored';

interface ReadOptions {
  consistent?: boolean;
}

/** An agent API key: shown once at creation, kept only as its SHA-256 and a display prefix. */
export const apiKeyItemSchema = z.object({
  id: z.string(),
  organization_id: z.string(),
  name: z.string(),
  prefix: z.string(),
  key_hash: z.string(),
  created_at: z.string(),
  last_used_at: z.string().optional(),
});
export type ApiKeyItem = z.infer<typeof apiKeyItemSchema>;

export const apiKeys = {
  key: (organizationId: string, id: string) => tableKey(`ORG#${organizationId}`, `APIKEY#${id}`),
  item: (apiKey: ApiKeyItem) => stored(apiKey, apiKeys.key(apiKey.organization_id, apiKey.id)),
  ofOrganization: (organizationId: string) => ({
    partition: key(`ORG#${organizationId}`),
    sortPrefix: key('APIKEY#'),
  }),
  get: (organizationId: string, id: string, options?: ReadOptions): Promise<ApiKeyItem | null> =>
    getItem(apiKeyItemSchema, apiKeys.key(organizationId, id), options),
  /** The organisation's keys, in key order (oldest first). */
  listAllOfOrganization: (organizationId: string): Promise<ApiKeyItem[]> =>
    listAll(apiKeyItemSchema, apiKeys.ofOrganization(organizationId)),
  /** The organisation's keys, newest first. */
  listOfOrganization: (organizationId: string): Promise<ApiKeyItem[]> =>
    listAll(apiKeyItemSchema, apiKeys.ofOrganization(organizationId), { newestFirst: true }),
  create: (apiKey: ApiKeyItem): TableWrite => create(apiKeys.item(apiKey)),
  /** Replaces the key, if its secret is still the one read (not rotated meanwhile). */
  replaceIfHash: (apiKey: ApiKeyItem, previousHash: string): TableWrite =>
    put(apiKeys.item(apiKey), equals('key_hash', previousHash)),
  remove: (organizationId: string, id: string): TableWrite => remove(apiKeys.key(organizationId, id)),
  read: (organizationId: string, id: string) => itemRead(apiKeyItemSchema, apiKeys.key(organizationId, id)),
};

/** What the table keeps of a key, and finds it by. */
export function hashApiKey(apiKey: string): string {
  return createHash('sha256').update(apiKey).digest('hex');
}

/** The key's hash → its organisation, read with a consistent get on every agent report. */
export const apiKeyLookupItemSchema = z.object({
  key_hash: z.string(),
  organization_id: z.string(),
  api_key_id: z.string(),
});
export type ApiKeyLookupItem = z.infer<typeof apiKeyLookupItemSchema>;

export const apiKeyLookups = {
  key: (keyHash: string) => tableKey(`APIKEYHASH#${keyHash}`, 'APIKEY'),
  item: (lookup: ApiKeyLookupItem) => stored(lookup, apiKeyLookups.key(lookup.key_hash)),
  create: (lookup: ApiKeyLookupItem): TableWrite => create(apiKeyLookups.item(lookup)),
  remove: (keyHash: string): TableWrite => remove(apiKeyLookups.key(keyHash)),
};
