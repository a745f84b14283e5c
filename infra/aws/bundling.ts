import path from 'node:path';
import { build, type BuildOptions, type Metafile } from 'esbuild';
import { featureEntry } from './paths';

/**
 * How each feature's Lambda bundle is built, in one place for the CDK functions
 * (infra/aws/function.ts, through infra/aws/bundle-feature.ts) and for the bench and tests that
 * measure the bundles (test/bench/bundles.ts). esbuild's API rather than its command line (which
 * the CDK's NodejsFunction drives) because only the API takes plugins.
 */

/** esbuild's target for the runtime of the functions (FEATURE_RUNTIME in function.ts). */
export const BUNDLE_TARGET = 'node24';

/** Prefer packages' ES modules, which esbuild can tree-shake, over their CommonJS builds. */
const BUNDLE_MAIN_FIELDS = ['module', 'main'];

/** CommonJS dependencies inside an ESM bundle still call require(). */
const BUNDLE_BANNER =
  "import { createRequire } from 'module'; const require = createRequire(import.meta.url);";

/** The bundle in a function's code (its source map beside it), and the handler it exports. */
export const BUNDLE_FILE = 'index.mjs';
export const BUNDLE_HANDLER = 'index.handler';

/** esbuild's options for a function's bundle, all but what goes in and where it goes. */
export const BUNDLE_OPTIONS = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: BUNDLE_TARGET,
  mainFields: BUNDLE_MAIN_FIELDS,
  banner: { js: BUNDLE_BANNER },
  minify: true,
  sourcemap: true,
  sourcesContent: false,
  metafile: true,
  logLevel: 'error',
  /**
   * What a module imports only when it runs (the SDK's credential providers beyond the
   * environment's, its checksum and XML parts) goes into chunks beside the handler, which a cold
   * start does not load.
   */
  splitting: true,
  outExtension: { '.js': '.mjs' },
  chunkNames: 'chunks/[name]-[hash]',
} satisfies BuildOptions;

/** Builds functions/<feature>/index.ts into outDir/index.mjs (and its map), as deployed. */
export function buildFeatureBundle(feature: string, outDir: string): Promise<Metafile> {
  return buildEntryBundle(featureEntry(feature), outDir);
}

/** Builds one handler module (a Cognito trigger's, say) into outDir/index.mjs, as deployed. */
export async function buildEntryBundle(entry: string, outDir: string): Promise<Metafile> {
  const result = await build({
    ...BUNDLE_OPTIONS,
    entryPoints: { [path.parse(BUNDLE_FILE).name]: entry },
    outdir: outDir,
  });
  return result.metafile;
}
