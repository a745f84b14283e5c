import { CfnOutput, Fn, Stack } from 'aws-cdk-lib';
import type { StackProps } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import {
  ApiMapping,
  DomainName,
  HttpApi,
  HttpMethod,
  HttpRoute,
  HttpRouteKey,
  HttpStage,
  LogGroupLogDestination,
} from 'aws-cdk-lib/aws-apigatewayv2';
import type { CfnStage, IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpUserPoolAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { IUserPool, IUserPoolClient } from 'aws-cdk-lib/aws-cognito';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { FunctionUrlAuthType } from 'aws-cdk-lib/aws-lambda';
import { featuresInUse, findRoute, routeKey, routes } from '../../functions/routes';
import type { AuthKind, Feature } from '../../functions/routes';
import { acknowledge } from './nag';
import { FeatureFunction, featureFunctionId } from './function';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { Secret, type ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { ORIGIN_SECRET_LENGTH } from '../../functions/lib/origin-secret';
import { SignupSweep } from './signup-sweep';
import { AlertDigest } from './alert-digest';
import { ImportJob } from './import-job';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';

/**
 * The API's own domain, which CloudFront's /api/* behaviour calls:
 * `-c apiDomainName=api-origin.example.com -c apiCertificateArn=<ACM, the API's region>`, with a
 * DNS CNAME of that name to the ApiDomainTarget output. With it, the API's default execute-api
 * endpoint is switched off; without it, CloudFront calls the execute-api endpoint, which stays on.
 * Either way the API refuses a request without CloudFront's origin secret (issue 35), so nothing
 * reaches a handler past CloudFront and its web ACL but the agents' function URL (http.ts).
 */
export const API_DOMAIN_NAME_CONTEXT_KEY = 'apiDomainName';
export const API_CERTIFICATE_ARN_CONTEXT_KEY = 'apiCertificateArn';

export interface ApiStackProps extends StackProps {
  readonly table: ITable;
  readonly agentBundles: IBucket;
  readonly userPool: IUserPool;
  readonly userPoolClient: IUserPoolClient;
}

/** Why a route has no API Gateway authorizer: its caller is checked in the handler, or it is public. */
const UNAUTHORIZED_ROUTE_REASONS: Record<Exclude<AuthKind, 'user'>, string> = {
  public: 'Public by design: company sign-up, and the invitation lookup whose token is the secret.',
  'agent-key':
    "Agents enrol with the organisation's API key (X-Api-Key), checked against the table's key hash.",
  'device-token':
    "Enrolled devices report with their own token (Bearer), checked against the table's token hash.",
  'stripe-signature': 'Stripe signs every webhook; the handler verifies the signature on the raw body.',
};

/** Stage-wide throttling defaults; per-tenant limits are the handlers' business. */
export const API_THROTTLE = { rateLimit: 200, burstLimit: 400 } as const;

/**
 * The public ingestion route has its own, lower ceiling, so a flood of agent reports (or of
 * forged ones) cannot take the whole API's rate from the people using the app. 100 reports a
 * second carries 180,000 devices reporting every 30 minutes.
 */
export const AGENT_REPORT_ROUTE = 'POST /api/agent/report';
export const AGENT_REPORT_THROTTLE = { rateLimit: 100, burstLimit: 200 } as const;

/**
 * The HTTP API: every route of functions/routes.ts, each integrated with its feature's Lambda.
 * API Gateway checks the Cognito JWT on 'user' routes only; public, agent-key, device-token and
 * stripe-signature routes are checked in the handler.
 */
export class ApiStack extends Stack {
  readonly httpApi: IHttpApi;
  readonly functions: ReadonlyMap<Feature, FeatureFunction>;
  /** Where agents post their reports: the report function's own URL, with the route's path. */
  readonly agentReportUrl: string;
  /** The host name CloudFront's /api/* behaviour calls: the API's own domain, else its execute-api host. */
  readonly originDomainName: string;
  /**
   * The secret CloudFront's /api/* origin adds to every request, and without which the API refuses
   * one (issue 35). Secrets Manager generates its first value at deploy, so it is never in a
   * template; the Web stack rotates it, as it owns the distribution whose header it changes.
   */
  readonly originSecret: ISecret;

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);

    const apiDomainName = this.node.tryGetContext(API_DOMAIN_NAME_CONTEXT_KEY) as string | undefined;
    const apiCertificateArn = this.node.tryGetContext(API_CERTIFICATE_ARN_CONTEXT_KEY) as string | undefined;
    if (!!apiDomainName !== !!apiCertificateArn) {
      throw new Error(
        `Give both ${API_DOMAIN_NAME_CONTEXT_KEY} and ${API_CERTIFICATE_ARN_CONTEXT_KEY} (an ACM certificate in the API's region for that name), or neither.`,
      );
    }
    const httpApi = new HttpApi(this, 'HttpApi', {
      apiName: `it-asset-auditor-${Stack.of(this).stackName}`,
      description: 'IT Asset Auditor API (routes from functions/routes.ts)',
      createDefaultStage: false,
      disableExecuteApiEndpoint: !!apiDomainName,
    });

    const accessLogs = new LogGroup(this, 'AccessLogs', { retention: RetentionDays.ONE_MONTH });
    const stage = new HttpStage(this, 'DefaultStage', {
      httpApi,
      stageName: '$default',
      autoDeploy: true,
      throttle: API_THROTTLE,
      accessLogSettings: {
        destination: new LogGroupLogDestination(accessLogs),
        // The route key (GET /api/invitations/by-token/{token}), never the path: a path can carry
        // a secret (an invitation's token), and access logs are read by more people than the table.
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            ip: '$context.identity.sourceIp',
            requestTime: '$context.requestTime',
            routeKey: '$context.routeKey',
            status: '$context.status',
            protocol: '$context.protocol',
            responseLength: '$context.responseLength',
            responseLatency: '$context.responseLatency',
            integrationLatency: '$context.integration.latency',
            integrationError: '$context.integrationErrorMessage',
            authorizerError: '$context.authorizer.error',
            userAgent: '$context.identity.userAgent',
          }),
        ),
      },
    });
    if (apiDomainName && apiCertificateArn) {
      const domain = new DomainName(this, 'ApiDomain', {
        domainName: apiDomainName,
        certificate: Certificate.fromCertificateArn(this, 'ApiCertificate', apiCertificateArn),
      });
      new ApiMapping(this, 'ApiMapping', { api: httpApi, domainName: domain, stage });
      new CfnOutput(this, 'ApiDomainTarget', { value: domain.regionalDomainName });
      this.originDomainName = apiDomainName;
    } else {
      // https://<api-id>.execute-api.<region>.amazonaws.com → its host name.
      this.originDomainName = Fn.select(2, Fn.split('/', httpApi.apiEndpoint));
    }
    // HttpStage has no per-route settings of its own; RouteSettings is raw JSON, hence CloudFormation's casing.
    (stage.node.defaultChild as CfnStage).routeSettings = {
      [AGENT_REPORT_ROUTE]: {
        ThrottlingRateLimit: AGENT_REPORT_THROTTLE.rateLimit,
        ThrottlingBurstLimit: AGENT_REPORT_THROTTLE.burstLimit,
      },
    };

    const authorizer = new HttpUserPoolAuthorizer('CognitoAuthorizer', props.userPool, {
      userPoolClients: [props.userPoolClient],
    });

    // Filled in after the first deploy with the Stripe account's keys (docs: README → Deploy).
    const stripeKeys = new Secret(this, 'StripeKeys', {
      description:
        'IT Asset Auditor: Stripe keys as JSON {"secret_key": "sk_…", "webhook_secret": "whsec_…"}',
    });
    acknowledge(stripeKeys, {
      id: 'AwsSolutions-SMG4',
      reason: 'Stripe keys are rolled in the Stripe dashboard and then put here; AWS cannot rotate them.',
    });
    const originSecret = new Secret(this, 'OriginSecret', {
      description: "IT Asset Auditor: CloudFront's origin header to the API (rotated by the Web stack)",
      generateSecretString: { passwordLength: ORIGIN_SECRET_LENGTH, excludePunctuation: true },
    });
    acknowledge(originSecret, {
      id: 'AwsSolutions-SMG4',
      reason:
        'Rotated every 30 days by the Web stack (OriginSecretRotation), which owns the distribution whose origin header it changes.',
    });
    this.originSecret = originSecret;
    const functions = new Map<Feature, FeatureFunction>();
    const integrations = new Map<Feature, HttpLambdaIntegration>();
    for (const feature of featuresInUse()) {
      const fn = new FeatureFunction(this, featureFunctionId(feature), {
        feature,
        table: props.table,
        userPool: props.userPool,
        userPoolClient: props.userPoolClient,
        agentBundles: props.agentBundles,
        stripeKeys,
        originSecret,
      });
      functions.set(feature, fn);
      // One integration and one invoke permission per feature, shared by its routes.
      integrations.set(
        feature,
        new HttpLambdaIntegration(`${featureFunctionId(feature)}Integration`, fn, {
          scopePermissionToRoute: false,
        }),
      );
    }

    for (const route of routes) {
      const integration = integrations.get(route.feature);
      if (!integration) throw new Error(`No integration for feature '${route.feature}' (${routeKey(route)})`);
      // The construct id is the route key itself, so ids are unique and stable across edits.
      const httpRoute = new HttpRoute(this, routeKey(route), {
        httpApi,
        routeKey: HttpRouteKey.with(route.path, HttpMethod[route.method]),
        integration,
        authorizer: route.auth === 'user' ? authorizer : undefined,
      });
      if (route.auth !== 'user') {
        acknowledge(httpRoute, { id: 'AwsSolutions-APIG4', reason: UNAUTHORIZED_ROUTE_REASONS[route.auth] });
      }
    }

    // Agents post straight to their function's URL: an HTTP API request costs $1.00 per million
    // and CloudFront's as much again, which was half of a report's price (docs/cost.md). The
    // handler checks the device token (or, to enrol, the API key), and answers only its own
    // methods and paths there (feature.ts): the enrolment is the same URL with /api/agent/enroll.
    const reportRoute = findRoute(AGENT_REPORT_ROUTE);
    const reportFunction = reportRoute && functions.get(reportRoute.feature);
    if (!reportRoute || !reportFunction) throw new Error(`No function serves ${AGENT_REPORT_ROUTE}`);
    const reportUrl = reportFunction.addFunctionUrl({ authType: FunctionUrlAuthType.NONE });
    // The URL ends in '/'.
    this.agentReportUrl = `${reportUrl.url}${reportRoute.path.slice(1)}`;

    new SignupSweep(this, 'SignupSweep', {
      table: props.table,
      userPool: props.userPool,
      userPoolClient: props.userPoolClient,
    });
    new AlertDigest(this, 'AlertDigest', {
      table: props.table,
      userPool: props.userPool,
      userPoolClient: props.userPoolClient,
    });
    // The CSV import's job, started by the import's upload (the hardware function).
    const importJob = new ImportJob(this, 'ImportJob', {
      table: props.table,
      userPool: props.userPool,
      userPoolClient: props.userPoolClient,
    });
    const hardwareFunction = functions.get('hardware');
    if (!hardwareFunction) throw new Error('No hardware function starts the CSV import jobs');
    importJob.grantStart(hardwareFunction);

    this.httpApi = httpApi;
    this.functions = functions;

    // With its own domain, the execute-api endpoint is off and CDK refuses to name it.
    const apiUrl = apiDomainName ? `https://${apiDomainName}` : httpApi.apiEndpoint;
    new CfnOutput(this, 'ApiUrl', { value: apiUrl });
    new CfnOutput(this, 'AgentReportUrl', { value: this.agentReportUrl });
    new CfnOutput(this, 'StripeKeysSecretArn', { value: stripeKeys.secretArn });
    // Stripe's webhook goes through CloudFront like every other call: the Web stack outputs its URL.
  }
}
