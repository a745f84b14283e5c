import { Duration, Stack } from 'aws-cdk-lib';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { CfnFunction, Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { Schedule, ScheduleExpression } from 'aws-cdk-lib/aws-scheduler';
import { LambdaInvoke } from 'aws-cdk-lib/aws-scheduler-targets';
import { Construct } from 'constructs';
import { GLOBAL_INDEXES } from '../../functions/lib/table/definition';
import { APP_URL_CONTEXT_KEY, grantSendEmail, TABLE_READ_ACTIONS } from './function';
import { handlerFunction, type HandlerFunctionProps } from './handler-function';
import { acknowledge } from './nag';

/** The scheduled handler, from the repository root. */
export const ALERT_DIGEST_HANDLER = 'functions/alerts/daily-digest.ts';
/** Every day at 07:00 UTC: before the working day in Europe, the evening before in the Americas. */
export const ALERT_DIGEST_CRON = { minute: '0', hour: '7' } as const;

export type AlertDigestProps = HandlerFunctionProps;

/**
 * The daily alert digest (issue 27): an EventBridge Scheduler schedule invokes a function of its own
 * that walks the organisations and emails each one's digest to the admins who opted in. It reads the
 * table, puts one item a day per organisation (that its digest went) and sends email, nothing more.
 * The schedule invokes it asynchronously, so a run that throws (an organisation failed, time ran
 * out) is retried by Lambda and carries on where it stopped.
 */
export class AlertDigest extends Construct {
  readonly function: LambdaFunction;
  readonly schedule: Schedule;

  constructor(scope: Construct, id: string, props: AlertDigestProps) {
    super(scope, id);
    const appUrl = this.node.tryGetContext(APP_URL_CONTEXT_KEY) as string | undefined;
    const fn = handlerFunction(this, {
      ...props,
      handler: ALERT_DIGEST_HANDLER,
      memoryMb: 512,
      timeout: Duration.minutes(10),
      ...(appUrl ? { environment: { APP_URL: appUrl } } : {}),
    });
    fn.addToRolePolicy(
      new PolicyStatement({
        // Reads, and the day's mark of each organisation (a conditional put): no update, no delete.
        actions: [...TABLE_READ_ACTIONS, 'dynamodb:PutItem'],
        resources: [
          props.table.tableArn,
          ...GLOBAL_INDEXES.map((index) => `${props.table.tableArn}/index/${index.indexName}`),
        ],
      }),
    );
    fn.addEnvironment('MAIL_FROM', grantSendEmail(fn));
    // A role of its own (not the stack's shared scheduler role), so that its one finding is acknowledged here.
    const scheduleRole = new Role(this, 'ScheduleRole', {
      assumedBy: new ServicePrincipal('scheduler.amazonaws.com', {
        conditions: { StringEquals: { 'aws:SourceAccount': Stack.of(this).account } },
      }),
    });
    const functionLogicalId = Stack.of(this).getLogicalId(fn.node.defaultChild as CfnFunction);
    acknowledge(scheduleRole, {
      id: `AwsSolutions-IAM5[Resource::<${functionLogicalId}.Arn>:*]`,
      reason:
        "Lambda's grantInvoke names the digest function and its versions (ARN:*): that one function, invoke only.",
    });
    this.schedule = new Schedule(this, 'Schedule', {
      description:
        'Emails each organisation its daily alert digest (machines offline, warranties, full disks)',
      schedule: ScheduleExpression.cron(ALERT_DIGEST_CRON),
      target: new LambdaInvoke(fn, { role: scheduleRole, retryAttempts: 2, maxEventAge: Duration.hours(6) }),
    });
    this.function = fn;
  }
}
