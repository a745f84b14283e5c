import type { ChildProcess } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import type { Server } from 'node:http';
import path from 'node:path';
import { sendDailyDigests } from '../../functions/alerts/daily-run';
import { removeExpiredSignups } from '../../functions/auth/email-confirmation';
import { backfillHardwareList } from '../../functions/hardware/list-backfill';
import { migrateSerialClaims } from '../../functions/inventory/serial-claims';
import type { RuntimeConfig } from '../../shared/runtime-config';
import { localAgentPackage, type AgentPackage } from './agent-package';
import { startCognitoLocal } from './cognito';
import { dynamoDbClient, ensureTable, startDynamoDbLocal } from './dynamodb';
import { LOCAL_AGENT_BUNDLE_PATH, LOCAL_AGENT_UPDATES_PATH, startGateway } from './gateway';
import { AGENT_UPDATES_FOLDER } from '../../shared/agent-updates';
import { createJwtAuthorizer } from './jwt-authorizer';
import { Outbox } from './outbox';
import { LOCAL_IMPORT_JOB_FUNCTION, LOCAL_LAMBDA_PATH, LocalLambda } from './lambda';
import { LOCAL_SES_PATH } from './ses';
import { LOCAL_ORIGIN_SECRET_NAME, LOCAL_SECRETS_MANAGER_PATH, LocalSecrets } from './secrets-manager';
import type { LocalStackSettings } from './settings';
import { LOCAL_STRIPE_SECRET_KEY, LOCAL_STRIPE_WEBHOOK_SECRET, startStripeSandbox } from './stripe-sandbox';

export const LOCAL_TABLE_NAME = 'it-asset-auditor';
/** How often the local stack removes sign-ups whose code was not entered in time: hourly, as in AWS. */
const SIGNUP_SWEEP_INTERVAL_MS = 3_600_000;
/**
 * How often the local stack sends the daily alert digests: once a day, as the schedule in AWS does
 * (infra/aws/alert-digest.ts); ALERT_DIGEST_INTERVAL_MS shortens it to watch it work. Each
 * organisation gets one digest a day however often it runs.
 */
const ALERT_DIGEST_INTERVAL_MS = Number(process.env.ALERT_DIGEST_INTERVAL_MS) || 86_400_000;

export interface LocalStack {
  url: string;
  outbox: Outbox;
  /** The Stripe sandbox's address; null when STRIPE_SECRET_KEY points the product at a real Stripe account. */
  stripeSandboxUrl: string | null;
  runtimeConfig: RuntimeConfig;
  /** The agent installer the gateway serves, built when it is missing or stale. */
  agentPackage: AgentPackage;
  /** The Secrets Manager stand-in, which holds the origin secret (LOCAL_ORIGIN_SECRET_NAME). */
  secrets: LocalSecrets;
  stop(): Promise<void>;
}

const closeServer = (server: Server) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

const stopChild = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });

/**
 * DynamoDB Local, cognito-local, the email outbox and the gateway (which also stands in for SES,
 * delivering into the outbox, and for the agent-bundles bucket, building the agent installer when
 * it is missing or stale), with data under settings.dataDir.
 * The functions run in this process and learn the emulators' endpoints from their environment,
 * exactly as a Lambda learns the real ones.
 */
export async function startLocalStack(settings: LocalStackSettings): Promise<LocalStack> {
  await mkdir(settings.dataDir, { recursive: true });
  const outbox = new Outbox(path.join(settings.dataDir, 'outbox'));
  const dynamoEndpoint = `http://localhost:${settings.dynamodbPort}`;
  const dynamo = startDynamoDbLocal(settings.dynamodbPort, path.join(settings.dataDir, 'dynamodb'));
  const started: Array<() => Promise<void>> = [() => stopChild(dynamo)];
  const stop = async () => {
    await Promise.all(started.map((stopOne) => stopOne()));
  };
  try {
    const exited = new Promise<never>((_, reject) =>
      dynamo.once('exit', (code) => reject(new Error(`DynamoDB Local exited with code ${code}`))),
    );
    await Promise.race([ensureTable(dynamoDbClient(dynamoEndpoint), LOCAL_TABLE_NAME), exited]);

    const cognito = await startCognitoLocal(
      settings.cognitoPort,
      path.join(settings.dataDir, 'cognito'),
      outbox,
    );
    started.push(() => closeServer(cognito.server));

    Object.assign(process.env, {
      AWS_REGION: 'local',
      AWS_ACCESS_KEY_ID: 'local',
      AWS_SECRET_ACCESS_KEY: 'local',
      TABLE_NAME: LOCAL_TABLE_NAME,
      DYNAMODB_ENDPOINT: dynamoEndpoint,
      COGNITO_ENDPOINT: cognito.endpoint,
      USER_POOL_ID: cognito.userPoolId,
      USER_POOL_CLIENT_ID: cognito.userPoolClientId,
      POWERTOOLS_LOG_LEVEL: settings.logLevel,
      POWERTOOLS_METRICS_DISABLED: 'true',
      AGENT_BUNDLE_URL: LOCAL_AGENT_BUNDLE_PATH,
    });

    const runtimeConfig: RuntimeConfig = {
      region: 'local',
      userPoolId: cognito.userPoolId,
      userPoolClientId: cognito.userPoolClientId,
      authFlow: 'USER_PASSWORD_AUTH',
      userPoolEndpoint: cognito.endpoint,
    };
    const lambda = new LocalLambda(path.join(settings.dataDir, 'lambda-events'));
    started.push(async () => lambda.stop());
    // CloudFront's origin secret (issue 35): made afresh on every start, in the Secrets Manager
    // stand-in, whence the gateway adds it as CloudFront does and the functions read it as in AWS.
    const secrets = new LocalSecrets();
    secrets.create(LOCAL_ORIGIN_SECRET_NAME);
    process.env.ORIGIN_SECRET_ARN = LOCAL_ORIGIN_SECRET_NAME;
    const agentPackage = localAgentPackage(settings.agentBundleDir, (line) => console.log(`[agent] ${line}`));
    started.push(() => agentPackage.stop());
    const gateway = await startGateway({
      port: settings.port,
      webDistDir: settings.webDistDir,
      agentPackage,
      agentUpdatesDir: path.join(settings.agentBundleDir, AGENT_UPDATES_FOLDER),
      runtimeConfig,
      authorize: createJwtAuthorizer(cognito.endpoint, cognito.userPoolId, cognito.userPoolClientId),
      outbox,
      lambda,
      viewerAddressFrom: settings.viewerAddressFrom ?? 'connection',
      secrets,
      originSecretName: LOCAL_ORIGIN_SECRET_NAME,
    });
    started.push(() => closeServer(gateway));
    const address = gateway.address();
    const port = typeof address === 'object' && address ? address.port : settings.port;
    const url = `http://localhost:${port}`;
    // The gateway itself stands in for SES (into the outbox); its port is known once it listens,
    // which is before any function runs and reads its configuration.
    process.env.SES_ENDPOINT = `${url}${LOCAL_SES_PATH}`;
    // The agent updates route reads the repository's metadata there and sends devices there for targets.
    process.env.AGENT_UPDATES_URL = `${url}${LOCAL_AGENT_UPDATES_PATH}`;
    // Links in the product's emails, and Stripe's return addresses, lead back to this stack's web app.
    process.env.APP_URL = url;
    // The gateway stands in for Lambda's Invoke API too: the import's job runs in this process.
    process.env.LAMBDA_ENDPOINT = `${url}${LOCAL_LAMBDA_PATH}`;
    process.env.IMPORT_JOB_FUNCTION = LOCAL_IMPORT_JOB_FUNCTION;
    process.env.SECRETS_MANAGER_ENDPOINT = `${url}${LOCAL_SECRETS_MANAGER_PATH}`;

    // With keys of a Stripe test-mode account in the environment, the product talks to Stripe itself.
    let stripeSandboxUrl: string | null = null;
    if (!process.env.STRIPE_SECRET_KEY) {
      const sandbox = await startStripeSandbox({
        port: settings.stripePort,
        dataFile: path.join(settings.dataDir, 'stripe', 'state.json'),
        apiKey: LOCAL_STRIPE_SECRET_KEY,
        webhookUrl: `${url}/api/stripe/webhook`,
        webhookSecret: LOCAL_STRIPE_WEBHOOK_SECRET,
      });
      started.push(() => sandbox.stop());
      stripeSandboxUrl = sandbox.url;
      Object.assign(process.env, {
        STRIPE_API_URL: sandbox.url,
        STRIPE_SECRET_KEY: LOCAL_STRIPE_SECRET_KEY,
        STRIPE_WEBHOOK_SECRET: LOCAL_STRIPE_WEBHOOK_SECRET,
      });
    }
    // A table from before issue 34's list orders: the same backfill as `npm run backfill:hardware-list`
    // in AWS, once (a marker item records it), so that no order or filter misses an older asset.
    const backfilled = await backfillHardwareList();
    if (backfilled && backfilled.assets > 0) {
      console.log(
        `Hardware list backfilled: ${backfilled.rewritten} of ${backfilled.assets} assets, ${backfilled.counters} location counters`,
      );
    }
    // Serial claims made before issue 36's one serial form: the same migration as
    // `npm run migrate:serial-claims` in AWS, once (a marker item records it).
    const migrated = await migrateSerialClaims();
    if (migrated && migrated.moved + migrated.clashes.length > 0) {
      console.log(
        `Serial claims migrated: ${migrated.moved} moved, ${migrated.clashes.length} left where two assets share a serial`,
      );
    }
    // The same sweep as the EventBridge rule's in AWS (infra/aws/signup-sweep.ts), on a timer.
    const sweepSignups = () => {
      removeExpiredSignups(new Date()).catch((error: unknown) =>
        console.error('Removing expired sign-ups failed', error),
      );
    };
    const sweep = setInterval(sweepSignups, SIGNUP_SWEEP_INTERVAL_MS);
    sweep.unref();
    started.push(async () => clearInterval(sweep));
    sweepSignups();
    // Events a killed or stopped stack had not finished (an import's job) are delivered again, as
    // Lambda's queue keeps them: the job resumes from its recorded progress.
    await lambda.deliverPending();
    // The same run as the schedule's in AWS, on a timer; not at start, so a restart sends nothing.
    const digests = setInterval(() => {
      sendDailyDigests(new Date()).catch((error: unknown) =>
        console.error('Sending the alert digests failed', error),
      );
    }, ALERT_DIGEST_INTERVAL_MS);
    digests.unref();
    started.push(async () => clearInterval(digests));
    return { url, outbox, stripeSandboxUrl, runtimeConfig, agentPackage, secrets, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
