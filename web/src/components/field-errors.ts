import * as z from 'zod';
import { isApiError } from '../api/api-client';

/** One of a 400's `details`: the field a problem is about (`path`, dotted) and what is wrong. */
const detailSchema = z.object({ path: z.string(), message: z.string() });

/**
 * A 400's per-field details, the first message of each of `fields` (anything else in the details is
 * left out): shown at their fields by the forms.
 */
export function fieldErrorsOf<F extends string>(
  error: unknown,
  fields: readonly F[],
): Partial<Record<F, string>> {
  const errors: Partial<Record<F, string>> = {};
  if (!isApiError(error) || error.status !== 400 || !Array.isArray(error.details)) return errors;
  for (const entry of error.details) {
    const detail = detailSchema.safeParse(entry);
    if (!detail.success) continue;
    const field = fields.find((name) => name === detail.data.path.split('.')[0]);
    if (field && !errors[field]) errors[field] = detail.data.message;
  }
  return errors;
}

/** A form's own check (a zod schema's issues): the first message of each of `fields`. */
export function issueErrorsOf<F extends string>(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  fields: readonly F[],
): Partial<Record<F, string>> {
  const errors: Partial<Record<F, string>> = {};
  for (const issue of issues) {
    const field = fields.find((name) => name === issue.path[0]);
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}
