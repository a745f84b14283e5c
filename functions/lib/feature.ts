import type { Context } from 'aws-lambda';
import { routeKey, routes, type Feature } from '../routes';
import type { HttpEvent, HttpHandler, HttpResult } from './http';

/**
 * One Lambda per feature: dispatches the route key API Gateway (or the local gateway) passes to
 * the feature's handler named in the route table. Fails at load when the two disagree.
 */
export function featureHandler(feature: Feature, handlers: Record<string, HttpHandler>): HttpHandler {
  const byRouteKey = new Map<string, HttpHandler>();
  for (const route of routes.filter((candidate) => candidate.feature === feature)) {
    const handler = handlers[route.handler];
    if (!handler) throw new Error(`functions/${feature}/index.ts has no handler '${route.handler}'`);
    byRouteKey.set(routeKey(route), handler);
  }
  return async (event: HttpEvent, context: Context): Promise<HttpResult> => {
    const handler = byRouteKey.get(event.routeKey);
    if (!handler) {
      return {
        statusCode: 404,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ error: { code: 'not_found', message: `No route ${event.routeKey}` } }),
      };
    }
    return handler(event, context);
  };
}
