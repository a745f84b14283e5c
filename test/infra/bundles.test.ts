import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEATURE_ACCESS } from '../../infra/aws/function';
import { featuresInUse, type Feature } from '../../functions/routes';
import { buildFeatureBundle, type FeatureBundle } from '../bench/bundles';
import { SYNTH_TIMEOUT_MS } from './build';

/**
 * The SDK clients a feature's grants say it calls, and so the only ones its bundle may hold.
 * DynamoDB, Cognito, SES and S3's presigned URLs go without the SDK (functions/lib/aws.ts).
 */
function expectedSdkClients(feature: Feature): string[] {
  const access = FEATURE_ACCESS[feature];
  return [...(access.stripe ? ['@aws-sdk/client-secrets-manager'] : [])].sort();
}

describe('Lambda bundles', () => {
  let outDir: string;
  const bundles = new Map<Feature, FeatureBundle>();

  beforeAll(async () => {
    outDir = await mkdtemp(path.join(os.tmpdir(), 'bundles-'));
    for (const feature of featuresInUse()) bundles.set(feature, await buildFeatureBundle(feature, outDir));
  }, SYNTH_TIMEOUT_MS);
  afterAll(() => rm(outDir, { recursive: true, force: true }));

  it.each(featuresInUse())('%s holds only the AWS SDK clients its grants allow', (feature) => {
    expect(bundles.get(feature)!.sdkClients.sort()).toEqual(expectedSdkClients(feature));
  });

  it.each(featuresInUse())(
    '%s signs its DynamoDB, Cognito, SES and S3 requests with aws4fetch, not the SDK',
    (feature) => {
      const packages = bundles.get(feature)!.packages.map(([name]) => name);
      expect(packages).toContain('aws4fetch');
      expect(packages).not.toContain('@aws-sdk/client-dynamodb');
      expect(packages).not.toContain('@aws-sdk/lib-dynamodb');
      expect(packages).not.toContain('@aws-sdk/client-cognito-identity-provider');
      expect(packages).not.toContain('@aws-sdk/client-sesv2');
      expect(packages).not.toContain('@aws-sdk/client-s3');
      // A bundle with no SDK client at all has none of the SDK's core.
      if (expectedSdkClients(feature).length === 0) expect(packages).not.toContain('@smithy/core');
    },
  );

  it.each(featuresInUse())(
    '%s leaves out the credential providers Lambda never uses (and their STS/SSO clients)',
    (feature) => {
      const packages = bundles.get(feature)!.packages.map(([name]) => name);
      if (expectedSdkClients(feature).length > 0)
        expect(packages).toContain('@aws-sdk/credential-provider-env');
      for (const unused of [
        '@aws-sdk/credential-provider-node',
        '@aws-sdk/credential-provider-ini',
        '@aws-sdk/credential-provider-sso',
        '@aws-sdk/credential-provider-web-identity',
        '@aws-sdk/nested-clients',
      ]) {
        expect(packages).not.toContain(unused);
      }
    },
  );
});
