import { RemovalPolicy, Stack, CfnOutput } from 'aws-cdk-lib';
import type { StackProps } from 'aws-cdk-lib';
import { AttributeType, BillingMode, ProjectionType, Table } from 'aws-cdk-lib/aws-dynamodb';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { BlockPublicAccess, Bucket, BucketEncryption, type IBucket } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, Source } from 'aws-cdk-lib/aws-s3-deployment';
import type { Construct } from 'constructs';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { AGENT_BUNDLE_FILE_NAME } from '../../shared/agent-data';
import { AGENT_UPDATES_FOLDER } from '../../shared/agent-updates';
import { GLOBAL_INDEXES, TABLE_KEYS, TTL_ATTRIBUTE } from '../../functions/lib/table/definition';
import { accessLogsBucket, acknowledgeBucketDeploymentProvider } from './nag';

/**
 * `-c tableIndexes=<n>`: only the first n global indexes of definition.ts. CloudFormation adds one
 * global index to an existing table per stack update, so a table from before new indexes gets them
 * one deploy of the Data stack at a time (docs/deploy.md, "Rolling out new indexes"). All of them
 * when not given.
 */
export const TABLE_INDEXES_CONTEXT_KEY = 'tableIndexes';

function indexesToDeploy(scope: Construct): number {
  const value: unknown = scope.node.tryGetContext(TABLE_INDEXES_CONTEXT_KEY);
  if (value === undefined) return GLOBAL_INDEXES.length;
  const count = Number(value);
  if (!Number.isInteger(count) || count < 1 || count > GLOBAL_INDEXES.length) {
    throw new Error(
      `-c ${TABLE_INDEXES_CONTEXT_KEY}=${String(value)}: give how many of the table's ${GLOBAL_INDEXES.length} global indexes to deploy (1 to ${GLOBAL_INDEXES.length}).`,
    );
  }
  return count;
}

export interface DataStackProps extends StackProps {
  /** The folder of the built agent installer (`npm run build:agent`); uploaded when it holds the zip. */
  readonly agentBundleDir?: string;
}

/**
 * The single DynamoDB table, shaped by functions/lib/table/definition.ts like the local one, and
 * the private bucket the agent installer is downloaded from through presigned URLs.
 */
export class DataStack extends Stack {
  readonly table: ITable;
  readonly agentBundles: IBucket;

  constructor(scope: Construct, id: string, props: DataStackProps = {}) {
    super(scope, id, props);

    const table = new Table(this, 'Table', {
      partitionKey: { name: TABLE_KEYS.partitionKey, type: AttributeType.STRING },
      sortKey: { name: TABLE_KEYS.sortKey, type: AttributeType.STRING },
      billingMode: BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      deletionProtection: true,
      timeToLiveAttribute: TTL_ATTRIBUTE,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    for (const index of GLOBAL_INDEXES.slice(0, indexesToDeploy(this))) {
      table.addGlobalSecondaryIndex({
        indexName: index.indexName,
        partitionKey: { name: index.partitionKey, type: AttributeType.STRING },
        sortKey: { name: index.sortKey, type: AttributeType.STRING },
        ...(index.include
          ? { projectionType: ProjectionType.INCLUDE, nonKeyAttributes: [...index.include] }
          : { projectionType: ProjectionType.ALL }),
      });
    }
    this.table = table;

    const agentBundles = new Bucket(this, 'AgentBundles', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      serverAccessLogsBucket: accessLogsBucket(this, 'AccessLogs'),
      serverAccessLogsPrefix: 'agent-bundles/',
      removalPolicy: RemovalPolicy.RETAIN,
    });
    const bundleDir = props.agentBundleDir;
    if (bundleDir && existsSync(join(bundleDir, AGENT_BUNDLE_FILE_NAME))) {
      new BucketDeployment(this, 'AgentBundle', {
        sources: [Source.asset(bundleDir, { exclude: ['*', `!${AGENT_BUNDLE_FILE_NAME}`] })],
        destinationBucket: agentBundles,
        prune: false,
      });
    }
    // The agent updates' TUF repository (agent/build/updates.ts) under updates/: never pruned, since
    // earlier releases stay listed (a Windows rollback fetches the previous MSI).
    if (bundleDir && existsSync(join(bundleDir, AGENT_UPDATES_FOLDER, 'metadata', 'timestamp.json'))) {
      new BucketDeployment(this, 'AgentUpdates', {
        sources: [Source.asset(join(bundleDir, AGENT_UPDATES_FOLDER))],
        destinationBucket: agentBundles,
        destinationKeyPrefix: `${AGENT_UPDATES_FOLDER}/`,
        prune: false,
      });
    }
    this.agentBundles = agentBundles;
    acknowledgeBucketDeploymentProvider(this, [agentBundles]);

    new CfnOutput(this, 'TableName', { value: table.tableName });
    new CfnOutput(this, 'AgentBundlesBucket', { value: agentBundles.bucketName });
  }
}
