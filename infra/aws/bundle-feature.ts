import path from 'node:path';
import { buildEntryBundle, buildFeatureBundle } from './bundling';
import { REPO_ROOT } from './paths';

/**
 * `tsx infra/aws/bundle-feature.ts <feature | handler.ts> <outDir>`: a feature's bundle (or one
 * handler module's, given by its path from the repository root) for the CDK's local bundling
 * (infra/aws/function.ts), which runs this as a child process because it must answer
 * synchronously and esbuild's plugins only run in its asynchronous API.
 */
const [target, outDir] = process.argv.slice(2);
if (!target || !outDir) {
  console.error('usage: tsx infra/aws/bundle-feature.ts <feature | handler.ts> <outDir>');
  process.exit(2);
}
await (target.endsWith('.ts')
  ? buildEntryBundle(path.join(REPO_ROOT, target), outDir)
  : buildFeatureBundle(target, outDir));
