import { Tags, Token, type App, type Environment } from 'aws-cdk-lib';
import { join } from 'node:path';
import { ApiStack } from './api-stack';
import { AuthStack } from './auth-stack';
import { DataStack } from './data-stack';
import { ALARM_EMAIL_CONTEXT_KEY, MonitoringStack } from './monitoring-stack';
import { REPO_ROOT } from './paths';
import { WAF_REGION, WafStack } from './waf-stack';
import { assertSiteBuilt, WebStack } from './web-stack';

export const STACK_PREFIX = 'ItAssetAuditor';

/** `npm run deploy -- -c stage=prod`: each stage is its own set of stacks; dev when not given. */
export const STAGE_CONTEXT_KEY = 'stage';
export const DEFAULT_STAGE = 'dev';

/** A stage name becomes part of stack and resource names: short, lower case, letters first. */
export function stageName(value: unknown): string {
  const stage = value === undefined ? DEFAULT_STAGE : String(value);
  if (!/^[a-z][a-z0-9]{0,11}$/.test(stage)) {
    throw new Error(
      `The ${STAGE_CONTEXT_KEY} '${stage}' is not a stage name: use 1 to 12 lower-case letters and digits, starting with a letter (e.g. -c stage=prod).`,
    );
  }
  return stage;
}

/** ItAssetAuditor-prod-Api */
export function stackName(stage: string, part: string): string {
  return `${STACK_PREFIX}-${stage}-${part}`;
}

export interface AppStacksOptions {
  readonly env?: Environment;
  /** The stage; default the `stage` context value, else dev. */
  readonly stage?: string;
  /** The built SPA; default web/dist. */
  readonly siteDir?: string;
  /** The built agent installer; default dist/agent (uploaded when the zip is there). */
  readonly agentBundleDir?: string;
}

export interface AppStacks {
  readonly stage: string;
  readonly data: DataStack;
  readonly auth: AuthStack;
  readonly api: ApiStack;
  readonly monitoring: MonitoringStack;
  readonly waf: WafStack;
  readonly web: WebStack;
}

/**
 * One stage's stacks: Data → Auth → Api (table, pool, client) → Web (api, pool ids, and the web ACL
 * of the Waf stack, which is always in us-east-1: CloudFront's web ACLs live there). Used by app.ts
 * and the infra tests. Stages share nothing: each has its own table, pool, API and site.
 */
/** Resource types CDK tags but CloudFormation takes no Tags on. */
export const UNTAGGABLE_RESOURCE_TYPES = ['AWS::CloudWatch::Dashboard'];

export function createStacks(app: App, options: AppStacksOptions = {}): AppStacks {
  const { env } = options;
  const stage = stageName(options.stage ?? app.node.tryGetContext(STAGE_CONTEXT_KEY));
  // CDK counts a dashboard as taggable, CloudFormation's schema does not (cfn-lint E3002): a stack
  // whose dashboard carries Tags may fail to deploy (issue 35). Every other resource is tagged.
  Tags.of(app).add('stage', stage, { excludeResourceTypes: UNTAGGABLE_RESOURCE_TYPES });
  // The Web stack reads the web ACL's ARN across regions, which CDK does only between stacks whose
  // regions it knows: a deployment names its region (the AWS profile's, or CDK_DEFAULT_REGION).
  if (!env?.region || Token.isUnresolved(env.region)) {
    throw new Error(
      `The stacks need a region: set AWS_REGION or CDK_DEFAULT_REGION, or use an AWS profile with a region. ` +
        `The web ACL in front of CloudFront is in ${WAF_REGION} and the Web stack reads it across regions.`,
    );
  }
  // Before anything is bundled: fail fast when the SPA is missing.
  assertSiteBuilt(options.siteDir);
  const data = new DataStack(app, stackName(stage, 'Data'), {
    env,
    description: 'IT Asset Auditor: the single DynamoDB table and the agent installer bucket',
    agentBundleDir: options.agentBundleDir ?? join(REPO_ROOT, 'dist', 'agent'),
  });
  const auth = new AuthStack(app, stackName(stage, 'Auth'), {
    env,
    description: 'IT Asset Auditor: Cognito user pool and web client',
  });
  const api = new ApiStack(app, stackName(stage, 'Api'), {
    env,
    description: 'IT Asset Auditor: HTTP API and one Lambda per feature',
    table: data.table,
    agentBundles: data.agentBundles,
    userPool: auth.userPool,
    userPoolClient: auth.userPoolClient,
  });
  const monitoring = new MonitoringStack(app, stackName(stage, 'Monitoring'), {
    env,
    description: 'IT Asset Auditor: alarms (to an SNS topic) and a CloudWatch dashboard',
    httpApi: api.httpApi,
    functions: api.functions,
    table: data.table,
    stage,
    alarmEmail: app.node.tryGetContext(ALARM_EMAIL_CONTEXT_KEY) as string | undefined,
  });
  const waf = new WafStack(app, stackName(stage, 'Waf'), {
    env: { account: env.account, region: WAF_REGION },
    description: 'IT Asset Auditor: the web ACL in front of CloudFront (us-east-1)',
  });
  const web = new WebStack(app, stackName(stage, 'Web'), {
    env,
    crossRegionReferences: true,
    description: 'IT Asset Auditor: the SPA on S3 + CloudFront, /api/* to the HTTP API',
    apiOriginDomainName: api.originDomainName,
    originSecret: api.originSecret,
    webAclArn: waf.webAclArn,
    agentReportUrl: api.agentReportUrl,
    userPool: auth.userPool,
    userPoolClient: auth.userPoolClient,
    siteDir: options.siteDir,
  });
  return { stage, data, auth, api, monitoring, waf, web };
}
