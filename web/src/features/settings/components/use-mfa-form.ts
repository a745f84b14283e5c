import { useState, type FormEvent } from 'react';
import type * as z from 'zod';
import { errorMessage } from '../../../api/api-client';

/**
 * The submit of an MFA form: the input checked by its shared schema (its first problem shown), then
 * sent; the API's refusal is shown the same way, and `onDone` follows success.
 */
export function useMfaForm<S extends z.ZodType>(
  schema: S,
  send: (input: z.output<S>) => Promise<unknown>,
  onDone: () => void,
) {
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (input: unknown) => async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = schema.safeParse(input);
    if (!parsed.success) return setProblem(parsed.error.issues[0]?.message ?? null);
    setProblem(null);
    try {
      await send(parsed.data);
      onDone();
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };
  return { problem, submit };
}
