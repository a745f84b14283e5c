import { fileURLToPath } from 'node:url';

/**
 * react-router's package exports only its development build (extra checks and warnings); the
 * production one sits beside it, at a path of react-router 7.18.5's layout (package.json pins it
 * exactly), and the built app takes that. ./react-router-seam.test.ts fails when another release is
 * installed or the file is gone.
 */
export const REACT_ROUTER_VERSION = '7.18.5';

export const reactRouterProduction = fileURLToPath(
  new URL('../node_modules/react-router/dist/production/index.mjs', import.meta.url),
);
