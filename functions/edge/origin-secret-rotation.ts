import { setTimeout as sleep } from 'node:timers/promises';
import {
  CloudFrontClient,
  GetDistributionConfigCommand,
  UpdateDistributionCommand,
  type DistributionConfig,
} from '@aws-sdk/client-cloudfront';
import {
  DescribeSecretCommand,
  GetRandomPasswordCommand,
  GetSecretValueCommand,
  PutSecretValueCommand,
  ResourceNotFoundException,
  SecretsManagerClient,
  UpdateSecretVersionStageCommand,
} from '@aws-sdk/client-secrets-manager';
import * as z from 'zod';
import { originSecretRotationConfig } from '../lib/config';
import { logger } from '../lib/logger';
import { ORIGIN_SECRET_CACHE_MS, ORIGIN_SECRET_HEADER, ORIGIN_SECRET_LENGTH } from '../lib/origin-secret';

/**
 * Secrets Manager's rotation of CloudFront's origin secret (issue 35; AWS's pattern for protecting
 * an origin with a custom header): createSecret makes a new random value as AWSPENDING; setSecret
 * waits until every API container has re-read the secret (they accept AWSPENDING, AWSCURRENT and
 * AWSPREVIOUS: functions/lib/origin-secret.ts), then puts the pending value in the distribution's
 * origin custom header; testSecret checks the distribution holds it; finishSecret makes it
 * AWSCURRENT, the old value staying accepted as AWSPREVIOUS while the edges take the change.
 * Secrets Manager calls it once per step (infra/aws/origin-secret-rotation.ts schedules it).
 */
const rotationEventSchema = z.object({
  SecretId: z.string().min(1),
  ClientRequestToken: z.string().min(1),
  Step: z.enum(['createSecret', 'setSecret', 'testSecret', 'finishSecret']),
});

type RotationConfig = ReturnType<typeof originSecretRotationConfig>;

const secretsManager = new SecretsManagerClient({});
// CloudFront's API is global; its endpoint is in us-east-1.
const cloudFront = new CloudFrontClient({ region: 'us-east-1' });

async function valueAt(secretId: string, stage: string, versionId?: string): Promise<string | null> {
  try {
    const answer = await secretsManager.send(
      new GetSecretValueCommand({ SecretId: secretId, VersionStage: stage, VersionId: versionId }),
    );
    return answer.SecretString ?? null;
  } catch (error) {
    if (error instanceof ResourceNotFoundException) return null;
    throw error;
  }
}

async function createSecret(secretId: string, token: string): Promise<void> {
  // A retried step finds its value already made.
  if ((await valueAt(secretId, 'AWSPENDING', token)) !== null) return;
  const { RandomPassword } = await secretsManager.send(
    new GetRandomPasswordCommand({ PasswordLength: ORIGIN_SECRET_LENGTH, ExcludePunctuation: true }),
  );
  if (!RandomPassword) throw new Error('Secrets Manager made no random value');
  await secretsManager.send(
    new PutSecretValueCommand({
      SecretId: secretId,
      ClientRequestToken: token,
      SecretString: RandomPassword,
      VersionStages: ['AWSPENDING'],
    }),
  );
}

/** The distribution's config with the origin's secret header set to `value`, or null when it already is. */
function withSecret(config: DistributionConfig, originId: string, value: string): DistributionConfig | null {
  const origin = config.Origins?.Items?.find((candidate) => candidate.Id === originId);
  if (!origin) throw new Error(`The distribution has no origin '${originId}'`);
  const headers = (origin.CustomHeaders?.Items ?? []).filter(
    (header) => header.HeaderName?.toLowerCase() !== ORIGIN_SECRET_HEADER,
  );
  const current = origin.CustomHeaders?.Items?.find(
    (header) => header.HeaderName?.toLowerCase() === ORIGIN_SECRET_HEADER,
  );
  if (current?.HeaderValue === value) return null;
  headers.push({ HeaderName: ORIGIN_SECRET_HEADER, HeaderValue: value });
  origin.CustomHeaders = { Quantity: headers.length, Items: headers };
  return config;
}

async function distributionConfig(distributionId: string) {
  const answer = await cloudFront.send(new GetDistributionConfigCommand({ Id: distributionId }));
  if (!answer.DistributionConfig || !answer.ETag) throw new Error('CloudFront sent no distribution config');
  return { config: answer.DistributionConfig, etag: answer.ETag };
}

async function setSecret(secretId: string, token: string, env: RotationConfig) {
  const pending = await valueAt(secretId, 'AWSPENDING', token);
  if (!pending) throw new Error('No pending value to hand to CloudFront');
  await sleep(env.ORIGIN_SECRET_SETTLE_MS ?? ORIGIN_SECRET_CACHE_MS + 15_000);
  const { config, etag } = await distributionConfig(env.DISTRIBUTION_ID);
  const changed = withSecret(config, env.ORIGIN_ID, pending);
  if (!changed) return;
  await cloudFront.send(
    new UpdateDistributionCommand({ Id: env.DISTRIBUTION_ID, IfMatch: etag, DistributionConfig: changed }),
  );
}

async function testSecret(secretId: string, token: string, env: RotationConfig) {
  const pending = await valueAt(secretId, 'AWSPENDING', token);
  const { config } = await distributionConfig(env.DISTRIBUTION_ID);
  if (!pending || withSecret(config, env.ORIGIN_ID, pending) !== null) {
    throw new Error("The distribution's origin does not carry the pending origin secret");
  }
}

async function finishSecret(secretId: string, token: string): Promise<void> {
  const described = await secretsManager.send(new DescribeSecretCommand({ SecretId: secretId }));
  const versions = Object.entries(described.VersionIdsToStages ?? {});
  const current = versions.find(([, stages]) => stages.includes('AWSCURRENT'))?.[0];
  if (current === token) return;
  await secretsManager.send(
    new UpdateSecretVersionStageCommand({
      SecretId: secretId,
      VersionStage: 'AWSCURRENT',
      MoveToVersionId: token,
      RemoveFromVersionId: current,
    }),
  );
}

export async function handler(event: unknown): Promise<void> {
  const { SecretId, ClientRequestToken, Step } = rotationEventSchema.parse(event);
  const env = originSecretRotationConfig();
  logger.info('Rotating the origin secret', { step: Step });
  if (Step === 'createSecret') await createSecret(SecretId, ClientRequestToken);
  else if (Step === 'setSecret') await setSecret(SecretId, ClientRequestToken, env);
  else if (Step === 'testSecret') await testSecret(SecretId, ClientRequestToken, env);
  else await finishSecret(SecretId, ClientRequestToken);
}
