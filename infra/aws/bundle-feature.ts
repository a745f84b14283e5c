import { buildFeatureBundle } from './bundling';

/**
 * `tsx infra/aws/bundle-feature.ts <feature> <outDir>`: a feature's bundle for the CDK's local
 * bundling (infra/aws/function.ts), which runs this as a child process because it must answer
 * synchronously and esbuild's plugins only run in its asynchronous API.
 */
const [feature, outDir] = process.argv.slice(2);
if (!feature || !outDir) {
  console.error('usage: tsx infra/aws/bundle-feature.ts <feature> <outDir>');
  process.exit(2);
}
await buildFeatureBundle(feature, outDir);
