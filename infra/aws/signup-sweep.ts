import { Duration } from 'aws-cdk-lib';
import type { IUserPool, IUserPoolClient } from 'aws-cdk-lib/aws-cognito';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction as LambdaTarget } from 'aws-cdk-lib/aws-events-targets';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Architecture, Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { GLOBAL_INDEXES } from '../../functions/lib/table/definition';
import { BUNDLE_HANDLER } from './bundling';
import { bundledCode, FEATURE_RUNTIME, SERVICE_NAME, TABLE_READ_ACTIONS } from './function';
import { acknowledge } from './nag';

/** The sweep's handler, from the repository root. */
export const SIGNUP_SWEEP_HANDLER = 'functions/auth/expire-signups.ts';
export const SIGNUP_SWEEP_SCHEDULE = Duration.hours(1);

export interface SignupSweepProps {
  readonly table: ITable;
  readonly userPool: IUserPool;
  readonly userPoolClient: IUserPoolClient;
}

/**
 * Every hour, sign-ups whose emailed code was not entered within a day are removed with their
 * organisation and Cognito user (issue 25), which frees their address. It reads the unconfirmed
 * sign-ups' index, deletes single items in transactions and Cognito users, nothing more.
 */
export class SignupSweep extends Construct {
  readonly function: LambdaFunction;

  constructor(scope: Construct, id: string, props: SignupSweepProps) {
    super(scope, id);
    const fn = new LambdaFunction(this, 'Function', {
      code: bundledCode(SIGNUP_SWEEP_HANDLER),
      handler: BUNDLE_HANDLER,
      runtime: FEATURE_RUNTIME,
      architecture: Architecture.ARM_64,
      memorySize: 256,
      timeout: Duration.minutes(5),
      logGroup: new LogGroup(this, 'Logs', { retention: RetentionDays.ONE_MONTH }),
      environment: {
        TABLE_NAME: props.table.tableName,
        USER_POOL_ID: props.userPool.userPoolId,
        USER_POOL_CLIENT_ID: props.userPoolClient.userPoolClientId,
        POWERTOOLS_SERVICE_NAME: SERVICE_NAME,
        LOG_LEVEL: 'INFO',
      },
    });
    fn.addToRolePolicy(
      new PolicyStatement({
        // Transactions of deletes: no PutItem, no BatchWriteItem.
        actions: [...TABLE_READ_ACTIONS, 'dynamodb:DeleteItem'],
        resources: [
          props.table.tableArn,
          ...GLOBAL_INDEXES.map((index) => `${props.table.tableArn}/index/${index.indexName}`),
        ],
      }),
    );
    props.userPool.grant(fn, 'cognito-idp:AdminDeleteUser');
    acknowledge(fn, {
      id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
      reason: 'The managed basic execution policy only lets the function write its own CloudWatch logs.',
    });
    new Rule(this, 'Schedule', {
      description: 'Removes company sign-ups whose emailed code was not entered within a day',
      schedule: Schedule.rate(SIGNUP_SWEEP_SCHEDULE),
      targets: [new LambdaTarget(fn)],
    });
    this.function = fn;
  }
}
