import { Match } from 'aws-cdk-lib/assertions';
import type { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { featuresInUse, routeKey, routes } from '../../functions/routes';
import type { Feature } from '../../functions/routes';
import {
  AGENT_REPORT_ROUTE,
  AGENT_REPORT_THROTTLE,
  API_THROTTLE,
  type ApiStack,
} from '../../infra/aws/api-stack';
import { BUNDLE_TARGET, FEATURE_RUNTIME } from '../../infra/aws/function';
import { Runtime } from 'aws-cdk-lib/aws-lambda';
import { functionSettings } from '../../infra/function-settings';
import { apiStackTemplate, type ApiStackTemplate, type Resource } from '../support/api-stack-template';
import { buildApiStacks, SYNTH_TIMEOUT_MS, templateOf } from '../support/cdk-stacks';

describe('Api stack', () => {
  let api: ApiStack;
  let template: Template;
  let resources: Record<string, Resource>;
  let read: ApiStackTemplate;

  beforeAll(() => {
    api = buildApiStacks().api;
    template = templateOf(api);
    read = apiStackTemplate(api, template);
    resources = read.resources;
  }, SYNTH_TIMEOUT_MS);

  const ofType = (type: string) => read.ofType(type);
  const functionLogicalId = (feature: Feature) => read.functionLogicalId(feature);
  const routesInStack = () => read.routesInStack();

  describe('the route table and the stack agree', () => {
    it('deploys every route of functions/routes.ts, and no other', () => {
      const deployed = [...routesInStack().keys()].sort();
      expect(deployed).toEqual(routes.map(routeKey).sort());
      template.resourceCountIs('AWS::ApiGatewayV2::Route', routes.length);
    });

    it.each(routes.map((route) => [routeKey(route), route] as const))(
      '%s: JWT authorizer exactly when auth is user',
      (key, route) => {
        const deployed = routesInStack().get(key);
        if (route.auth === 'user') {
          expect(deployed?.AuthorizationType).toBe('JWT');
          expect(deployed?.AuthorizerId).toEqual({ Ref: expect.stringMatching(/CognitoAuthorizer/) });
        } else {
          expect(deployed?.AuthorizationType).toBe('NONE');
          expect(deployed?.AuthorizerId).toBeUndefined();
        }
      },
    );

    it.each(routes.map((route) => [routeKey(route), route] as const))(
      "%s: integrated with its feature's Lambda",
      (key, route) => {
        const target = routesInStack().get(key)?.Target['Fn::Join'][1][1].Ref;
        const integration = resources[target ?? ''];
        expect(integration?.Type).toBe('AWS::ApiGatewayV2::Integration');
        expect(integration?.Properties).toMatchObject({
          IntegrationType: 'AWS_PROXY',
          PayloadFormatVersion: '2.0',
          IntegrationUri: { 'Fn::GetAtt': [functionLogicalId(route.feature), 'Arn'] },
        });
      },
    );
  });

  it('checks Cognito JWTs: issuer is the pool, audience the web client', () => {
    template.resourceCountIs('AWS::ApiGatewayV2::Authorizer', 1);
    template.hasResourceProperties('AWS::ApiGatewayV2::Authorizer', {
      AuthorizerType: 'JWT',
      IdentitySource: ['$request.header.Authorization'],
      JwtConfiguration: {
        Audience: [{ 'Fn::ImportValue': Match.stringLikeRegexp('UserPoolWebClient') }],
        Issuer: {
          'Fn::Join': [
            '',
            Match.arrayWith([
              'https://cognito-idp.',
              { 'Fn::ImportValue': Match.stringLikeRegexp('ExportsOutputRefUserPool') },
            ]),
          ],
        },
      },
    });
  });

  it('throttles and access-logs the default stage, the agent ingestion route lower than the rest', () => {
    expect(routes.map(routeKey)).toContain(AGENT_REPORT_ROUTE);
    expect(AGENT_REPORT_THROTTLE.rateLimit).toBeLessThan(API_THROTTLE.rateLimit);
    template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      DefaultRouteSettings: {
        ThrottlingBurstLimit: API_THROTTLE.burstLimit,
        ThrottlingRateLimit: API_THROTTLE.rateLimit,
      },
      RouteSettings: {
        [AGENT_REPORT_ROUTE]: {
          ThrottlingBurstLimit: AGENT_REPORT_THROTTLE.burstLimit,
          ThrottlingRateLimit: AGENT_REPORT_THROTTLE.rateLimit,
        },
      },
      AccessLogSettings: {
        DestinationArn: { 'Fn::GetAtt': [Match.stringLikeRegexp('AccessLogs'), 'Arn'] },
        Format: Match.stringLikeRegexp('\\$context\\.requestId'),
      },
    });
  });

  describe('functions', () => {
    it('has one Lambda per feature in use, the hourly sweep of unconfirmed sign-ups, the daily alert digest and the CSV import’s job', () => {
      template.resourceCountIs('AWS::Lambda::Function', featuresInUse().length + 3);
      expect([...api.functions.keys()].sort()).toEqual([...featuresInUse()].sort());
    });

    it('sweeps unconfirmed sign-ups every hour (an EventBridge rule), with deletes and reads only', () => {
      template.hasResourceProperties('AWS::Events::Rule', {
        ScheduleExpression: 'rate(1 hour)',
        Targets: Match.arrayWith([
          Match.objectLike({ Arn: { 'Fn::GetAtt': [Match.stringLikeRegexp('SignupSweep'), 'Arn'] } }),
        ]),
      });
      const policies = Object.entries(template.findResources('AWS::IAM::Policy')).filter(([id]) =>
        id.startsWith('SignupSweep'),
      );
      const actions = JSON.stringify(policies.map(([, policy]) => policy));
      expect(actions).toContain('dynamodb:DeleteItem');
      expect(actions).toContain('cognito-idp:AdminDeleteUser');
      for (const action of ['dynamodb:PutItem', 'dynamodb:BatchWriteItem', 'dynamodb:Scan', 'ses:SendEmail'])
        expect(actions).not.toContain(action);
    });

    it('serves the software inventory from a Lambda of its own, which only reads the table', () => {
      const functionOf = (key: string) => {
        const target = routesInStack().get(key)?.Target['Fn::Join'][1][1].Ref;
        const uri: unknown = resources[target ?? '']?.Properties?.IntegrationUri;
        return JSON.stringify(uri);
      };
      const software = JSON.stringify({ 'Fn::GetAtt': [functionLogicalId('software'), 'Arn'] });
      const softwareRoutes = [...routesInStack().keys()].filter((key) => functionOf(key) === software).sort();
      expect(softwareRoutes).toEqual(['GET /api/software', 'GET /api/software/machines']);
      expect(functionOf('GET /api/agents/{machine_id}/changes')).toBe(
        JSON.stringify({ 'Fn::GetAtt': [functionLogicalId('agents'), 'Arn'] }),
      );
      const policies = Object.entries(template.findResources('AWS::IAM::Policy')).filter(([id]) =>
        id.startsWith('SoftwareFunction'),
      );
      const actions = JSON.stringify(policies.map(([, policy]) => policy));
      expect(actions).toContain('dynamodb:Query');
      expect(actions).toContain('dynamodb:BatchGetItem');
      // It writes only the caller's session check (puts and updates), never deletes.
      for (const action of ['dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'])
        expect(actions).not.toContain(action);
    });

    it('runs the newest Node.js runtime aws-cdk-lib offers, and bundles for it', () => {
      const newest = Math.max(
        ...Object.keys(Runtime)
          .map((name) => /^NODEJS_(\d+)_X$/.exec(name)?.[1])
          .filter((major): major is string => major !== undefined)
          .map(Number),
      );
      expect(FEATURE_RUNTIME.name).toBe(`nodejs${newest}.x`);
      expect(BUNDLE_TARGET).toBe(`node${newest}`);
    });

    it.each(featuresInUse())(
      '%s: Node.js on ARM64, traced as set, with the handlers environment',
      (feature) => {
        expect(resources[functionLogicalId(feature)]?.Properties).toMatchObject({
          Runtime: FEATURE_RUNTIME.name,
          Architectures: ['arm64'],
          Handler: 'index.handler',
          MemorySize: functionSettings(feature).memoryMb,
          // API Gateway gives up on an integration after 30 s; a longer Lambda would run on unheard.
          Timeout: functionSettings(feature).timeoutSeconds,
          TracingConfig: { Mode: functionSettings(feature).tracing },
          LoggingConfig: { LogGroup: { Ref: expect.any(String) } },
          Environment: {
            Variables: {
              TABLE_NAME: expect.anything(),
              USER_POOL_ID: expect.anything(),
              USER_POOL_CLIENT_ID: expect.anything(),
              POWERTOOLS_SERVICE_NAME: 'it-asset-auditor',
              LOG_LEVEL: expect.any(String),
            },
          },
        });
      },
    );

    it('drops Lambda’s START/END/REPORT lines only where the settings say so', () => {
      for (const feature of featuresInUse()) {
        const logging = resources[functionLogicalId(feature)]?.Properties.LoggingConfig;
        if (functionSettings(feature).platformLogLevel === 'WARN')
          expect(logging, feature).toMatchObject({ LogFormat: 'JSON', SystemLogLevel: 'WARN' });
        else expect(logging, feature).not.toHaveProperty('SystemLogLevel');
      }
      expect(functionSettings('agent-reports').platformLogLevel).toBe('WARN');
    });

    it('gives the report function, and only it, a public URL whose caller the handler checks', () => {
      const urls = ofType('AWS::Lambda::Url').map(([, url]) => url.Properties);
      expect(urls).toEqual([
        expect.objectContaining({
          AuthType: 'NONE',
          TargetFunctionArn: { 'Fn::GetAtt': [functionLogicalId('agent-reports'), 'Arn'] },
        }),
      ]);
      // Past the HTTP API's throttling, the function has a ceiling of its own.
      expect(resources[functionLogicalId('agent-reports')]?.Properties).toMatchObject({
        ReservedConcurrentExecutions: functionSettings('agent-reports').reservedConcurrency,
      });
      expect(functionSettings('agent-reports').reservedConcurrency).toBeGreaterThan(0);
      // The enrolment and the self-update share the function and its URL: a device enrols and
      // fetches its updates where it reports, each with a credential the handler checks first.
      expect(routes.filter((route) => route.feature === 'agent-reports').map(routeKey)).toEqual([
        'POST /api/agent/enroll',
        'POST /api/agent/report',
        'GET /api/agent/updates/{path+}',
      ]);
      template.hasOutput('AgentReportUrl', {
        Value: {
          'Fn::Join': ['', [{ 'Fn::GetAtt': [Match.anyValue(), 'FunctionUrl'] }, 'api/agent/report']],
        },
      });
    });

    it('answers within API Gateway’s 30 s integration limit', () => {
      for (const feature of featuresInUse())
        expect(functionSettings(feature).timeoutSeconds).toBeLessThan(30);
    });

    it('lets only the agents function (the installer) and the report function (the updates) read the installer bucket, and tells them the bucket', () => {
      for (const feature of featuresInUse()) {
        const variables = (
          resources[functionLogicalId(feature)]?.Properties as {
            Environment: { Variables: Record<string, unknown> };
          }
        ).Environment.Variables;
        expect('AGENT_BUNDLE_BUCKET' in variables, feature).toBe(
          feature === 'agents' || feature === 'agent-reports',
        );
      }
    });

    it('keeps each function log group for a month', () => {
      for (const feature of featuresInUse()) {
        const logGroupId = (
          resources[functionLogicalId(feature)]?.Properties.LoggingConfig as { LogGroup: { Ref: string } }
        ).LogGroup.Ref;
        expect(resources[logGroupId]?.Properties).toMatchObject({ RetentionInDays: 30 });
      }
    });

    it('lets API Gateway invoke each function with one permission per function', () => {
      const permissions = ofType('AWS::Lambda::Permission')
        .map(([, permission]) => permission.Properties)
        .filter((permission) => permission.Principal === 'apigateway.amazonaws.com');
      expect(permissions).toHaveLength(featuresInUse().length);
      for (const feature of featuresInUse()) {
        expect(permissions).toContainEqual(
          expect.objectContaining({
            Action: 'lambda:InvokeFunction',
            Principal: 'apigateway.amazonaws.com',
            FunctionName: { 'Fn::GetAtt': [functionLogicalId(feature), 'Arn'] },
          }),
        );
      }
    });
  });
});
