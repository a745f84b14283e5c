import { buildFeatureBundle } from './bundling';

/**
 * `tsx infra/aws/bundle-feature.ts <feature> <outDir>`: the CDK's local bundling of a feature's
 * function (infra/aws/function.ts), which must be synchronous and so runs the build in this process.
 */
const [feature, outDir] = process.argv.slice(2);
if (!feature || !outDir) {
  console.error('usage: tsx infra/aws/bundle-feature.ts <feature> <outDir>');
  process.exit(2);
}
await buildFeatureBundle(feature, outDir);
