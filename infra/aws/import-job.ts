import { Duration, Stack } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import {
  Tracing,
  type CfnFunction,
  type Function as LambdaFunction,
  type IFunction,
} from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';
import { IMPORT_JOB_HANDLER, IMPORT_JOB_SETTINGS } from '../function-settings';
import { TABLE_READ_ACTIONS, TABLE_WRITE_ACTIONS } from './function';
import { handlerFunction, type HandlerFunctionProps } from './handler-function';
import { acknowledge } from './nag';

export type ImportJobProps = HandlerFunctionProps;

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
    const fn = handlerFunction(this, {
      ...props,
      handler: IMPORT_JOB_HANDLER,
      memoryMb: IMPORT_JOB_SETTINGS.memoryMb,
      timeout: Duration.seconds(IMPORT_JOB_SETTINGS.timeoutSeconds),
      tracing: Tracing.ACTIVE,
    });
    fn.configureAsyncInvoke({ retryAttempts: IMPORT_JOB_RETRIES, maxEventAge: IMPORT_JOB_MAX_EVENT_AGE });
    fn.addToRolePolicy(
      new PolicyStatement({
        actions: [...TABLE_READ_ACTIONS, ...TABLE_WRITE_ACTIONS],
        resources: [props.table.tableArn],
      }),
    );
    acknowledge(fn, {
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason: 'X-Ray tracing (PutTraceSegments, PutTelemetryRecords) has no resource-level permissions.',
    });
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
