import * as z from 'zod';

/**
 * The text fields of every input schema (issue 36: three `optionalText` helpers meant three things).
 * Text is trimmed and at most `max` characters. `error` is what a value that is not text is told;
 * without it, the field-naming message every program gives zod (input-messages.ts) speaks.
 */
export function text(max: number, { error }: { error?: string } = {}) {
  return z
    .string(error === undefined ? undefined : { error })
    .trim()
    .max(max, { error: `Must be at most ${max} characters` });
}

/** Optional text where empty means "not set": null (a hardware asset's, an agent report's fields). */
export function textOrNull(max: number, options: { error?: string } = {}) {
  return text(max, options)
    .nullish()
    .transform((value) => value || null);
}

/** Optional text stored as empty text when empty (a disposal item's fields, SPEC 5). */
export function textOrEmpty(max: number, options: { error?: string } = {}) {
  return text(max, options)
    .nullish()
    .transform((value) => value ?? '');
}

/** What the hardware and disposal forms say of a value that is not text. */
export const NOT_TEXT = 'Must be text';
