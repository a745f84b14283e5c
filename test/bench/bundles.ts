import { spawnSync } from 'node:child_process';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Metafile } from 'esbuild';
import { featuresInUse, type Feature } from '../../functions/routes';
import { BUNDLE_FILE, buildFeatureBundle } from '../../infra/aws/bundling';
import { median } from './measures';
import { REPORT_DIR, type Figure } from './report';

/**
 * The Lambda bundles as the CDK builds them (infra/aws/bundling.ts), their sizes and what is in
 * them, and how long a fresh Node process takes to load one and construct its handler, against a
 * bare `node -e ""` in the same run. Sizes are printed without a budget: the AWS SDK's maintained
 * clients are preferred to a smaller hand-signed client.
 */

export const COLD_INIT_BUDGET_RATIO = 2.5;
const COLD_INIT_RUNS = 15;

export interface FeatureBundle {
  feature: Feature;
  /** The handler's module; chunks it may import lie beside it. */
  file: string;
  /** The handler's module and its chunks, source maps aside. */
  bytes: number;
  /** What a cold start loads: the handler's module and the chunks it imports statically. */
  loadedBytes: number;
  /** Bytes in the bundle per npm package ('ours' for the repo's own code), largest first. */
  packages: [string, number][];
  /** The @aws-sdk/client-* packages inside. */
  sdkClients: string[];
}

type Output = Metafile['outputs'][string];

function packagesOf(outputs: Output[]): [string, number][] {
  const sizes = new Map<string, number>();
  for (const output of outputs) {
    for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
      const name = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input)?.[1] ?? 'ours';
      sizes.set(name, (sizes.get(name) ?? 0) + bytesInOutput);
    }
  }
  return [...sizes].sort((a, b) => b[1] - a[1]);
}

/** An output and the chunks it imports statically, each once. */
function loadedAtStart(metafile: Metafile, file: string, seen = new Set<string>()): Output[] {
  const output = metafile.outputs[file];
  if (!output || seen.has(file)) return [];
  seen.add(file);
  return [
    output,
    ...output.imports
      .filter((imported) => imported.kind === 'import-statement' && !imported.external)
      .flatMap((imported) => loadedAtStart(metafile, imported.path, seen)),
  ];
}

export async function measuredFeatureBundle(feature: Feature, outDir: string): Promise<FeatureBundle> {
  const featureDir = path.join(outDir, feature);
  const file = path.join(featureDir, BUNDLE_FILE);
  const metafile = await buildFeatureBundle(feature, featureDir);
  const entry = path.relative(process.cwd(), file);
  if (!metafile.outputs[entry]) throw new Error(`esbuild wrote no ${file}`);
  const modules = Object.entries(metafile.outputs)
    .filter(([name]) => name.endsWith('.mjs'))
    .map(([, output]) => output);
  const packages = packagesOf(modules);
  return {
    feature,
    file,
    bytes: modules.reduce((sum, output) => sum + output.bytes, 0),
    loadedBytes: loadedAtStart(metafile, entry).reduce((sum, output) => sum + output.bytes, 0),
    packages,
    sdkClients: packages.map(([name]) => name).filter((name) => name.startsWith('@aws-sdk/client-')),
  };
}

export async function buildFeatureBundles(
  outDir = path.join(REPORT_DIR, 'bundles'),
): Promise<FeatureBundle[]> {
  await rm(outDir, { recursive: true, force: true });
  await mkdir(outDir, { recursive: true });
  const bundles: FeatureBundle[] = [];
  for (const feature of featuresInUse()) bundles.push(await measuredFeatureBundle(feature, outDir));
  return bundles;
}

/** What a handler module reads from its environment when it loads; no call goes out. */
const FUNCTION_ENV = {
  AWS_REGION: 'eu-west-1',
  AWS_ACCESS_KEY_ID: 'bench',
  AWS_SECRET_ACCESS_KEY: 'bench',
  TABLE_NAME: 'bench',
  USER_POOL_ID: 'eu-west-1_bench',
  USER_POOL_CLIENT_ID: 'bench',
  POWERTOOLS_SERVICE_NAME: 'it-asset-auditor',
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
};

function wallMs(args: string[]): number {
  const started = performance.now();
  const run = spawnSync(process.execPath, args, {
    env: { ...process.env, ...FUNCTION_ENV },
    encoding: 'utf8',
  });
  const ms = performance.now() - started;
  if (run.status !== 0) throw new Error(`node ${args.join(' ')} failed: ${run.stderr}`);
  return ms;
}

/**
 * Median wall time of a fresh `node` that imports the bundle and checks it exports a handler
 * (handlers are constructed when their module loads), and of a bare `node -e ""`, runs interleaved
 * so that the machine's slow patches hit both alike.
 */
export function coldInit(bundle: FeatureBundle): { bundleMs: number; bareMs: number } {
  // As in Lambda: without --enable-source-maps (infra/aws/function.ts), so Node does not read the
  // bundle's source map as it loads.
  const load = `const m = await import(${JSON.stringify(bundle.file)}); if (typeof m.handler !== 'function') process.exit(3);`;
  const bundleTimes: number[] = [];
  const bareTimes: number[] = [];
  for (let run = 0; run < COLD_INIT_RUNS; run++) {
    bareTimes.push(wallMs(['-e', '']));
    bundleTimes.push(wallMs(['--input-type=module', '-e', load]));
  }
  return { bundleMs: median(bundleTimes), bareMs: median(bareTimes) };
}

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

export async function measureBundles(): Promise<Figure[]> {
  const figures: Figure[] = [];
  for (const bundle of await buildFeatureBundles()) {
    const largest = bundle.packages
      .slice(0, 4)
      .map(([name, bytes]) => `${name} ${Math.round(bytes / 1024)} KB`)
      .join(', ');
    figures.push({
      section: 'Lambda bundles',
      name: `${bundle.feature}: minified size`,
      value: kb(bundle.bytes),
      unit: 'KB',
      detail: `${kb(bundle.loadedBytes)} KB loaded at a cold start, the rest in lazy chunks; largest: ${largest}; SDK clients: ${bundle.sdkClients.join(', ')}`,
    });
    const { bundleMs, bareMs } = coldInit(bundle);
    figures.push({
      section: 'Lambda bundles',
      name: `${bundle.feature}: cold init ÷ bare node`,
      value: bundleMs / bareMs,
      unit: '×',
      budget: { op: '<=', limit: COLD_INIT_BUDGET_RATIO },
      detail: `median of ${COLD_INIT_RUNS}: ${bundleMs.toFixed(0)} ms vs node -e "" ${bareMs.toFixed(0)} ms`,
    });
  }
  return figures;
}
