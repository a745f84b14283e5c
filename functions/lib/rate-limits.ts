import { isIP } from 'node:net';
import { TooManyRequests } from './errors';
import type { HttpEvent } from './http-event';
import { cameThroughEdge } from './origin-secret';
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
 * replacing any the client sent. It is believed only on a request that proved it came through
 * CloudFront (its origin secret, ./origin-secret.ts): anyone calling the API's own endpoint can
 * write this header, and a limit counted on it would be a limit per made-up address (issue 35).
 */
export const VIEWER_ADDRESS_HEADER = 'cloudfront-viewer-address';

/**
 * The address of CloudFront's `address:port`. CloudFront always writes the port, and an IPv6
 * address with one stuck on is often an IPv6 address still (2001:db8::1:443), so the port is cut
 * first; a value without one is taken as it is.
 */
function withoutPort(value: string): string | null {
  const trimmed = value.trim();
  const bracketed = /^\[([^\]]+)\]:\d+$/.exec(trimmed);
  if (bracketed?.[1] && isIP(bracketed[1])) return bracketed[1];
  const withPort = /^(.+):\d{1,5}$/.exec(trimmed);
  if (withPort?.[1] && isIP(withPort[1])) return withPort[1];
  return isIP(trimmed) ? trimmed : null;
}

/** The eight 16-bit groups of an IPv6 address (an embedded IPv4 tail as two), or null. */
function ipv6Groups(address: string): number[] | null {
  const zoneless = address.split('%')[0] ?? '';
  const dotted = /^(.*:)(\d+\.\d+\.\d+\.\d+)$/.exec(zoneless);
  let text = zoneless;
  if (dotted?.[1] && dotted[2]) {
    const bytes = dotted[2].split('.').map(Number);
    text = `${dotted[1]}${((bytes[0]! << 8) | bytes[1]!).toString(16)}:${((bytes[2]! << 8) | bytes[3]!).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const part = (half: string | undefined) =>
    half ? half.split(':').map((group) => parseInt(group, 16)) : [];
  const head = part(halves[0]);
  const tail = part(halves[1]);
  const fill = halves.length === 2 ? 8 - head.length - tail.length : 0;
  const groups = [...head, ...Array<number>(Math.max(0, fill)).fill(0), ...tail];
  return groups.length === 8 && groups.every((group) => Number.isInteger(group)) ? groups : null;
}

/**
 * What a per-client limit counts: an IPv4 address as it is; an IPv6 address by its /64, the
 * smallest block a provider hands one subscriber (one home or phone holds 2^64 addresses, and
 * counting each alone would give it as many windows); an IPv4-mapped IPv6 address as its IPv4 one.
 */
export function rateLimitedClient(address: string): string {
  if (isIP(address) !== 6) return address;
  const groups = ipv6Groups(address);
  if (!groups) return address;
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/**
 * The address of the client that sent the request: the viewer CloudFront names on a request that
 * proved it came through CloudFront, else the connection's own.
 */
export function clientAddress(event: HttpEvent): string {
  const viewer = cameThroughEdge(event) ? event.headers?.[VIEWER_ADDRESS_HEADER] : undefined;
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
  return countClientRequest(limit, rateLimitedClient(clientAddress(event)), now);
}
