import { fetchAuthSession, signOut } from 'aws-amplify/auth';
import type { z } from 'zod';
import {
  MFA_MESSAGES,
  PASSWORD_CHANGE_REQUIRED_CODE,
  PASSWORD_PROOF_REQUIRED_CODE,
  SESSION_ENDED_CODE,
} from '@shared/mfa';
import { passwordToReplace, proofHeld } from './session-proof';
import { signOutBecause } from './sign-out-notice';

const GENERIC_MESSAGE = 'An error occurred';

/** A failed API call: the HTTP status and the `{error:{code,message}}` body, in one Error. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: unknown;

  constructor(status: number, code: string, message: string, details?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The text to show a person for any error: the server's message, or the generic one. */
export function errorMessage(error: unknown, fallback: string = GENERIC_MESSAGE): string {
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as it is, with its own content type (the CSV import). */
  content?: { type: string; text: string };
  /** Public routes (sign-up, invitation lookup) send no token. Default true. */
  auth?: boolean;
  /** The session's password proof itself goes while every other request waits for it (./session-proof.ts). */
  proof?: true;
  signal?: AbortSignal;
}

async function accessToken(): Promise<string | null> {
  const session = await fetchAuthSession();
  return session.tokens?.accessToken.toString() ?? null;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/**
 * An answer the session cannot go on from signs out. A session that never proved its password (its
 * sign-in was cut short), or that must set a new one but no longer holds the one it signed in with
 * (the tab was reloaded), signs in again, which proves it; one the API ended says why.
 */
async function signOutOn(status: number, code: string): Promise<void> {
  if (code === SESSION_ENDED_CODE) return signOutBecause(MFA_MESSAGES.signedOutSessionEnded);
  const passwordLost = code === PASSWORD_CHANGE_REQUIRED_CODE && passwordToReplace() === null;
  if (code === PASSWORD_PROOF_REQUIRED_CODE || passwordLost)
    return signOutBecause(MFA_MESSAGES.passwordProofRequired);
  if (status === 401) await signOut().catch(() => undefined);
}

/** The request sent with the session's token; an error answer becomes an ApiError (a 401 signs out). */
async function authorizedFetch(path: string, options: RequestOptions, accept: string): Promise<Response> {
  const { method = 'GET', body, content, auth = true, signal } = options;
  if (auth && !options.proof) await proofHeld();
  const headers = new Headers({ Accept: accept });
  if (body !== undefined) headers.set('Content-Type', 'application/json');
  if (content) headers.set('Content-Type', content.type);
  if (auth) {
    const token = await accessToken();
    if (!token) {
      await signOut().catch(() => undefined);
      throw new ApiError(401, 'unauthorized', 'Your session has ended. Please sign in again.');
    }
    headers.set('Authorization', `Bearer ${token}`);
  }

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: content ? content.text : body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(0, 'network_error', GENERIC_MESSAGE);
  }

  if (!response.ok) {
    const payload = await readJson(response);
    // Loaded with the first request's schema (see getMe), not with the app.
    const { apiErrorBodySchema } = await import('@shared/api');
    const parsed = apiErrorBodySchema.safeParse(payload);
    const error = parsed.success
      ? new ApiError(
          response.status,
          parsed.data.error.code,
          parsed.data.error.message,
          parsed.data.error.details,
        )
      : new ApiError(response.status, 'http_error', GENERIC_MESSAGE);
    if (auth) await signOutOn(response.status, error.code);
    throw error;
  }
  return response;
}

/**
 * The one way the web app calls /api. The response body is validated by `schema`; an error
 * response becomes an ApiError, and a 401 on an authenticated call signs the user out.
 */
export async function apiRequest<T>(
  path: string,
  schema: z.ZodType<T>,
  options: RequestOptions = {},
): Promise<T> {
  const response = await authorizedFetch(path, options, 'application/json');
  const parsed = schema.safeParse(await readJson(response));
  if (!parsed.success) {
    throw new ApiError(response.status, 'invalid_response', 'The server sent an unexpected response');
  }
  return parsed.data;
}

/** A file the API answers as text (an import's failed rows as CSV), with apiRequest's errors. */
export async function apiText(path: string, accept: string, options: RequestOptions = {}): Promise<string> {
  return (await authorizedFetch(path, options, `${accept}, application/json`)).text();
}
