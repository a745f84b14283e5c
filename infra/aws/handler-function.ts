import type { Duration } from 'aws-cdk-lib';
import type { IUserPool, IUserPoolClient } from 'aws-cdk-lib/aws-cognito';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Architecture, Function as LambdaFunction, type Tracing } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { BUNDLE_HANDLER } from './bundling';
import { bundledCode, FEATURE_RUNTIME, SERVICE_NAME } from './function';
import { acknowledge } from './nag';

/** What a function behind no route needs: the data it reads, and its own size and time. */
export interface HandlerFunctionProps {
  readonly table: ITable;
  readonly userPool: IUserPool;
  readonly userPoolClient: IUserPoolClient;
}

/**
 * A function of ours that no route serves (the sign-up sweep, the alert digest, the CSV import's
 * job): one handler module (its path from the repository root) bundled as the features are, Node 24
 * on ARM64, its log group kept a month, the handlers' environment. Its construct is `Function`
 * and its log group `Logs` inside `scope`; the caller adds its grants.
 */
export function handlerFunction(
  scope: Construct,
  props: HandlerFunctionProps & {
    handler: string;
    memoryMb: number;
    timeout: Duration;
    tracing?: Tracing;
    environment?: Record<string, string>;
  },
): LambdaFunction {
  const fn = new LambdaFunction(scope, 'Function', {
    code: bundledCode(props.handler),
    handler: BUNDLE_HANDLER,
    runtime: FEATURE_RUNTIME,
    architecture: Architecture.ARM_64,
    memorySize: props.memoryMb,
    timeout: props.timeout,
    ...(props.tracing ? { tracing: props.tracing } : {}),
    logGroup: new LogGroup(scope, 'Logs', { retention: RetentionDays.ONE_MONTH }),
    environment: {
      TABLE_NAME: props.table.tableName,
      USER_POOL_ID: props.userPool.userPoolId,
      USER_POOL_CLIENT_ID: props.userPoolClient.userPoolClientId,
      POWERTOOLS_SERVICE_NAME: SERVICE_NAME,
      LOG_LEVEL: 'INFO',
      ...props.environment,
    },
  });
  acknowledge(fn, {
    id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
    reason: 'The managed basic execution policy only lets the function write its own CloudWatch logs.',
  });
  return fn;
}
