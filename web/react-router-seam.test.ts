import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { REACT_ROUTER_VERSION, reactRouterProduction } from './react-router-seam';

/** The contract of ./react-router-seam.ts: an upgrade that moves the production build fails here. */
const require = createRequire(import.meta.url);
const ourPackage = z
  .object({ dependencies: z.record(z.string(), z.string()) })
  .parse(require('../package.json'));
const routerPackage = z
  .object({ version: z.string(), exports: z.object({ '.': z.record(z.string(), z.unknown()) }).loose() })
  .parse(require('react-router/package.json'));

describe('the react-router seam', () => {
  it('is the release it was written against, pinned exactly', () => {
    expect(routerPackage.version).toBe(REACT_ROUTER_VERSION);
    expect(ourPackage.dependencies['react-router']).toBe(REACT_ROUTER_VERSION);
  });

  it('still ships a production build beside the development one its exports name', async () => {
    expect(JSON.stringify(routerPackage.exports['.'])).toContain('./dist/development/index.mjs');
    expect(existsSync(reactRouterProduction)).toBe(true);
    const production: Record<string, unknown> = await import(reactRouterProduction);
    // The names the app imports, and every name the development build (the one typed) has.
    for (const name of ['BrowserRouter', 'Link', 'NavLink', 'Navigate', 'Outlet', 'Route', 'Routes'])
      expect(production[name], name).toBeDefined();
    const development: Record<string, unknown> = await import('react-router');
    expect(Object.keys(production).sort()).toEqual(Object.keys(development).sort());
  });
});
