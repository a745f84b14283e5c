import type { App, Environment } from 'aws-cdk-lib';
import { join } from 'node:path';
import { ApiStack } from './api-stack';
import { AuthStack } from './auth-stack';
import { DataStack } from './data-stack';
import { REPO_ROOT } from './paths';
import { assertSiteBuilt, WebStack } from './web-stack';

export const STACK_PREFIX = 'ItAssetAuditor';

export interface AppStacksOptions {
  readonly env?: Environment;
  /** The built SPA; default web/dist. */
  readonly siteDir?: string;
  /** The built agent installer; default dist/agent (uploaded when the zip is there). */
  readonly agentBundleDir?: string;
}

export interface AppStacks {
  readonly data: DataStack;
  readonly auth: AuthStack;
  readonly api: ApiStack;
  readonly web: WebStack;
}

/** Data → Auth → Api (table, pool, client) → Web (api, pool ids). Used by app.ts and the infra tests. */
export function createStacks(app: App, options: AppStacksOptions = {}): AppStacks {
  const { env } = options;
  // Before anything is bundled: fail fast when the SPA is missing.
  assertSiteBuilt(options.siteDir);
  const data = new DataStack(app, `${STACK_PREFIX}-Data`, {
    env,
    description: 'IT Asset Auditor: the single DynamoDB table and the agent installer bucket',
    agentBundleDir: options.agentBundleDir ?? join(REPO_ROOT, 'dist', 'agent'),
  });
  const auth = new AuthStack(app, `${STACK_PREFIX}-Auth`, {
    env,
    description: 'IT Asset Auditor: Cognito user pool and web client',
  });
  const api = new ApiStack(app, `${STACK_PREFIX}-Api`, {
    env,
    description: 'IT Asset Auditor: HTTP API and one Lambda per feature',
    table: data.table,
    agentBundles: data.agentBundles,
    userPool: auth.userPool,
    userPoolClient: auth.userPoolClient,
  });
  const web = new WebStack(app, `${STACK_PREFIX}-Web`, {
    env,
    description: 'IT Asset Auditor: the SPA on S3 + CloudFront, /api/* to the HTTP API',
    httpApi: api.httpApi,
    userPool: auth.userPool,
    userPoolClient: auth.userPoolClient,
    siteDir: options.siteDir,
  });
  return { data, auth, api, web };
}
