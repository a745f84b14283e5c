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

/** What the steps need of Secrets Manager, for the one secret being rotated. */
export interface RotatedSecret {
  /** The value of a stage (of one version, when given), or null when none has it. */
  valueAt(stage: string, versionId?: string): Promise<string | null>;
  randomValue(): Promise<string>;
  putPending(versionId: string, value: string): Promise<void>;
  /** The version AWSCURRENT is on. */
  currentVersion(): Promise<string | undefined>;
  makeCurrent(versionId: string, from: string | undefined): Promise<void>;
}

/** What the steps need of CloudFront: the distribution's config, and a change of it. */
export interface RotatedDistribution {
  config(): Promise<{ config: DistributionConfig; etag: string }>;
  update(config: DistributionConfig, etag: string): Promise<void>;
}

export interface RotationParts {
  secret: RotatedSecret;
  distribution: RotatedDistribution;
  /** The origin whose header carries the secret. */
  originId: string;
  /** Waits until every API container has re-read the secret (setSecret, before CloudFront changes). */
  settle: () => Promise<void>;
}

/** The distribution's config with the origin's secret header set to `value`, or null when it already is. */
export function withSecret(
  config: DistributionConfig,
  originId: string,
  value: string,
): DistributionConfig | null {
  const origin = config.Origins?.Items?.find((candidate) => candidate.Id === originId);
  if (!origin) throw new Error(`The distribution has no origin '${originId}'`);
  const isSecret = (name: string | undefined) => name?.toLowerCase() === ORIGIN_SECRET_HEADER;
  const current = origin.CustomHeaders?.Items?.find((header) => isSecret(header.HeaderName));
  if (current?.HeaderValue === value) return null;
  const headers = (origin.CustomHeaders?.Items ?? []).filter((header) => !isSecret(header.HeaderName));
  headers.push({ HeaderName: ORIGIN_SECRET_HEADER, HeaderValue: value });
  origin.CustomHeaders = { Quantity: headers.length, Items: headers };
  return config;
}

async function pendingValue(parts: RotationParts, token: string): Promise<string> {
  const pending = await parts.secret.valueAt('AWSPENDING', token);
  if (!pending) throw new Error('No pending origin secret for this rotation');
  return pending;
}

/** One step of a rotation; each is safe to run again, as Secrets Manager may. */
export async function rotationStep(step: RotationStep, token: string, parts: RotationParts): Promise<void> {
  const { secret, distribution, originId } = parts;
  if (step === 'createSecret') {
    if ((await secret.valueAt('AWSPENDING', token)) !== null) return;
    await secret.putPending(token, await secret.randomValue());
  } else if (step === 'setSecret') {
    const pending = await pendingValue(parts, token);
    await parts.settle();
    const { config, etag } = await distribution.config();
    const changed = withSecret(config, originId, pending);
    if (changed) await distribution.update(changed, etag);
  } else if (step === 'testSecret') {
    const pending = await pendingValue(parts, token);
    const { config } = await distribution.config();
    if (withSecret(config, originId, pending) !== null) {
      throw new Error("The distribution's origin does not carry the pending origin secret");
    }
  } else {
    const current = await secret.currentVersion();
    if (current !== token) await secret.makeCurrent(token, current);
  }
}

type RotationStep = z.infer<typeof rotationEventSchema>['Step'];

const secretsManager = new SecretsManagerClient({});
// CloudFront's API is global; its endpoint is in us-east-1.
const cloudFront = new CloudFrontClient({ region: 'us-east-1' });

function awsSecret(secretId: string): RotatedSecret {
  return {
    async valueAt(stage, versionId) {
      try {
        const answer = await secretsManager.send(
          new GetSecretValueCommand({ SecretId: secretId, VersionStage: stage, VersionId: versionId }),
        );
        return answer.SecretString ?? null;
      } catch (error) {
        if (error instanceof ResourceNotFoundException) return null;
        throw error;
      }
    },
    async randomValue() {
      const { RandomPassword } = await secretsManager.send(
        new GetRandomPasswordCommand({ PasswordLength: ORIGIN_SECRET_LENGTH, ExcludePunctuation: true }),
      );
      if (!RandomPassword) throw new Error('Secrets Manager made no random value');
      return RandomPassword;
    },
    async putPending(versionId, value) {
      await secretsManager.send(
        new PutSecretValueCommand({
          SecretId: secretId,
          ClientRequestToken: versionId,
          SecretString: value,
          VersionStages: ['AWSPENDING'],
        }),
      );
    },
    async currentVersion() {
      const described = await secretsManager.send(new DescribeSecretCommand({ SecretId: secretId }));
      return Object.entries(described.VersionIdsToStages ?? {}).find(([, stages]) =>
        stages.includes('AWSCURRENT'),
      )?.[0];
    },
    async makeCurrent(versionId, from) {
      await secretsManager.send(
        new UpdateSecretVersionStageCommand({
          SecretId: secretId,
          VersionStage: 'AWSCURRENT',
          MoveToVersionId: versionId,
          RemoveFromVersionId: from,
        }),
      );
    },
  };
}

function awsDistribution(distributionId: string): RotatedDistribution {
  return {
    async config() {
      const answer = await cloudFront.send(new GetDistributionConfigCommand({ Id: distributionId }));
      if (!answer.DistributionConfig || !answer.ETag)
        throw new Error('CloudFront sent no distribution config');
      return { config: answer.DistributionConfig, etag: answer.ETag };
    },
    async update(config, etag) {
      await cloudFront.send(
        new UpdateDistributionCommand({ Id: distributionId, IfMatch: etag, DistributionConfig: config }),
      );
    },
  };
}

export async function handler(event: unknown): Promise<void> {
  const { SecretId, ClientRequestToken, Step } = rotationEventSchema.parse(event);
  const env = originSecretRotationConfig();
  logger.info('Rotating the origin secret', { step: Step });
  await rotationStep(Step, ClientRequestToken, {
    secret: awsSecret(SecretId),
    distribution: awsDistribution(env.DISTRIBUTION_ID),
    originId: env.ORIGIN_ID,
    settle: () => sleep(env.ORIGIN_SECRET_SETTLE_MS ?? ORIGIN_SECRET_CACHE_MS + 30_000),
  });
}
