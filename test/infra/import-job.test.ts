import type { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiStack } from '../../infra/aws/api-stack';
import { IMPORT_JOB_SETTINGS } from '../../infra/function-settings';
import { IMPORT_JOB_RETRIES } from '../../infra/aws/import-job';
import { apiStackTemplate, type ApiStackTemplate, type Statement } from '../support/api-stack-template';
import { buildApiStacks, SYNTH_TIMEOUT_MS, templateOf } from '../support/cdk-stacks';

/**
 * The CSV import's job (issue 34): a function of its own, started asynchronously by the hardware
 * function, with Lambda's retries, a log group like the others, and the table only.
 */
describe('CSV import job', () => {
  let api: ApiStack;
  let template: Template;
  let read: ApiStackTemplate;

  beforeAll(() => {
    api = buildApiStacks().api;
    template = templateOf(api);
    read = apiStackTemplate(api, template);
  }, SYNTH_TIMEOUT_MS);

  const jobFunctionId = () => {
    const found = read
      .ofType('AWS::Lambda::Function')
      .filter(([id]) => id.startsWith('ImportJob'))
      .map(([id]) => id);
    expect(found).toHaveLength(1);
    return found[0]!;
  };
  const statementsOfRole = (functionId: string): Statement[] => {
    const roleId = (read.resources[functionId]?.Properties.Role as { 'Fn::GetAtt': [string, string] })[
      'Fn::GetAtt'
    ][0];
    return read
      .ofType('AWS::IAM::Policy')
      .filter(([, policy]) =>
        (policy.Properties.Roles as { Ref: string }[]).some((role) => role.Ref === roleId),
      )
      .flatMap(([, policy]) => (policy.Properties.PolicyDocument as { Statement: Statement[] }).Statement);
  };

  it('runs the job handler on ARM64 for up to 15 minutes, traced, logging to a group kept a month', () => {
    const fn = read.resources[jobFunctionId()]!.Properties;
    expect(fn).toMatchObject({
      Handler: 'index.handler',
      Architectures: ['arm64'],
      Timeout: IMPORT_JOB_SETTINGS.timeoutSeconds,
      MemorySize: IMPORT_JOB_SETTINGS.memoryMb,
      TracingConfig: { Mode: 'Active' },
      LoggingConfig: { LogGroup: { Ref: expect.stringMatching(/^ImportJobLogs/) } },
      Environment: { Variables: expect.objectContaining({ TABLE_NAME: expect.anything() }) },
    });
    expect(IMPORT_JOB_SETTINGS.timeoutSeconds).toBe(900);
    const logGroupId = (fn.LoggingConfig as { LogGroup: { Ref: string } }).LogGroup.Ref;
    expect(read.resources[logGroupId]?.Properties).toMatchObject({ RetentionInDays: 30 });
  });

  it('is retried by Lambda twice within six hours of a failed run', () => {
    const configs = read.ofType('AWS::Lambda::EventInvokeConfig').map(([, config]) => config.Properties);
    expect(configs).toEqual([
      expect.objectContaining({
        FunctionName: { Ref: jobFunctionId() },
        MaximumRetryAttempts: IMPORT_JOB_RETRIES,
        MaximumEventAgeInSeconds: 6 * 3600,
      }),
    ]);
  });

  it('reads and writes the table itself: no index, no batch write, no scan, no other service', () => {
    const statements = statementsOfRole(jobFunctionId()).filter((statement) =>
      [statement.Action].flat().some((action) => !action.startsWith('xray:')),
    );
    expect(statements).toHaveLength(1);
    const actions = [statements[0]!.Action].flat().sort();
    expect(actions).toEqual(
      [
        'dynamodb:BatchGetItem',
        'dynamodb:ConditionCheckItem',
        'dynamodb:DeleteItem',
        'dynamodb:GetItem',
        'dynamodb:PutItem',
        'dynamodb:Query',
        'dynamodb:UpdateItem',
      ].sort(),
    );
    const resources = JSON.stringify(statements[0]!.Resource);
    expect(resources).not.toContain('/index/');
    expect(resources).not.toContain('"*"');
  });

  it('may be started by the hardware function alone, which knows it by name', () => {
    const hardware = read.resources[read.functionLogicalId('hardware')]!.Properties;
    expect(hardware.Environment).toMatchObject({
      Variables: expect.objectContaining({ IMPORT_JOB_FUNCTION: { Ref: jobFunctionId() } }),
    });
    const invokers = read
      .ofType('AWS::IAM::Policy')
      .filter(([, policy]) =>
        JSON.stringify(policy.Properties.PolicyDocument).includes('lambda:InvokeFunction'),
      )
      .filter(([, policy]) => JSON.stringify(policy.Properties.PolicyDocument).includes(jobFunctionId()));
    expect(invokers).toHaveLength(1);
    const invoke = read
      .policyStatementsOf('hardware')
      .filter((statement) => [statement.Action].flat().includes('lambda:InvokeFunction'));
    expect(invoke).toHaveLength(1);
    expect(JSON.stringify(invoke[0]!.Resource)).toContain(jobFunctionId());
    for (const feature of api.functions.keys()) {
      if (feature === 'hardware') continue;
      const others = read
        .policyStatementsOf(feature)
        .filter((statement) => [statement.Action].flat().includes('lambda:InvokeFunction'));
      expect(others, feature).toEqual([]);
    }
  });
});
