import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { ensureSuperAdmin } from '../../functions/auth/registration';
import { REPO_ROOT } from '../../infra/local/settings';
import { startLocalStack } from '../../infra/local/stack';
import { LOCAL_ORIGIN_SECRET_NAME } from '../../infra/local/secrets-manager';
import type { RuntimeConfig } from '../../shared/runtime-config';
import { freePort } from './stack-process';
import { enrolTotpAt } from './totp';

/** Credentials of the super_admin every integration run starts with. */
export const TEST_SUPER_ADMIN = { email: 'root@itassetauditor.test', password: 'root-password-1' };

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    runtimeConfig: RuntimeConfig;
    /** The functions' environment, for tests that call the data layer or Cognito directly. */
    functionEnv: Record<string, string>;
    agentBundleDir: string;
    stripeSandboxUrl: string;
    /** The origin secret's current value, which the harness adds as CloudFront would (issue 35). */
    originSecret: string;
    /** TOTP secrets of the people global setup set MFA up for (the super_admin), by email. */
    totpSecrets: Record<string, string>;
  }
}

/** One local stack per test run, on free ports, with a fresh data folder: a clean table every run. */
export default async function setup(project: TestProject) {
  // Tests pay through the Stripe sandbox, whatever Stripe account this shell is set up for.
  for (const name of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_API_URL'])
    delete process.env[name];
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'itam-test-'));
  const [port, cognitoPort, dynamodbPort, stripePort] = [
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
  ];
  const stack = await startLocalStack({
    port: port!,
    cognitoPort: cognitoPort!,
    dynamodbPort: dynamodbPort!,
    stripePort: stripePort!,
    dataDir,
    webDistDir: path.join(REPO_ROOT, 'web/dist'),
    agentBundleDir: path.join(dataDir, 'agent-bundle'),
    logLevel: 'CRITICAL',
    // Tests play many clients from one machine: each sign-up helper names its own address.
    viewerAddressFrom: 'x-forwarded-for',
  });
  await ensureSuperAdmin(TEST_SUPER_ADMIN.email, TEST_SUPER_ADMIN.password, new Date());
  // The API refuses a super_admin without MFA (issue 25): the run's one has it from the start.
  const superAdminSecret = await enrolTotpAt(
    { baseUrl: stack.url, runtimeConfig: stack.runtimeConfig },
    TEST_SUPER_ADMIN.email,
    TEST_SUPER_ADMIN.password,
  );
  project.provide('totpSecrets', { [TEST_SUPER_ADMIN.email]: superAdminSecret });
  project.provide('baseUrl', stack.url);
  project.provide('originSecret', stack.secrets.value(LOCAL_ORIGIN_SECRET_NAME) ?? '');
  project.provide('runtimeConfig', stack.runtimeConfig);
  project.provide('agentBundleDir', path.join(dataDir, 'agent-bundle'));
  if (!stack.stripeSandboxUrl) throw new Error('The local stack started without its Stripe sandbox');
  project.provide('stripeSandboxUrl', stack.stripeSandboxUrl);
  const functionEnv = Object.fromEntries(
    [
      'AWS_REGION',
      'AWS_ACCESS_KEY_ID',
      'AWS_SECRET_ACCESS_KEY',
      'TABLE_NAME',
      'DYNAMODB_ENDPOINT',
      'COGNITO_ENDPOINT',
      'USER_POOL_ID',
      'USER_POOL_CLIENT_ID',
      'SES_ENDPOINT',
      'APP_URL',
      'STRIPE_API_URL',
      'STRIPE_SECRET_KEY',
      'STRIPE_WEBHOOK_SECRET',
      'ORIGIN_SECRET_ARN',
      'SECRETS_MANAGER_ENDPOINT',
    ].map((name) => [name, process.env[name] ?? '']),
  );
  project.provide('functionEnv', functionEnv);
  return async () => {
    await stack.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
}
