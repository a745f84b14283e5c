import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import type { Stack } from 'aws-cdk-lib';
import { ApiStack } from '../../infra/aws/api-stack';
import { AuthStack } from '../../infra/aws/auth-stack';
import { DataStack } from '../../infra/aws/data-stack';
import { createStacks } from '../../infra/aws/stacks';
import type { AppStacks } from '../../infra/aws/stacks';
import { REPO_ROOT } from '../../infra/aws/paths';

/** Bundling the feature Lambdas with esbuild takes a few seconds. */
export const SYNTH_TIMEOUT_MS = 120_000;

export function templateOf(stack: Stack): Template {
  return Template.fromStack(stack);
}

export function buildDataStack(agentBundleDir?: string): DataStack {
  return new DataStack(new App(), 'Data', { agentBundleDir });
}

export function buildAuthStack(): AuthStack {
  return new AuthStack(new App(), 'Auth');
}

/** Data → Auth → Api, wired as in the app, without the web stack (so no web build is needed). */
export function buildApiStacks(): { data: DataStack; auth: AuthStack; api: ApiStack } {
  const app = new App();
  const data = new DataStack(app, 'Data');
  const auth = new AuthStack(app, 'Auth');
  const api = new ApiStack(app, 'Api', {
    table: data.table,
    agentBundles: data.agentBundles,
    userPool: auth.userPool,
    userPoolClient: auth.userPoolClient,
  });
  return { data, auth, api };
}

/** The context of cdk.json (feature flags), which `cdk synth` gives the app and a bare App lacks. */
export function cdkJsonContext(): Record<string, unknown> {
  const cdkJson = JSON.parse(readFileSync(join(REPO_ROOT, 'cdk.json'), 'utf8')) as {
    context?: Record<string, unknown>;
  };
  return cdkJson.context ?? {};
}

/** The environment the tests synthesize the whole app in: the stacks need a region (the web ACL's is read across regions). */
export const TEST_ENV = { account: '111111111111', region: 'eu-west-2' } as const;

/** The whole app as app.ts builds it under `cdk synth`; needs the built SPA (`npm run build:web`). */
export function buildApp(app = new App({ context: cdkJsonContext() })): AppStacks {
  return createStacks(app, { env: TEST_ENV });
}
