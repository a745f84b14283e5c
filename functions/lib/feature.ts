import type { Context } from 'aws-lambda';
import { routeKey, routes, type Feature } from '../routes';
import type { HttpEvent, HttpHandler, HttpResult } from './http-event';

/** The route key a Lambda function URL passes for every request (payload format 2.0). */
export const FUNCTION_URL_ROUTE_KEY = '$default';

/**
 * One Lambda per feature: dispatches the route key API Gateway (or the local gateway) passes to
 * the feature's handler named in the route table. Fails at load when the two disagree.
 *
 * A function URL has no routes: its requests are matched by method and exact path, and only to
 * routes whose caller the handler checks itself. Signed-in users' routes rely on API Gateway's
 * JWT authorizer, which a function URL does not have.
 */
export function featureHandler(feature: Feature, handlers: Record<string, HttpHandler>): HttpHandler {
  const byRouteKey = new Map<string, HttpHandler>();
  const byFunctionUrlKey = new Map<string, HttpHandler>();
  // Routes ending in a greedy {name+} (the agent updates' files): matched by their prefix.
  const byFunctionUrlPrefix: {
    method: string;
    prefix: string;
    name: string;
    key: string;
    handler: HttpHandler;
  }[] = [];
  for (const route of routes.filter((candidate) => candidate.feature === feature)) {
    const handler = handlers[route.handler];
    if (!handler) throw new Error(`functions/${feature}/index.ts has no handler '${route.handler}'`);
    byRouteKey.set(routeKey(route), handler);
    if (route.auth === 'user') continue;
    const greedy = /^([^{}]+\/)\{(\w+)\+\}$/.exec(route.path);
    if (greedy) {
      const [, prefix, name] = greedy;
      byFunctionUrlPrefix.push({
        method: route.method,
        prefix: prefix!,
        name: name!,
        key: routeKey(route),
        handler,
      });
    } else if (!route.path.includes('{')) byFunctionUrlKey.set(routeKey(route), handler);
  }
  const greedyMatch = (event: HttpEvent) => {
    const { method } = event.requestContext.http;
    for (const candidate of byFunctionUrlPrefix) {
      if (candidate.method !== method || !event.rawPath.startsWith(candidate.prefix)) continue;
      const rest = event.rawPath.slice(candidate.prefix.length);
      let value: string;
      try {
        value = decodeURIComponent(rest);
      } catch {
        return null;
      }
      if (!value) return null;
      return {
        candidate,
        event: { ...event, routeKey: candidate.key, pathParameters: { [candidate.name]: value } },
      };
    }
    return null;
  };
  return async (event: HttpEvent, context: Context): Promise<HttpResult> => {
    const viaFunctionUrl = event.routeKey === FUNCTION_URL_ROUTE_KEY;
    const key = viaFunctionUrl ? `${event.requestContext.http.method} ${event.rawPath}` : event.routeKey;
    const handler = (viaFunctionUrl ? byFunctionUrlKey : byRouteKey).get(key);
    if (!handler && viaFunctionUrl) {
      const greedy = greedyMatch(event);
      if (greedy) return greedy.candidate.handler(greedy.event, context);
    }
    if (!handler) {
      return {
        statusCode: 404,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ error: { code: 'not_found', message: `No route ${key}` } }),
      };
    }
    return handler(viaFunctionUrl ? { ...event, routeKey: key } : event, context);
  };
}
