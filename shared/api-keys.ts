import * as z from 'zod';

/** API keys for monitoring agents (SPEC.md sections 2, 3, 7, 8 and 9). */
export const API_KEY_PATTERN = /^sk_[0-9a-f]{64}$/;
export const API_KEY_DEFAULT_NAME = 'Agent API Key';
/** The configuration display shows this many characters of the first key, then an ellipsis. */
export const API_KEY_DISPLAY_CHARS = 20;
export const COPIED_CONFIRMATION_MS = 2000;

export const API_KEY_MESSAGES = {
  generateFailed: 'Failed to generate API key',
  deleteFailed: 'Failed to delete API key',
  deleteConfirm: 'Are you sure you want to delete this API key? Agents using this key will stop working.',
  shownOnce: 'Copy this key now: it will not be shown again.',
} as const;

export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The key's first characters, for recognising it; the key itself is never stored. */
  prefix: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const apiKeyListResponseSchema = z.object({ items: z.array(apiKeySchema) });
export type ApiKeyListResponse = z.infer<typeof apiKeyListResponseSchema>;

/** The answer to a creation: the only time the full key is sent. */
export const createdApiKeySchema = apiKeySchema.extend({ key: z.string().regex(API_KEY_PATTERN) });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

export const createApiKeySchema = z.strictObject({
  name: z
    .string()
    .trim()
    .max(100, { error: 'Name must be at most 100 characters' })
    .optional()
    .transform((value) => value || API_KEY_DEFAULT_NAME),
});
