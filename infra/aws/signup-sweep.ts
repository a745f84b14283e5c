import { Duration } from 'aws-cdk-lib';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction as LambdaTarget } from 'aws-cdk-lib/aws-events-targets';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';
import { GLOBAL_INDEXES } from '../../functions/lib/table/definition';
import { TABLE_READ_ACTIONS } from './function';
import { handlerFunction, type HandlerFunctionProps } from './handler-function';

/** The sweep's handler, from the repository root. */
export const SIGNUP_SWEEP_HANDLER = 'functions/auth/expire-signups.ts';
export const SIGNUP_SWEEP_SCHEDULE = Duration.hours(1);

export type SignupSweepProps = HandlerFunctionProps;

/**
 * Every hour, sign-ups whose emailed code was not entered within a day are removed with their
 * organisation and Cognito user (issue 25), which frees their address. It reads the unconfirmed
 * sign-ups' index, deletes single items in transactions and Cognito users, nothing more.
 */
export class SignupSweep extends Construct {
  readonly function: LambdaFunction;

  constructor(scope: Construct, id: string, props: SignupSweepProps) {
    super(scope, id);
    const fn = handlerFunction(this, {
      ...props,
      handler: SIGNUP_SWEEP_HANDLER,
      memoryMb: 256,
      timeout: Duration.minutes(5),
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
    new Rule(this, 'Schedule', {
      description: 'Removes company sign-ups whose emailed code was not entered within a day',
      schedule: Schedule.rate(SIGNUP_SWEEP_SCHEDULE),
      targets: [new LambdaTarget(fn)],
    });
    this.function = fn;
  }
}
