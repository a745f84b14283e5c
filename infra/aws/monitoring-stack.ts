import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import type { StackProps } from 'aws-cdk-lib';
import type { IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  Alarm,
  AlarmStatusWidget,
  ComparisonOperator,
  Dashboard,
  GraphWidget,
  MathExpression,
  Metric,
  TreatMissingData,
} from 'aws-cdk-lib/aws-cloudwatch';
import type { IMetric } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { Topic } from 'aws-cdk-lib/aws-sns';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { Construct } from 'constructs';
import {
  metricDimensions,
  METRICS_NAMESPACE,
  SERVER_ERRORS_METRIC,
  STRIPE_WEBHOOK_FAILURES_METRIC,
  STRIPE_WEBHOOK_ROUTE_KEY,
} from '../../functions/lib/metric-names';
import { findRoute } from '../../functions/routes';
import type { Feature } from '../../functions/routes';
import { GLOBAL_INDEXES } from '../../functions/lib/table/definition';

/** `npm run deploy -- -c alarmEmail=ops@example.com`: who is told when an alarm fires. */
export const ALARM_EMAIL_CONTEXT_KEY = 'alarmEmail';

/** The thresholds the alarms use; the test and the descriptions read them from here. */
export const ALARM_THRESHOLDS = {
  /** Percent of the API's requests answered 5xx over 5 minutes… */
  apiServerErrorPercent: 1,
  /** …counted only once this many requests were made in those 5 minutes. */
  apiMinimumRequests: 10,
  /** ServerErrors of all features together in 5 minutes. */
  serverErrors: 5,
  /** Stripe webhook deliveries refused or failed in 15 minutes. */
  stripeWebhookFailures: 3,
} as const;

export interface MonitoringStackProps extends StackProps {
  readonly httpApi: IHttpApi;
  readonly functions: ReadonlyMap<Feature, IFunction>;
  readonly table: ITable;
  /** Part of the alarm and dashboard names, so stages in one account stay apart. */
  readonly stage: string;
  /** Subscribed to the alarm topic when given (CDK context `alarmEmail`). */
  readonly alarmEmail?: string;
}

const FIVE_MINUTES = Duration.minutes(5);
const FIFTEEN_MINUTES = Duration.minutes(15);

/**
 * Alarms and a dashboard for one stage: the HTTP API's 5xx rate, Lambda errors and throttles, the
 * handlers' own ServerErrors of all features (the HTTP stack turns failures into 500
 * answers, which Lambda's Errors never sees), Stripe webhook failures and DynamoDB throttling. Every alarm
 * notifies one SNS topic, which mails `alarmEmail` when given.
 */
export class MonitoringStack extends Stack {
  readonly alarmTopic: ITopic;
  readonly alarms: Alarm[] = [];
  readonly dashboard: Dashboard;

  private readonly stage: string;

  constructor(scope: Construct, id: string, props: MonitoringStackProps) {
    super(scope, id, props);
    // Before anything is added: a bad value leaves an empty stack behind.
    assertEmailAddress(props.alarmEmail);
    this.stage = props.stage;
    const { httpApi, functions, table } = props;

    this.alarmTopic = this.createAlarmTopic(props.alarmEmail);

    // --- HTTP API -----------------------------------------------------------------------------
    const apiRequests = httpApi.metricCount({ period: FIVE_MINUTES, statistic: 'Sum' });
    const api4xx = httpApi.metricClientError({ period: FIVE_MINUTES, statistic: 'Sum' });
    const api5xx = httpApi.metricServerError({ period: FIVE_MINUTES, statistic: 'Sum' });
    const { apiServerErrorPercent, apiMinimumRequests } = ALARM_THRESHOLDS;
    const api5xxRate = new MathExpression({
      expression: `IF(requests >= ${apiMinimumRequests}, 100 * errors / requests, 0)`,
      usingMetrics: { errors: api5xx, requests: apiRequests },
      period: FIVE_MINUTES,
      label: 'API 5xx (% of requests)',
    });
    this.addAlarm('Api5xxRate', {
      name: 'api-5xx-rate',
      metric: api5xxRate,
      threshold: apiServerErrorPercent,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      description:
        `More than ${apiServerErrorPercent}% of the HTTP API's requests were answered 5xx over 5 minutes ` +
        `(counted from ${apiMinimumRequests} requests). Check the dashboard's ServerErrors and Lambda ` +
        'errors to see which feature, then that function’s logs ("Unhandled error") and the API access logs.',
    });

    // --- Feature functions ----------------------------------------------------------------------
    // Lambda's account-wide Errors and Throttles: one alarm metric each, where one per function cost
    // 2 × features. With them, the alarms and the dashboard below come within 2 metrics of
    // CloudWatch's always-free allowance (10 alarm metrics, dashboards of up to 50 metrics): $0.20 a
    // month at rest (docs/cost.md). The price: they count every function of the account and region,
    // so a stage wants an account of its own; the dashboard's per-function graphs name the function.
    const lambdaErrors = LambdaFunction.metricAllErrors({ period: FIVE_MINUTES, statistic: 'Sum' });
    const lambdaThrottles = LambdaFunction.metricAllThrottles({ period: FIVE_MINUTES, statistic: 'Sum' });
    this.addAlarm('LambdaErrors', {
      name: 'lambda-errors',
      metric: lambdaErrors,
      threshold: 0,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      description:
        'A Lambda of this account and region failed outright (crash, timeout or out of memory) in the last ' +
        '5 minutes: handled errors are 500 answers and never count here. The dashboard\'s "Lambda errors" ' +
        'names the function; check its log group for "Task timed out", init errors or "Runtime exited", and ' +
        'its Duration against the timeout.',
    });
    this.addAlarm('LambdaThrottles', {
      name: 'lambda-throttles',
      metric: lambdaThrottles,
      threshold: 0,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      description:
        'A Lambda of this account and region was throttled in the last 5 minutes: callers got 429/503. ' +
        'The dashboard\'s "Lambda invocations" shows which function was busy. Check the account\'s ' +
        'concurrent executions (Lambda → Concurrency) and any reserved concurrency (the agent report ' +
        "function's is 50), and ask for a quota increase if traffic is genuine.",
    });
    // One alarm for the handlers' 500s of every feature: it reads one metric, not one per feature.
    this.addAlarm('ServerErrors', {
      name: 'server-errors',
      metric: allServerErrors(),
      threshold: ALARM_THRESHOLDS.serverErrors,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      description:
        `The handlers answered 500 at least ${ALARM_THRESHOLDS.serverErrors} times in 5 minutes. Search ` +
        'the functions\' log groups with Logs Insights for "Unhandled error" (level ERROR) to find the ' +
        'feature, the route and the stack trace (the metric, with its `feature` dimension, also splits ' +
        'them by feature in the console). DynamoDB throttling, ' +
        'Cognito or Stripe outages are the usual suspects.',
    });

    // --- Stripe webhook -------------------------------------------------------------------------
    const webhookFeature = findRoute(STRIPE_WEBHOOK_ROUTE_KEY)?.feature;
    const webhookFailures =
      webhookFeature && functions.has(webhookFeature)
        ? new Metric({
            namespace: METRICS_NAMESPACE,
            metricName: STRIPE_WEBHOOK_FAILURES_METRIC,
            dimensionsMap: metricDimensions(webhookFeature),
            statistic: 'Sum',
            period: FIFTEEN_MINUTES,
          })
        : undefined;
    if (webhookFailures) {
      this.addAlarm('StripeWebhookFailures', {
        name: 'stripe-webhook-failures',
        metric: webhookFailures,
        threshold: ALARM_THRESHOLDS.stripeWebhookFailures,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        description:
          `Stripe's webhook (${STRIPE_WEBHOOK_ROUTE_KEY}) was refused or failed at least ` +
          `${ALARM_THRESHOLDS.stripeWebhookFailures} times in 15 minutes, so subscriptions may be out of ` +
          "date. 400s: check the StripeKeys secret's webhook_secret matches the endpoint's signing secret in " +
          'the Stripe dashboard. 500s: see the billing log group; Stripe retries failed deliveries for 3 days.',
      });
    }

    // --- DynamoDB -------------------------------------------------------------------------------
    const throttleMetrics = tableThrottleMetrics(table);
    const tableThrottles = new MathExpression({
      expression: Object.keys(throttleMetrics)
        .map((id) => `FILL(${id}, 0)`)
        .join(' + '),
      usingMetrics: throttleMetrics,
      period: FIVE_MINUTES,
      label: 'Throttled reads + writes (table and indexes)',
    });
    this.addAlarm('TableThrottles', {
      name: 'dynamodb-throttles',
      metric: tableThrottles,
      threshold: 0,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      description:
        'DynamoDB throttled reads or writes on the table or its indexes in the last 5 minutes. The table ' +
        'is on-demand: check for a hot partition (CloudWatch Contributor Insights) or a burst above the ' +
        "table's on-demand throughput, and the ServerErrors it caused.",
    });

    // --- Dashboard ------------------------------------------------------------------------------
    const fns = [...functions.entries()];
    const perFunction = (title: string, metricOf: (feature: Feature, fn: IFunction) => IMetric) =>
      new GraphWidget({
        title,
        left: fns.map(([feature, fn]) => metricOf(feature, fn)),
        width: 8,
      });
    this.dashboard = new Dashboard(this, 'Dashboard', {
      dashboardName: `ItAssetAuditor-${props.stage}`,
      defaultInterval: Duration.hours(3),
    });
    this.dashboard.addWidgets(
      new AlarmStatusWidget({ title: 'Alarms', alarms: this.alarms, width: 24, height: 4 }),
    );
    this.dashboard.addWidgets(
      new GraphWidget({ title: 'API requests', left: [apiRequests.with({ label: 'Requests' })], width: 6 }),
      new GraphWidget({
        title: 'API 4xx / 5xx',
        left: [api4xx.with({ label: '4xx' }), api5xx.with({ label: '5xx' })],
        width: 6,
      }),
      new GraphWidget({ title: 'API 5xx rate (%)', left: [api5xxRate], width: 6 }),
      new GraphWidget({
        title: 'API latency p95 (ms)',
        left: [
          httpApi.metricLatency({ period: FIVE_MINUTES, statistic: 'p95', label: 'Latency p95' }),
          httpApi.metricIntegrationLatency({
            period: FIVE_MINUTES,
            statistic: 'p95',
            label: 'Integration latency p95',
          }),
        ],
        width: 6,
      }),
    );
    this.dashboard.addWidgets(
      perFunction('Lambda invocations', (feature, fn) =>
        fn.metricInvocations({ period: FIVE_MINUTES, statistic: 'Sum', label: feature }),
      ),
      // Account-wide as its alarm reads it (one per feature passed the free 50); ServerErrors names the feature.
      new GraphWidget({
        title: 'Lambda errors (account)',
        left: [lambdaErrors.with({ label: 'Errors' })],
        width: 8,
      }),
      perFunction('Lambda duration p95 (ms)', (feature, fn) =>
        fn.metricDuration({ period: FIVE_MINUTES, statistic: 'p95', label: feature }),
      ),
    );
    this.dashboard.addWidgets(
      new GraphWidget({
        title: 'Lambda throttles (account)',
        left: [lambdaThrottles.with({ label: 'Throttles' })],
        width: 8,
      }),
      new GraphWidget({
        title: 'ServerErrors (500 answers)',
        left: [allServerErrors().with({ label: 'All features' })],
        width: 8,
      }),
      new GraphWidget({
        title: 'Stripe webhook failures (15 min)',
        left: webhookFailures ? [webhookFailures.with({ label: 'Failures' })] : [],
        width: 8,
      }),
    );
    this.dashboard.addWidgets(
      new GraphWidget({
        title: 'DynamoDB consumed capacity',
        left: [
          table.metricConsumedReadCapacityUnits({ period: FIVE_MINUTES, statistic: 'Sum', label: 'Read' }),
          table.metricConsumedWriteCapacityUnits({ period: FIVE_MINUTES, statistic: 'Sum', label: 'Write' }),
        ],
        width: 12,
      }),
      new GraphWidget({
        title: 'DynamoDB throttles',
        left: [tableThrottles],
        width: 12,
      }),
    );
  }

  /** A KMS-encrypted topic CloudWatch may publish to, reachable over TLS only. */
  private createAlarmTopic(alarmEmail: string | undefined): ITopic {
    const cloudWatch = new ServicePrincipal('cloudwatch.amazonaws.com');
    // Alarms cannot publish to a topic under the AWS-managed aws/sns key: its policy is fixed.
    const key = new Key(this, 'AlarmTopicKey', {
      description: `IT Asset Auditor (${this.stage}): encrypts the alarm topic`,
      enableKeyRotation: true,
      // Only transient notifications are under it.
      removalPolicy: RemovalPolicy.DESTROY,
    });
    key.addToResourcePolicy(
      new PolicyStatement({
        principals: [cloudWatch],
        actions: ['kms:Decrypt', 'kms:GenerateDataKey*'],
        resources: ['*'],
        conditions: { StringEquals: { 'aws:SourceAccount': this.account } },
      }),
    );
    const topic = new Topic(this, 'AlarmTopic', {
      displayName: `IT Asset Auditor ${this.stage} alarms`,
      masterKey: key,
      enforceSSL: true,
    });
    topic.addToResourcePolicy(
      new PolicyStatement({
        principals: [cloudWatch],
        actions: ['sns:Publish'],
        resources: [topic.topicArn],
        conditions: {
          ArnLike: {
            'aws:SourceArn': `arn:${this.partition}:cloudwatch:${this.region}:${this.account}:alarm:*`,
          },
        },
      }),
    );
    if (alarmEmail !== undefined) topic.addSubscription(new EmailSubscription(alarmEmail));
    return topic;
  }

  private addAlarm(
    id: string,
    props: {
      name: string;
      metric: IMetric;
      threshold: number;
      comparisonOperator: ComparisonOperator;
      description: string;
    },
  ): Alarm {
    const alarm = new Alarm(this, id, {
      alarmName: `it-asset-auditor-${this.stage}-${props.name}`,
      alarmDescription: props.description,
      metric: props.metric,
      threshold: props.threshold,
      comparisonOperator: props.comparisonOperator,
      evaluationPeriods: 1,
      datapointsToAlarm: 1,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    const action = new SnsAction(this.alarmTopic);
    alarm.addAlarmAction(action);
    alarm.addOkAction(action);
    this.alarms.push(alarm);
    return alarm;
  }
}

function assertEmailAddress(value: string | undefined): void {
  if (value !== undefined && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(value)) {
    throw new Error(
      `The ${ALARM_EMAIL_CONTEXT_KEY} '${value}' is not an email address (e.g. -c ${ALARM_EMAIL_CONTEXT_KEY}=ops@example.com).`,
    );
  }
}

/** The handlers' ServerErrors of every feature: the one dimension set the alarm reads. */
function allServerErrors(): Metric {
  return new Metric({
    namespace: METRICS_NAMESPACE,
    metricName: SERVER_ERRORS_METRIC,
    dimensionsMap: metricDimensions(),
    statistic: 'Sum',
    period: FIVE_MINUTES,
  });
}

/**
 * Read and write throttle events of the table and of each global index that copies whole items
 * (reported apart). The fleet's indexes (gsi3, gsi4) are left out to keep within CloudWatch's free
 * alarm metrics: a read or write they throttle past the SDK's retries fails its request, which the
 * ServerErrors and Lambda errors alarms count.
 */
function tableThrottleMetrics(table: ITable): Record<string, IMetric> {
  const metrics: Record<string, IMetric> = {};
  const indexes = [
    undefined,
    ...GLOBAL_INDEXES.filter((index) => !index.include).map((index) => index.indexName),
  ];
  indexes.forEach((indexName, i) => {
    const dimensionsMap = {
      TableName: table.tableName,
      ...(indexName ? { GlobalSecondaryIndexName: indexName } : {}),
    };
    for (const [prefix, metricName] of [
      ['reads', 'ReadThrottleEvents'],
      ['writes', 'WriteThrottleEvents'],
    ] as const) {
      metrics[`${prefix}${i}`] = new Metric({
        namespace: 'AWS/DynamoDB',
        metricName,
        dimensionsMap,
        statistic: 'Sum',
        period: FIVE_MINUTES,
      });
    }
  });
  return metrics;
}
