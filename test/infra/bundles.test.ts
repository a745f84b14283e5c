import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { featuresInUse, type Feature } from '../../functions/routes';
import { buildFeatureBundle, type FeatureBundle } from '../bench/bundles';
import { SYNTH_TIMEOUT_MS } from './build';

/**
 * The functions reach AWS (DynamoDB, Cognito, SES, Secrets Manager, S3's presigned URLs) through
 * functions/lib/aws.ts, not the SDK's clients: with them every bundle was over 300 KB.
 */
describe('Lambda bundles', () => {
  let outDir: string;
  const bundles = new Map<Feature, FeatureBundle>();

  beforeAll(async () => {
    outDir = await mkdtemp(path.join(os.tmpdir(), 'bundles-'));
    for (const feature of featuresInUse()) bundles.set(feature, await buildFeatureBundle(feature, outDir));
  }, SYNTH_TIMEOUT_MS);
  afterAll(() => rm(outDir, { recursive: true, force: true }));

  it.each(featuresInUse())('%s signs its AWS requests with aws4fetch and holds no SDK client', (feature) => {
    const packages = bundles.get(feature)!.packages.map(([name]) => name);
    expect(packages).toContain('aws4fetch');
    expect(bundles.get(feature)!.sdkClients).toEqual([]);
    for (const sdkPart of ['@aws-sdk/core', '@aws-sdk/lib-dynamodb', '@smithy/core']) {
      expect(packages).not.toContain(sdkPart);
    }
  });
});
