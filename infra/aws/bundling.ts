/**
 * How each feature's Lambda bundle is built, in one place for the CDK functions
 * (infra/aws/function.ts) and for the bench that measures the bundles (test/bench/bundles.ts).
 */

/** esbuild's target for the runtime of the functions (FEATURE_RUNTIME in function.ts). */
export const BUNDLE_TARGET = 'node24';

/** Prefer packages' ES modules, which esbuild can tree-shake, over their CommonJS builds. */
export const BUNDLE_MAIN_FIELDS = ['module', 'main'];

/** CommonJS dependencies inside an ESM bundle still call require(). */
export const BUNDLE_BANNER =
  "import { createRequire } from 'module'; const require = createRequire(import.meta.url);";
