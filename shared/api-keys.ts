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
  deleteConfirm: 'Are you sure you want to delete this API key? It stops enrolling devices at once.',
  rotateFailed: 'Failed to rotate API key',
  rotateConfirm:
    'Rotate this key? A new key replaces it: the current key stops enrolling devices at once. ' +
    'Devices it enrolled keep reporting. Put the new key in your install configuration.',
  rotated: 'The key was rotated: copy the new key now, it will not be shown again.',
  countingDevices: 'Counting the devices this key enrolled…',
  countFailed: 'Could not count the devices this key enrolled',
  devicesKeepReporting: 'Devices this key enrolled keep reporting.',
  devicesStop: (count: number) =>
    count === 1
      ? '1 device this key enrolled will stop reporting.'
      : `${count} devices this key enrolled will stop reporting.`,
  revokeChoice: 'Also revoke every device this key enrolled',
  noDevices: 'No device was enrolled with this key.',
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

/** DELETE /api/api-keys/{id}?revoke_devices=true also revokes every device the key enrolled (issue 35). */
export const deleteApiKeyQuerySchema = z.strictObject({
  revoke_devices: z
    .enum(['true', 'false'], { error: 'revoke_devices must be true or false' })
    .optional()
    .transform((value) => value === 'true'),
});
export type DeleteApiKeyQuery = z.infer<typeof deleteApiKeyQuerySchema>;

/** GET /api/api-keys/{id}/devices: how many enrolled devices the key enrolled, for the delete dialog. */
export const apiKeyDevicesResponseSchema = z.object({ enrolled_devices: z.number().int().nonnegative() });
export type ApiKeyDevicesResponse = z.infer<typeof apiKeyDevicesResponseSchema>;
