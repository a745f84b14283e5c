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
import { BUNDLE_TARGET, FEATURE_ACCESS, FEATURE_RUNTIME, mailFromAddress } from '../../infra/aws/function';
import { Runtime } from 'aws-cdk-lib/aws-lambda';
import { DEFAULT_MAIL_FROM } from '../../functions/lib/config';
import { AGENT_BUNDLE_FILE_NAME } from '../../shared/agent-data';
import { functionSettings } from '../../infra/function-settings';
import { apiStackTemplate, type ApiStackTemplate, type Resource } from '../support/api-stack-template';
import { buildApiStacks, SYNTH_TIMEOUT_MS, templateOf } from '../support/cdk-stacks';

const COGNITO_ADMIN_ACTIONS = [
  'cognito-idp:AdminCreateUser',
  'cognito-idp:AdminSetUserPassword',
  'cognito-idp:AdminDeleteUser',
  'cognito-idp:AdminGetUser',
  // Turning MFA off after a sign-in proves the password and code (issue 25).
  'cognito-idp:AdminInitiateAuth',
  'cognito-idp:AdminRespondToAuthChallenge',
  'cognito-idp:AdminSetUserMFAPreference',
];

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
  const policyStatementsOf = (feature: Feature) => read.policyStatementsOf(feature);

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
    it('has one Lambda per feature in use, and the hourly sweep of unconfirmed sign-ups', () => {
      template.resourceCountIs('AWS::Lambda::Function', featuresInUse().length + 1);
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
      // The enrolment shares the function and its URL: a device enrols where it reports.
      expect(routes.filter((route) => route.feature === 'agent-reports').map(routeKey)).toEqual([
        'POST /api/agent/enroll',
        'POST /api/agent/report',
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

    it('lets only the agents function read the installer bucket, and tells it the bucket', () => {
      for (const feature of featuresInUse()) {
        const variables = (
          resources[functionLogicalId(feature)]?.Properties as {
            Environment: { Variables: Record<string, unknown> };
          }
        ).Environment.Variables;
        expect('AGENT_BUNDLE_BUCKET' in variables, feature).toBe(feature === 'agents');
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

  describe('least privilege', () => {
    it('gives the auth function the Cognito admin actions on the pool ARN only', () => {
      const cognito = policyStatementsOf('auth').filter((statement) =>
        [statement.Action].flat().some((action) => action.startsWith('cognito-idp:')),
      );
      expect(cognito).toHaveLength(1);
      expect([cognito[0]?.Action].flat().sort()).toEqual([...COGNITO_ADMIN_ACTIONS].sort());
      expect(cognito[0]?.Resource).toEqual({
        'Fn::ImportValue': expect.stringMatching(/ExportsOutputFnGetAttUserPool\w*Arn/),
      });
    });

    it('grants no Cognito or table action on "*"', () => {
      for (const feature of featuresInUse()) {
        for (const statement of policyStatementsOf(feature)) {
          const actions = [statement.Action].flat();
          if (actions.some((action) => action.startsWith('cognito-idp:') || action.startsWith('dynamodb:'))) {
            expect([statement.Resource].flat()).not.toContain('*');
          }
        }
      }
    });

    it('gives Cognito admin actions to no feature without an entry for them', () => {
      for (const feature of featuresInUse().filter((name) => name !== 'auth')) {
        const actions = policyStatementsOf(feature).flatMap((statement) => [statement.Action].flat());
        const expected = api.functions.get(feature)?.access.cognito ?? [];
        expect(actions.filter((action) => action.startsWith('cognito-idp:')).sort()).toEqual(
          [...expected].sort(),
        );
      }
    });

    it('lets only the auth (sign-up codes) and team functions send email, and tells only them the From', () => {
      const senders = ['auth', 'team'];
      expect(Object.entries(FEATURE_ACCESS).filter(([, access]) => access.mail)).toEqual([
        ['auth', expect.objectContaining({ mail: true })],
        ['team', expect.objectContaining({ mail: true })],
      ]);
      for (const feature of featuresInUse()) {
        const actions = policyStatementsOf(feature).flatMap((statement) => [statement.Action].flat());
        expect(actions.includes('ses:SendEmail'), feature).toBe(senders.includes(feature));
        expect(actions.filter((action) => action.startsWith('ses:') && action !== 'ses:SendEmail')).toEqual(
          [],
        );
        const variables = (
          resources[functionLogicalId(feature)]?.Properties as {
            Environment: { Variables: Record<string, unknown> };
          }
        ).Environment.Variables;
        expect('MAIL_FROM' in variables, feature).toBe(senders.includes(feature));
      }
    });

    it.skipIf(!featuresInUse().includes('team'))(
      'lets the team function send only from the MAIL_FROM identities, never "*"',
      () => {
        const ses = policyStatementsOf('team').filter((statement) =>
          [statement.Action].flat().some((action) => action.startsWith('ses:')),
        );
        expect(ses).toHaveLength(1);
        expect(ses[0]?.Action).toBe('ses:SendEmail');
        const { address, domain } = mailFromAddress(DEFAULT_MAIL_FROM);
        const resourcesJson = JSON.stringify(ses[0]?.Resource);
        expect([ses[0]?.Resource].flat()).not.toContain('*');
        expect(resourcesJson).toContain(`:identity/${domain}`);
        expect(resourcesJson).toContain(`:identity/${address}`);
      },
    );

    it('lets only billing and organisation deletion (which cancels the subscription) read the Stripe keys, by the secret ARN, never in plain text', () => {
      const callsStripe = new Set(['billing', 'organizations']);
      expect(Object.entries(FEATURE_ACCESS).filter(([, access]) => access.stripe)).toEqual([
        ['organizations', expect.objectContaining({ stripe: true })],
        ['billing', expect.objectContaining({ stripe: true })],
      ]);
      for (const feature of featuresInUse()) {
        const actions = policyStatementsOf(feature).flatMap((statement) => [statement.Action].flat());
        expect(actions.includes('secretsmanager:GetSecretValue'), feature).toBe(callsStripe.has(feature));
        const variables = (
          resources[functionLogicalId(feature)]?.Properties as {
            Environment: { Variables: Record<string, unknown> };
          }
        ).Environment.Variables;
        expect('STRIPE_SECRETS_ARN' in variables, feature).toBe(callsStripe.has(feature));
        expect('STRIPE_SECRET_KEY' in variables || 'STRIPE_WEBHOOK_SECRET' in variables, feature).toBe(false);
      }
    });

    it('lets only the agents function read S3: GetObject on the installer zip, nothing else', () => {
      for (const feature of featuresInUse()) {
        const s3 = policyStatementsOf(feature).filter((statement) =>
          [statement.Action].flat().some((action) => action.startsWith('s3:')),
        );
        if (feature !== 'agents') {
          expect(s3, feature).toEqual([]);
          continue;
        }
        expect(s3).toHaveLength(1);
        expect(s3[0]?.Action).toBe('s3:GetObject');
        expect(JSON.stringify(s3[0]?.Resource)).toContain(`/${AGENT_BUNDLE_FILE_NAME}`);
      }
    });

    it('reads the address and domain of a From', () => {
      expect(mailFromAddress('IT Asset Auditor <no-reply@example.com>')).toEqual({
        address: 'no-reply@example.com',
        domain: 'example.com',
      });
      expect(mailFromAddress('ops@mail.example.org')).toEqual({
        address: 'ops@mail.example.org',
        domain: 'mail.example.org',
      });
      expect(() => mailFromAddress('IT Asset Auditor')).toThrow(/no email address/);
    });

    it('grants each feature the table access of FEATURE_ACCESS, indexes included', () => {
      for (const feature of featuresInUse()) {
        const access = api.functions.get(feature)?.access.table;
        const statements = policyStatementsOf(feature);
        const actions = statements.flatMap((statement) => [statement.Action].flat());
        expect(actions.includes('dynamodb:Query')).toBe(access !== 'none');
        expect(actions.includes('dynamodb:PutItem')).toBe(access === 'readWrite');
        const queryStatement = statements.find((statement) =>
          [statement.Action].flat().includes('dynamodb:Query'),
        );
        expect(
          actions.filter((action) => /dynamodb:(Scan|GetRecords|GetShardIterator|\*)/.test(action)),
        ).toEqual([]);
        if (queryStatement) {
          const tableResources = JSON.stringify(queryStatement.Resource);
          expect(tableResources).toMatch(/ExportsOutputFnGetAttTable\w*Arn/);
          expect(tableResources).toContain('/index/gsi1');
          expect(tableResources).toContain('/index/gsi2');
          expect(tableResources).not.toContain('/index/*');
        }
      }
    });
  });
});
