import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { build, type BuildOptions, type Metafile, type Plugin } from 'esbuild';
import { STRIPE_RESOURCES_USED } from '../../functions/lib/stripe-resources';
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

/** A module of the stripe library's resources folder, e.g. resources/Checkout/Sessions.js. */
const STRIPE_RESOURCE_MODULE = /[\\/]node_modules[\\/]stripe[\\/]esm[\\/]resources[\\/](.+\.js)$/;
const KEPT_STRIPE_MODULES = new Set<string>(Object.values(STRIPE_RESOURCES_USED).flat());
const LEFT_OUT_MODULE = 'stripe-resource-left-out';

/** What stands in for each resource class the bundle leaves out: it throws once used. */
const LEFT_OUT_SOURCE = `
export class LeftOut {
  constructor() {
    return new Proxy({}, {
      get(_, property) {
        if (typeof property === 'symbol' || property === 'then') return undefined;
        throw new Error('This Stripe resource is not in the Lambda bundle: add it to STRIPE_RESOURCES_USED (functions/lib/stripe-resources.ts)');
      },
    });
  }
}`;

/**
 * The stripe library's client imports and constructs every resource of Stripe's API (Issuing,
 * Treasury, Terminal...), about 130 KB that esbuild cannot shake out. Each resource module the
 * product does not call (STRIPE_RESOURCES_USED) is replaced by placeholders with the same exports.
 */
const stripeResourcesLeftOut: Plugin = {
  name: 'stripe-resources-left-out',
  setup(plugin) {
    plugin.onResolve({ filter: new RegExp(`^${LEFT_OUT_MODULE}$`) }, () => ({
      path: LEFT_OUT_MODULE,
      namespace: LEFT_OUT_MODULE,
    }));
    plugin.onLoad({ filter: /.*/, namespace: LEFT_OUT_MODULE }, () => ({
      contents: LEFT_OUT_SOURCE,
      loader: 'js',
    }));
    plugin.onLoad({ filter: STRIPE_RESOURCE_MODULE }, async (args) => {
      const module = STRIPE_RESOURCE_MODULE.exec(args.path)![1]!.replaceAll('\\', '/');
      if (KEPT_STRIPE_MODULES.has(module)) return undefined;
      const source = await readFile(args.path, 'utf8');
      const names = [...source.matchAll(/^export (?:class|const|function) (\w+)/gm)].map(
        (match) => match[1]!,
      );
      // Type-only modules are empty already.
      if (/^export \{\};?$/m.test(source) && names.length === 0) return undefined;
      // A module exporting in another form would lose an export: fail the build rather than guess.
      if (names.length !== (source.match(/^export\b/gm)?.length ?? 0)) {
        throw new Error(`Cannot leave out stripe's resources/${module}: it exports in a form not known here`);
      }
      return {
        contents: [
          `import { LeftOut } from '${LEFT_OUT_MODULE}';`,
          ...names.map((name) => `export const ${name} = LeftOut;`),
        ].join('\n'),
        loader: 'js',
      };
    });
  },
};

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
  plugins: [stripeResourcesLeftOut],
} satisfies BuildOptions;

/** Builds functions/<feature>/index.ts into outDir/index.mjs (and its map), as deployed. */
export function buildFeatureBundle(feature: string, outDir: string): Promise<Metafile> {
  return buildEntryBundle(featureEntry(feature), outDir);
}

/** Builds one handler module (a Cognito trigger's, say) into outDir/index.mjs, as deployed. */
export async function buildEntryBundle(entry: string, outDir: string): Promise<Metafile> {
  const result = await build({
    ...BUNDLE_OPTIONS,
    entryPoints: [entry],
    outfile: path.join(outDir, BUNDLE_FILE),
  });
  return result.metafile;
}
