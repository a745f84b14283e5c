import { randomUUID } from 'node:crypto';
import type { HttpEvent } from '../../functions/lib/http';
import { routeKey, routes, type RouteDefinition } from '../../functions/routes';

/**
 * What API Gateway does before a function runs, once for the local gateway (./gateway.ts) and the
 * tests' in-process harness (test/support/handlers.ts): the route a concrete path names, and the
 * HTTP API v2 event the function gets.
 */

interface CompiledRoute {
  route: RouteDefinition;
  pattern: RegExp;
  names: string[];
}

const compiledRoutes: CompiledRoute[] = routes.map((route) => {
  const names: string[] = [];
  const source = route.path
    .replace(/[.*+?^$()|[\]\\]/g, '\\$&')
    .replace(/\\?\{(\w+)(\\\+)?\}/g, (_m, name: string, greedy) => {
      names.push(name);
      return greedy ? '(.+)' : '([^/]+)';
    });
  return { route, pattern: new RegExp(`^${source}$`), names };
});

/** A path (or a part of one) decoded; null for a malformed escape such as %zz, which API Gateway refuses too. */
export function decodedOrNull(raw: string): string | null {
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

export interface MatchedRoute {
  route: RouteDefinition;
  pathParameters: Record<string, string>;
}

/** The route of a method and path ({name} one segment, {name+} the rest), 'malformed' for a bad escape. */
export function matchRoute(method: string, pathname: string): MatchedRoute | 'malformed' | null {
  for (const compiled of compiledRoutes) {
    if (compiled.route.method !== method) continue;
    const match = compiled.pattern.exec(pathname);
    if (match) {
      const values = compiled.names.map((_, index) => decodedOrNull(match[index + 1] ?? ''));
      if (values.includes(null)) return 'malformed';
      const pathParameters = Object.fromEntries(compiled.names.map((name, index) => [name, values[index]!]));
      return { route: compiled.route, pathParameters };
    }
  }
  return null;
}

/** A query string's parameters as API Gateway passes them: a repeated one joined with commas. */
export function queryParameters(search: URLSearchParams): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [name, value] of search) query[name] = name in query ? `${query[name]},${value}` : value;
  return query;
}

type Claims = HttpEvent['requestContext']['authorizer']['jwt']['claims'];

export interface EventInput {
  matched: MatchedRoute;
  url: URL;
  headers: Record<string, string>;
  /** The body as the function gets it: text, or base64 when `isBase64Encoded`. */
  body?: string;
  isBase64Encoded?: boolean;
  claims: Claims;
  /** Who answers (the gateway or the harness) and the caller's connection. */
  source: { name: string; protocol: string; sourceIp: string; userAgent: string };
  requestId?: string;
}

/** The HTTP API v2 event API Gateway gives a function for this request. */
export function apiGatewayEvent(input: EventInput): HttpEvent {
  const { matched, url, source } = input;
  const { route, pathParameters } = matched;
  const now = Date.now();
  return {
    version: '2.0',
    routeKey: routeKey(route),
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    headers: input.headers,
    ...(url.search ? { queryStringParameters: queryParameters(url.searchParams) } : {}),
    ...(Object.keys(pathParameters).length ? { pathParameters } : {}),
    ...(input.body ? { body: input.body } : {}),
    isBase64Encoded: input.isBase64Encoded ?? false,
    requestContext: {
      accountId: source.name,
      apiId: source.name,
      domainName: url.host,
      domainPrefix: source.name,
      http: {
        method: route.method,
        path: url.pathname,
        protocol: source.protocol,
        sourceIp: source.sourceIp,
        userAgent: source.userAgent,
      },
      requestId: input.requestId ?? randomUUID(),
      routeKey: routeKey(route),
      stage: '$default',
      time: new Date(now).toISOString(),
      timeEpoch: now,
      authorizer: { principalId: '', integrationLatency: 0, jwt: { claims: input.claims, scopes: [] } },
    },
  };
}
