import { Duration, Stack } from 'aws-cdk-lib';
import type { IDistribution } from 'aws-cdk-lib/aws-cloudfront';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Architecture, Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { RotationSchedule, type ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { BUNDLE_HANDLER } from './bundling';
import { bundledCode, FEATURE_RUNTIME, SERVICE_NAME } from './function';
import { acknowledge } from './nag';

/** The rotation's handler, from the repository root. */
export const ORIGIN_SECRET_ROTATION_HANDLER = 'functions/edge/origin-secret-rotation.ts';
export const ORIGIN_SECRET_ROTATION_DAYS = 30;

export interface OriginSecretRotationProps {
  readonly secret: ISecret;
  readonly distribution: IDistribution;
  /** The id of the distribution's origin that carries the secret header (the API's). */
  readonly originId: string;
}

/**
 * Rotates CloudFront's origin secret every 30 days (issue 35): Secrets Manager runs the function's
 * four steps (functions/edge/origin-secret-rotation.ts), which changes the secret and the
 * distribution's origin header, and nothing else: GetDistributionConfig and UpdateDistribution on
 * this one distribution. setSecret waits 5½ minutes for the API's containers, so 10 minutes.
 */
export class OriginSecretRotation extends Construct {
  readonly function: LambdaFunction;

  constructor(scope: Construct, id: string, props: OriginSecretRotationProps) {
    super(scope, id);
    const fn = new LambdaFunction(this, 'Function', {
      code: bundledCode(ORIGIN_SECRET_ROTATION_HANDLER),
      handler: BUNDLE_HANDLER,
      runtime: FEATURE_RUNTIME,
      architecture: Architecture.ARM_64,
      memorySize: 256,
      timeout: Duration.minutes(10),
      logGroup: new LogGroup(this, 'Logs', { retention: RetentionDays.ONE_MONTH }),
      environment: {
        DISTRIBUTION_ID: props.distribution.distributionId,
        ORIGIN_ID: props.originId,
        POWERTOOLS_SERVICE_NAME: SERVICE_NAME,
        LOG_LEVEL: 'INFO',
      },
    });
    acknowledge(fn, {
      id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
      reason: 'The managed basic execution policy only lets the function write its own CloudWatch logs.',
    });
    fn.addToRolePolicy(
      new PolicyStatement({
        actions: ['cloudfront:GetDistributionConfig', 'cloudfront:UpdateDistribution'],
        resources: [
          Stack.of(this).formatArn({
            service: 'cloudfront',
            region: '',
            resource: 'distribution',
            resourceName: props.distribution.distributionId,
          }),
        ],
      }),
    );
    // GetRandomPassword has no resource: it reads no secret, it makes a random string.
    fn.addToRolePolicy(
      new PolicyStatement({ actions: ['secretsmanager:GetRandomPassword'], resources: ['*'] }),
    );
    acknowledge(fn, {
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason: 'secretsmanager:GetRandomPassword has no resource-level permissions; it reads no secret.',
    });
    new RotationSchedule(this, 'Schedule', {
      secret: props.secret,
      rotationLambda: fn,
      automaticallyAfter: Duration.days(ORIGIN_SECRET_ROTATION_DAYS),
      // The first value is Secrets Manager's, made at deploy: no rotation is needed on each deploy.
      rotateImmediatelyOnUpdate: false,
    });
    this.function = fn;
  }
}
