import { Duration, Stack } from 'aws-cdk-lib';
import type { IUserPool, IUserPoolClient } from 'aws-cdk-lib/aws-cognito';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import {
  Architecture,
  Function as LambdaFunction,
  Tracing,
  type CfnFunction,
  type IFunction,
} from 'aws-cdk-lib/aws-lambda';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { IMPORT_JOB_HANDLER, IMPORT_JOB_SETTINGS } from '../function-settings';
import { BUNDLE_HANDLER } from './bundling';
import {
  bundledCode,
  FEATURE_RUNTIME,
  SERVICE_NAME,
  TABLE_READ_ACTIONS,
  TABLE_WRITE_ACTIONS,
} from './function';
import { acknowledge } from './nag';

export interface ImportJobProps {
  readonly table: ITable;
  readonly userPool: IUserPool;
  readonly userPoolClient: IUserPoolClient;
}

/** How long Lambda keeps trying an import's event: its first run and two retries, within six hours. */
export const IMPORT_JOB_RETRIES = 2;
export const IMPORT_JOB_MAX_EVENT_AGE = Duration.hours(6);

/**
 * The CSV import's job (issue 34): a function of its own that the hardware function starts
 * asynchronously with the job to run (functions/hardware/import-job.ts). It reads the organisation's
 * items and writes the rows, the job's progress and the plan guard's lease: the table only, no
 * index, no batch write, no scan. Lambda retries a failed run twice; the job resumes from its
 * recorded progress.
 */
export class ImportJob extends Construct {
  readonly function: LambdaFunction;

  constructor(scope: Construct, id: string, props: ImportJobProps) {
    super(scope, id);
    const fn = new LambdaFunction(this, 'Function', {
      code: bundledCode(IMPORT_JOB_HANDLER),
      handler: BUNDLE_HANDLER,
      runtime: FEATURE_RUNTIME,
      architecture: Architecture.ARM_64,
      memorySize: IMPORT_JOB_SETTINGS.memoryMb,
      timeout: Duration.seconds(IMPORT_JOB_SETTINGS.timeoutSeconds),
      tracing: Tracing.ACTIVE,
      logGroup: new LogGroup(this, 'Logs', { retention: RetentionDays.ONE_MONTH }),
      environment: {
        TABLE_NAME: props.table.tableName,
        USER_POOL_ID: props.userPool.userPoolId,
        USER_POOL_CLIENT_ID: props.userPoolClient.userPoolClientId,
        POWERTOOLS_SERVICE_NAME: SERVICE_NAME,
        LOG_LEVEL: 'INFO',
      },
    });
    fn.configureAsyncInvoke({ retryAttempts: IMPORT_JOB_RETRIES, maxEventAge: IMPORT_JOB_MAX_EVENT_AGE });
    fn.addToRolePolicy(
      new PolicyStatement({
        actions: [...TABLE_READ_ACTIONS, ...TABLE_WRITE_ACTIONS],
        resources: [props.table.tableArn],
      }),
    );
    acknowledge(
      fn,
      {
        id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
        reason: 'The managed basic execution policy only lets the function write its own CloudWatch logs.',
      },
      {
        id: 'AwsSolutions-IAM5[Resource::*]',
        reason: 'X-Ray tracing (PutTraceSegments, PutTelemetryRecords) has no resource-level permissions.',
      },
    );
    this.function = fn;
  }

  /** Lets `starter` (the hardware function) start jobs: invoke this function, and its name in IMPORT_JOB_FUNCTION. */
  grantStart(starter: LambdaFunction & IFunction): void {
    this.function.grantInvoke(starter);
    starter.addEnvironment('IMPORT_JOB_FUNCTION', this.function.functionName);
    const functionLogicalId = Stack.of(this).getLogicalId(this.function.node.defaultChild as CfnFunction);
    acknowledge(starter, {
      id: `AwsSolutions-IAM5[Resource::<${functionLogicalId}.Arn>:*]`,
      reason:
        "Lambda's grantInvoke names the import job's function and its versions (ARN:*): that one function, invoke only.",
    });
  }
}
