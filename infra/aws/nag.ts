import { Duration, RemovalPolicy, Stack, Token, Validations, type App } from 'aws-cdk-lib';
import {
  BlockPublicAccess,
  Bucket,
  BucketEncryption,
  ObjectOwnership,
  type CfnBucket,
  type IBucket,
} from 'aws-cdk-lib/aws-s3';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';

/**
 * cdk-nag's AwsSolutions pack runs on every synth (app.ts) and in the infra tests. A finding is
 * either fixed or acknowledged here, on the construct it is about, with the reason in one line.
 */
export function addNagChecks(app: App): void {
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
}

export interface Acknowledgement {
  /** The rule, with its finding where the rule has several: 'AwsSolutions-IAM5[Resource::*]'. */
  id: string;
  reason: string;
}

export function acknowledge(construct: IConstruct, ...acknowledgements: Acknowledgement[]): void {
  for (const { id, reason } of acknowledgements) Validations.of(construct).acknowledge({ id, reason });
}

/**
 * CDK's BucketDeployment runs a singleton Lambda of CDK's own (its runtime, its managed
 * execution policy and its wildcard S3 grants on the staging and destination buckets). Its
 * findings are acknowledged on that provider, found by the id CDK gives it.
 */
export function acknowledgeBucketDeploymentProvider(stack: Stack, destinations: IBucket[]): void {
  const provider = stack.node.children.filter((child) =>
    child.node.id.startsWith('Custom::CDKBucketDeployment'),
  );
  for (const construct of provider) {
    const policy = construct.node.tryFindChild('ServiceRole')?.node.tryFindChild('DefaultPolicy');
    const wildcards = policy
      ? [
          'Action::s3:GetObject*',
          'Action::s3:GetBucket*',
          'Action::s3:List*',
          'Action::s3:DeleteObject*',
          'Action::s3:Abort*',
          'Resource::*',
          // CDK's bootstrap asset bucket, where the files are staged.
          `Resource::arn:<AWS::Partition>:s3:::cdk-hnb659fds-assets-${known(stack.account, '<AWS::AccountId>')}-${known(stack.region, '<AWS::Region>')}/*`,
          ...destinations.map((bucket) => `Resource::<${bucketLogicalId(bucket)}.Arn>/*`),
        ]
      : [];
    acknowledge(
      construct,
      {
        id: 'AwsSolutions-L1',
        reason: "CDK's BucketDeployment provider: its runtime is set by aws-cdk-lib.",
      },
      {
        id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
        reason: "CDK's BucketDeployment provider writes its logs with the managed basic execution policy.",
      },
      ...wildcards.map((finding) => ({
        id: `AwsSolutions-IAM5[${finding}]`,
        reason:
          "CDK's BucketDeployment provider copies every file of the deployment, so its S3 grants are per object.",
      })),
    );
  }
}

/** An environment value as cdk-nag writes it: the value when the stack knows it, else the pseudo parameter. */
function known(value: string, pseudo: string): string {
  return Token.isUnresolved(value) ? pseudo : value;
}

function bucketLogicalId(bucket: IBucket): string {
  const stack = Stack.of(bucket);
  return stack.resolve(stack.getLogicalId(bucket.node.defaultChild as CfnBucket)) as string;
}

/**
 * A private, encrypted, TLS-only bucket for S3 server access logs and CloudFront's standard logs,
 * kept 90 days and retained with the stack. Both log deliveries write with ACLs (CDK grants S3's
 * through LogDeliveryWrite), hence object-writer ownership.
 */
export function accessLogsBucket(stack: Stack, id: string): Bucket {
  const bucket = new Bucket(stack, id, {
    blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
    encryption: BucketEncryption.S3_MANAGED,
    enforceSSL: true,
    objectOwnership: ObjectOwnership.OBJECT_WRITER,
    lifecycleRules: [{ expiration: Duration.days(90) }],
    removalPolicy: RemovalPolicy.RETAIN,
  });
  acknowledge(bucket, {
    id: 'AwsSolutions-S1',
    reason: 'This bucket is the access-log destination; logging it into itself would loop.',
  });
  return bucket;
}
