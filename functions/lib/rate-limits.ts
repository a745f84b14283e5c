import { isIP } from 'node:net';
import { TooManyRequests } from './errors';
import type { HttpEvent } from './http-event';
import { isConditionFailure, send, update } from './table/commands';
import { absent, anyOf, lessThan } from './table/conditions';
import { hashClientAddress, RATE_WINDOW_COUNT_ATTRIBUTE, rateWindows } from './table/items/rate-windows';

/**
 * Per-client rate limits on the public and abuse-prone routes (issue 25): sign-up, the emailed
 * code, invitation lookup, password reset. Each request is counted in a fixed window with one
 * conditional UpdateItem, which refuses the count once the window has its fill, so the limit holds
 * across every Lambda container (and locally) without a lock. A window's item is removed by TTL.
 * A feature names its limit (its words, its numbers) and calls `limitClient`; this module only counts.
 *
 * Fixed windows let a client send up to twice the limit across a window's edge; for limits meant to
 * stop floods (10 sign-ups an hour rather than 400) that is close enough, at one write a request.
 */
export interface RateLimit {
  /** Part of the window's key: one counter per limit. */
  name: string;
  /** Requests a client may make in a window. */
  max: number;
  windowSeconds: number;
  /** What the refused client reads (429). */
  message: string;
}

/**
 * The header CloudFront sets to the viewer's address and port (`203.0.113.7:46532`, IPv6 without
 * brackets). Behind CloudFront, API Gateway's `sourceIp` is a CloudFront server's address, shared by
 * everyone that edge serves, so the viewer's own comes from here: the Web stack forwards it to the
 * API, and the local gateway (CloudFront's stand-in) sets it from the connection as CloudFront does,
 * replacing any the client sent. Without it (a direct call) the connection's address is used.
 */
export const VIEWER_ADDRESS_HEADER = 'cloudfront-viewer-address';

function withoutPort(value: string): string | null {
  const trimmed = value.trim();
  if (isIP(trimmed)) return trimmed;
  const bracketed = /^\[([^\]]+)\]:\d+$/.exec(trimmed);
  if (bracketed?.[1] && isIP(bracketed[1])) return bracketed[1];
  const cut = trimmed.lastIndexOf(':');
  const address = cut > 0 ? trimmed.slice(0, cut) : '';
  return isIP(address) ? address : null;
}

/** The address of the client that sent the request. */
export function clientAddress(event: HttpEvent): string {
  const viewer = event.headers?.[VIEWER_ADDRESS_HEADER];
  return (viewer ? withoutPort(viewer) : null) ?? event.requestContext.http.sourceIp;
}

/** The fixed window `now` falls in and the whole seconds until it ends (at least 1). */
export function rateWindow(now: Date, windowSeconds: number): { start: number; retryAfterSeconds: number } {
  const length = windowSeconds * 1000;
  const start = Math.floor(now.getTime() / length) * length;
  return { start, retryAfterSeconds: Math.max(1, Math.ceil((start + length - now.getTime()) / 1000)) };
}

/** Counts one request of a client against a limit; 429 with Retry-After once the window is full. */
export async function countClientRequest(limit: RateLimit, address: string, now: Date): Promise<void> {
  const window = rateWindow(now, limit.windowSeconds);
  try {
    await send(
      update(
        rateWindows.key(limit.name, hashClientAddress(address), window.start),
        {
          set: rateWindows.expiry(window.start + limit.windowSeconds * 1000),
          add: { [RATE_WINDOW_COUNT_ATTRIBUTE]: 1 },
        },
        anyOf(absent(RATE_WINDOW_COUNT_ATTRIBUTE), lessThan(RATE_WINDOW_COUNT_ATTRIBUTE, limit.max)),
      ),
    );
  } catch (error) {
    if (isConditionFailure(error)) throw new TooManyRequests(limit.message, window.retryAfterSeconds);
    throw error;
  }
}

/** Counts the request against the limit for the client that sent it. */
export function limitClient(limit: RateLimit, event: HttpEvent, now: Date): Promise<void> {
  return countClientRequest(limit, clientAddress(event), now);
}
