import { BILLING_MESSAGES } from '@shared/billing';
import { isApiError } from '../../../api/api-client';
import { MissingSessionUrlError } from '../api/billing-mutations';

/** Answers that carry no message of the server's own. */
const NO_SERVER_MESSAGE = new Set(['http_error', 'invalid_response', 'network_error']);

/**
 * The text for a failed checkout or portal call: the server's message when it sent one; `server`
 * when it answered without one; `client` when the call itself failed (network, browser).
 */
export function sessionErrorMessage(error: unknown, fallbacks: { server: string; client: string }): string {
  if (error instanceof MissingSessionUrlError) return error.message;
  if (isApiError(error)) {
    if (error.status === 0 || error.code === 'network_error') return fallbacks.client;
    if (NO_SERVER_MESSAGE.has(error.code) || !error.message) return fallbacks.server;
    return error.message;
  }
  return fallbacks.client;
}

export function checkoutErrorMessage(error: unknown): string {
  return sessionErrorMessage(error, {
    server: BILLING_MESSAGES.checkoutCreate,
    client: BILLING_MESSAGES.checkoutStart,
  });
}

export function portalErrorMessage(error: unknown): string {
  return sessionErrorMessage(error, {
    server: BILLING_MESSAGES.portalCreate,
    client: BILLING_MESSAGES.portalOpen,
  });
}

/** The plan sync's failure: no session, the server's text, or the generic one. */
export function syncErrorMessage(error: unknown): string {
  if (isApiError(error)) {
    if (error.status === 401) return BILLING_MESSAGES.syncNoSession;
    if (NO_SERVER_MESSAGE.has(error.code) || !error.message) return BILLING_MESSAGES.syncFailed;
    return error.message;
  }
  return BILLING_MESSAGES.syncFailed;
}
