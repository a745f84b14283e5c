import { Match } from 'aws-cdk-lib/assertions';
import type { Template } from 'aws-cdk-lib/assertions';
import type { Construct } from 'constructs';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  METRICS_NAMESPACE,
  METRICS_SERVICE,
  SERVER_ERRORS_METRIC,
  STRIPE_WEBHOOK_FAILURES_METRIC,
} from '../../functions/lib/metric-names';
import { featuresInUse } from '../../functions/routes';
import type { ApiStack } from '../../infra/aws/api-stack';
import type { DataStack } from '../../infra/aws/data-stack';
import { SERVICE_NAME } from '../../infra/aws/function';
import { ALARM_THRESHOLDS, MonitoringStack } from '../../infra/aws/monitoring-stack';
import type { MonitoringStackProps } from '../../infra/aws/monitoring-stack';
import { FREE_ALARM_METRICS, FREE_DASHBOARD_METRICS, MONITORING } from '../bench/cost';
import { buildApiStacks, SYNTH_TIMEOUT_MS, templateOf } from '../support/cdk-stacks';

const STAGE = 'test';

interface Resource {
  Type: string;
  Properties: Record<string, unknown>;
}
interface AlarmProperties {
  AlarmName: string;
  AlarmDescription?: string;
  AlarmActions?: unknown[];
  OKActions?: unknown[];
  TreatMissingData?: string;
  Threshold: number;
  ComparisonOperator: string;
  Namespace?: string;
  MetricName?: string;
  Period?: number;
  Dimensions?: { Name: string; Value: unknown }[];
  Metrics?: { Id: string; Expression?: string; MetricStat?: { Metric: { MetricName: string } } }[];
}
interface Statement {
  Effect: string;
  Action: string | string[];
  Condition?: Record<string, Record<string, unknown>>;
}

describe('Monitoring stack', () => {
  let data: DataStack;
  let api: ApiStack;
  let template: Template;
  let withEmail: Template;
  let badEmail: unknown;
  let alarms: Map<string, AlarmProperties>;

  function monitoring(id: string, overrides: Partial<MonitoringStackProps> = {}): MonitoringStack {
    return new MonitoringStack(api.node.scope as Construct, id, {
      httpApi: api.httpApi,
      functions: api.functions,
      table: data.table,
      stage: STAGE,
      ...overrides,
    });
  }

  function resourcesOf(t: Template, type: string): [string, Resource][] {
    return Object.entries(t.toJSON().Resources as Record<string, Resource>).filter(
      ([, resource]) => resource.Type === type,
    );
  }

  function alarm(name: string): AlarmProperties {
    const found = alarms.get(`it-asset-auditor-${STAGE}-${name}`);
    if (!found) throw new Error(`no alarm ${name}; have ${[...alarms.keys()].join(', ')}`);
    return found;
  }

  beforeAll(() => {
    ({ data, api } = buildApiStacks());
    // The app is synthesised once: every stack is added before the first template is taken.
    const stack = monitoring('Monitoring');
    const stackWithEmail = monitoring('MonitoringWithEmail', { alarmEmail: 'ops@example.com' });
    try {
      monitoring('MonitoringBadEmail', { alarmEmail: 'not-an-address' });
    } catch (error) {
      badEmail = error;
    }
    // What the refused stack left behind (nothing but itself) is not part of the app.
    api.node.scope?.node.tryRemoveChild('MonitoringBadEmail');
    template = templateOf(stack);
    withEmail = templateOf(stackWithEmail);
    alarms = new Map(
      resourcesOf(template, 'AWS::CloudWatch::Alarm').map(([, resource]) => {
        const properties = resource.Properties as unknown as AlarmProperties;
        return [properties.AlarmName, properties];
      }),
    );
  }, SYNTH_TIMEOUT_MS);

  it('emits what the alarms look for', () => {
    expect(METRICS_SERVICE).toBe(SERVICE_NAME);
  });

  it('has one alarm each for the API, Lambda errors, Lambda throttles, ServerErrors, the webhook and DynamoDB', () => {
    expect(featuresInUse()).toContain('billing');
    expect([...alarms.keys()].map((name) => name.replace(`it-asset-auditor-${STAGE}-`, '')).sort()).toEqual([
      'api-5xx-rate',
      'dynamodb-throttles',
      'lambda-errors',
      'lambda-throttles',
      'server-errors',
      'stripe-webhook-failures',
    ]);
  });

  it("evaluates as many alarm metrics as the cost model prices, two beyond CloudWatch's free 10", () => {
    const alarmMetrics = [...alarms.values()].reduce(
      (sum, properties) =>
        sum + (properties.Metrics ? properties.Metrics.filter((metric) => metric.MetricStat).length : 1),
      0,
    );
    expect(alarmMetrics).toBe(MONITORING.alarmMetrics);
    expect(alarmMetrics - FREE_ALARM_METRICS).toBeLessThanOrEqual(2);
  });

  it('alarms on the HTTP API 5xx rate above 1% once there are enough requests', () => {
    const rate = alarm('api-5xx-rate');
    expect(rate.Threshold).toBe(ALARM_THRESHOLDS.apiServerErrorPercent);
    expect(rate.ComparisonOperator).toBe('GreaterThanThreshold');
    const expression = rate.Metrics?.find((metric) => metric.Expression)?.Expression;
    expect(expression).toBe(
      `IF(requests >= ${ALARM_THRESHOLDS.apiMinimumRequests}, 100 * errors / requests, 0)`,
    );
    const names = rate.Metrics?.flatMap((metric) => metric.MetricStat?.Metric.MetricName ?? []).sort();
    expect(names).toEqual(['5xx', 'Count']);
  });

  it("alarms on any Lambda's errors and throttles with Lambda's account-wide metrics", () => {
    for (const [name, metricName] of [
      ['lambda-errors', 'Errors'],
      ['lambda-throttles', 'Throttles'],
    ] as const) {
      const properties = alarm(name);
      expect(properties).toMatchObject({
        Namespace: 'AWS/Lambda',
        MetricName: metricName,
        Threshold: 0,
        ComparisonOperator: 'GreaterThanThreshold',
        Period: 300,
      });
      expect(properties.Dimensions ?? []).toEqual([]);
    }
  });

  it('alarms on the ServerErrors of all features with one metric, the one the handlers publish with `service` alone', () => {
    const serverErrors = alarm('server-errors');
    expect(serverErrors).toMatchObject({
      Namespace: METRICS_NAMESPACE,
      MetricName: SERVER_ERRORS_METRIC,
      Threshold: ALARM_THRESHOLDS.serverErrors,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      Period: 300,
      Dimensions: [{ Name: 'service', Value: METRICS_SERVICE }],
    });
  });

  it('alarms on Stripe webhook failures: 3 in 15 minutes', () => {
    expect(alarm('stripe-webhook-failures')).toMatchObject({
      Namespace: METRICS_NAMESPACE,
      MetricName: STRIPE_WEBHOOK_FAILURES_METRIC,
      Threshold: ALARM_THRESHOLDS.stripeWebhookFailures,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      Period: 900,
      Dimensions: expect.arrayContaining([{ Name: 'feature', Value: 'billing' }]) as unknown,
    });
  });

  it('alarms on any DynamoDB read or write throttling', () => {
    const throttles = alarm('dynamodb-throttles');
    expect(throttles.Threshold).toBe(0);
    const names = new Set(throttles.Metrics?.flatMap((metric) => metric.MetricStat?.Metric.MetricName ?? []));
    expect([...names].sort()).toEqual(['ReadThrottleEvents', 'WriteThrottleEvents']);
  });

  it('gives every alarm a description, missing data as not breaching, and the topic as action', () => {
    const [[topicId]] = resourcesOf(template, 'AWS::SNS::Topic') as [[string, Resource]];
    for (const properties of alarms.values()) {
      expect(properties.AlarmDescription?.length, properties.AlarmName).toBeGreaterThan(40);
      expect(properties.TreatMissingData, properties.AlarmName).toBe('notBreaching');
      expect(properties.AlarmActions, properties.AlarmName).toEqual([{ Ref: topicId }]);
      expect(properties.OKActions, properties.AlarmName).toEqual([{ Ref: topicId }]);
    }
  });

  it('encrypts the topic with a key CloudWatch may use, and enforces TLS', () => {
    template.resourceCountIs('AWS::SNS::Topic', 1);
    template.hasResourceProperties('AWS::SNS::Topic', {
      KmsMasterKeyId: { 'Fn::GetAtt': [Match.anyValue(), 'Arn'] },
    });
    template.hasResourceProperties('AWS::KMS::Key', {
      EnableKeyRotation: true,
      KeyPolicy: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Principal: { Service: 'cloudwatch.amazonaws.com' },
            Action: ['kms:Decrypt', 'kms:GenerateDataKey*'],
          }),
        ]),
      },
    });
    const [[, policy]] = resourcesOf(template, 'AWS::SNS::TopicPolicy') as [[string, Resource]];
    const statements = (policy.Properties.PolicyDocument as { Statement: Statement[] }).Statement;
    expect(statements).toContainEqual(
      expect.objectContaining({
        Effect: 'Deny',
        Condition: { Bool: { 'aws:SecureTransport': 'false' } },
      }),
    );
    expect(statements).toContainEqual(expect.objectContaining({ Effect: 'Allow', Action: 'sns:Publish' }));
  });

  it('has no email subscription without alarmEmail', () => {
    template.resourceCountIs('AWS::SNS::Subscription', 0);
  });

  it('subscribes alarmEmail to the topic when given, and refuses what is not an address', () => {
    withEmail.resourceCountIs('AWS::SNS::Subscription', 1);
    withEmail.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'email',
      Endpoint: 'ops@example.com',
    });
    expect(badEmail).toBeInstanceOf(Error);
    expect((badEmail as Error).message).toMatch(/not an email address/);
  });

  it("has the stage's dashboard with the API, functions, custom metrics, DynamoDB and alarm status", () => {
    template.resourceCountIs('AWS::CloudWatch::Dashboard', 1);
    const [[, dashboard]] = resourcesOf(template, 'AWS::CloudWatch::Dashboard') as [[string, Resource]];
    expect(dashboard.Properties.DashboardName).toBe(`ItAssetAuditor-${STAGE}`);
    const body = JSON.stringify(dashboard.Properties.DashboardBody);
    for (const text of [
      '"type\\":\\"alarm\\"',
      'API requests',
      '5xx',
      '4xx',
      'p95',
      'Invocations',
      'Errors',
      'Throttles',
      'Duration',
      SERVER_ERRORS_METRIC,
      STRIPE_WEBHOOK_FAILURES_METRIC,
      'ConsumedReadCapacityUnits',
      'ConsumedWriteCapacityUnits',
      'ReadThrottleEvents',
    ]) {
      expect(body, text).toContain(text);
    }
  });

  it("shows as many metrics as the cost model prices, within the free tier's 50 a dashboard", () => {
    const [[, dashboard]] = resourcesOf(template, 'AWS::CloudWatch::Dashboard') as [[string, Resource]];
    const body = JSON.parse(dashboardBodyText(dashboard.Properties.DashboardBody)) as {
      widgets: { properties: { metrics?: unknown[][] } }[];
    };
    // A metric is an array that starts with its namespace; an expression is an array holding only
    // an options object. The same metric on two graphs counts once.
    const metrics = new Set(
      body.widgets.flatMap((widget) =>
        (widget.properties.metrics ?? [])
          .filter((entry) => typeof entry[0] === 'string')
          .map((entry) =>
            JSON.stringify(entry.map((part) => (typeof part === 'string' ? part : statOf(part)))),
          ),
      ),
    );
    expect(metrics.size).toBe(MONITORING.dashboardMetrics);
    expect(metrics.size).toBeLessThanOrEqual(FREE_DASHBOARD_METRICS);
  });
});

/**
 * The body as synthesised: a string, or Fn::Join of strings and tokens (a function's name, the
 * table's), each token replaced by a placeholder of its own.
 */
function dashboardBodyText(body: unknown): string {
  if (typeof body === 'string') return body;
  const [separator, parts] = (body as { 'Fn::Join': [string, unknown[]] })['Fn::Join'];
  const tokens = new Map<string, number>();
  return parts
    .map((part) => {
      if (typeof part === 'string') return part;
      const key = JSON.stringify(part);
      if (!tokens.has(key)) tokens.set(key, tokens.size);
      return `token-${tokens.get(key)}`;
    })
    .join(separator);
}

/** What in a metric's options makes it another metric: its statistic and period, not its label. */
function statOf(options: unknown): unknown {
  const { stat, period } = options as { stat?: string; period?: number };
  return { stat, period };
}
