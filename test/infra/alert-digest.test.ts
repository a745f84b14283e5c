import { Match, type Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { ALERT_DIGEST_CRON } from '../../infra/aws/alert-digest';
import type { ApiStack } from '../../infra/aws/api-stack';
import { apiStackTemplate, type ApiStackTemplate } from '../support/api-stack-template';
import { buildApiStacks, SYNTH_TIMEOUT_MS, templateOf } from '../support/cdk-stacks';

/** The daily alert digest (issue 27): an EventBridge Scheduler schedule and a function of its own. */
describe('Alert digest', () => {
  let api: ApiStack;
  let template: Template;
  let read: ApiStackTemplate;

  beforeAll(() => {
    api = buildApiStacks().api;
    template = templateOf(api);
    read = apiStackTemplate(api, template);
  }, SYNTH_TIMEOUT_MS);

  const digestFunctionId = () => {
    const [found] = read
      .ofType('AWS::Lambda::Function')
      .filter(([id]) => id.startsWith('AlertDigest'))
      .map(([id]) => id);
    if (!found) throw new Error('no alert digest function');
    return found;
  };

  it('invokes its function once a day through EventBridge Scheduler, with retries', () => {
    const schedules = read.ofType('AWS::Scheduler::Schedule').map(([, schedule]) => schedule.Properties);
    expect(schedules).toHaveLength(1);
    expect(schedules[0]).toMatchObject({
      ScheduleExpression: `cron(${ALERT_DIGEST_CRON.minute} ${ALERT_DIGEST_CRON.hour} * * ? *)`,
      State: 'ENABLED',
      FlexibleTimeWindow: { Mode: 'OFF' },
      Target: {
        Arn: { 'Fn::GetAtt': [digestFunctionId(), 'Arn'] },
        RetryPolicy: { MaximumRetryAttempts: 2 },
      },
    });
    // The schedule's role may invoke that function and nothing else.
    const roleId = (schedules[0]?.Target as { RoleArn: { 'Fn::GetAtt': [string, string] } }).RoleArn[
      'Fn::GetAtt'
    ][0];
    const rolePolicies = read
      .ofType('AWS::IAM::Policy')
      .filter(([, policy]) => JSON.stringify(policy.Properties.Roles).includes(roleId))
      .map(([, policy]) => JSON.stringify(policy.Properties.PolicyDocument));
    expect(rolePolicies.join()).toContain('lambda:InvokeFunction');
    expect(rolePolicies.join()).toContain(digestFunctionId());
    expect(rolePolicies.join()).not.toMatch(/dynamodb|ses:/);
  });

  it('runs the scheduled handler with the table, the pool and the From address in its environment', () => {
    template.hasResourceProperties('AWS::Lambda::Function', {
      Handler: 'index.handler',
      Architectures: ['arm64'],
      Environment: {
        Variables: Match.objectLike({
          TABLE_NAME: Match.anyValue(),
          USER_POOL_ID: Match.anyValue(),
          MAIL_FROM: Match.stringLikeRegexp('@'),
        }),
      },
    });
    expect(read.resources[digestFunctionId()]?.Properties).toMatchObject({ Timeout: 600 });
  });

  it('reads the table, puts the day’s marks and sends email: no update, delete, batch write or scan', () => {
    const policies = Object.entries(template.findResources('AWS::IAM::Policy')).filter(([id]) =>
      id.startsWith('AlertDigestFunction'),
    );
    expect(policies.length).toBeGreaterThan(0);
    const actions = JSON.stringify(policies.map(([, policy]) => policy));
    for (const action of ['dynamodb:Query', 'dynamodb:BatchGetItem', 'dynamodb:PutItem', 'ses:SendEmail'])
      expect(actions).toContain(action);
    for (const action of [
      'dynamodb:UpdateItem',
      'dynamodb:DeleteItem',
      'dynamodb:BatchWriteItem',
      'dynamodb:Scan',
      'cognito-idp',
      'ses:SendRawEmail',
    ])
      expect(actions).not.toContain(action);
    expect(actions).not.toContain('"Resource":"*"');
  });
});
