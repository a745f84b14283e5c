import { Tags, type App, type Environment } from 'aws-cdk-lib';
import { join } from 'node:path';
import { ApiStack } from './api-stack';
import { AuthStack } from './auth-stack';
import { DataStack } from './data-stack';
import { ALARM_EMAIL_CONTEXT_KEY, MonitoringStack } from './monitoring-stack';
import { REPO_ROOT } from './paths';
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
  readonly web: WebStack;
}

/**
 * One stage's stacks: Data → Auth → Api (table, pool, client) → Web (api, pool ids). Used by app.ts
 * and the infra tests. Stages share nothing: each has its own table, pool, API and site.
 */
export function createStacks(app: App, options: AppStacksOptions = {}): AppStacks {
  const { env } = options;
  const stage = stageName(options.stage ?? app.node.tryGetContext(STAGE_CONTEXT_KEY));
  Tags.of(app).add('stage', stage);
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
  const web = new WebStack(app, stackName(stage, 'Web'), {
    env,
    description: 'IT Asset Auditor: the SPA on S3 + CloudFront, /api/* to the HTTP API',
    httpApi: api.httpApi,
    agentReportUrl: api.agentReportUrl,
    userPool: auth.userPool,
    userPoolClient: auth.userPoolClient,
    siteDir: options.siteDir,
  });
  return { stage, data, auth, api, monitoring, web };
}
