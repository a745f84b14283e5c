import { describe, expect, it } from 'vitest';
import { featuresInUse, routeKey, routes } from './routes';

describe('the route table', () => {
  it('declares each route once', () => {
    const keys = routes.map(routeKey);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('uses API Gateway path syntax under /api', () => {
    // A greedy {name+} only last (API Gateway's rule): the agent updates' files.
    for (const route of routes)
      expect(route.path).toMatch(/^\/api(\/([a-z0-9-]+|\{[a-z_]+\}))+(\/\{[a-z_]+\+\})?$/);
  });

  it('gives minimum roles only to signed-in routes', () => {
    for (const route of routes.filter((candidate) => candidate.auth !== 'user')) {
      expect(route.minRole).toBeUndefined();
    }
  });

  it('gates by subscription only callers that belong to an organisation (users and agents)', () => {
    for (const route of routes.filter(
      (candidate) => candidate.auth === 'public' || candidate.auth === 'stripe-signature',
    )) {
      expect(route.needsSubscription).toBe(false);
    }
    expect(routes.find((route) => route.path === '/api/agent/report')?.needsSubscription).toBe(true);
  });

  it.each(featuresInUse())('has a handler for every route of the %s feature', async (feature) => {
    // functions/<feature>/index.ts is the Lambda entry; it throws at load when a route has no handler.
    const module = (await import(`./${feature}/index.ts`)) as { handler: unknown };
    expect(typeof module.handler).toBe('function');
  });
});
