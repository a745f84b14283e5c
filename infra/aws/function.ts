import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ArnFormat, AssetHashType, Duration, Stack } from 'aws-cdk-lib';
import type { IUserPool, IUserPoolClient } from 'aws-cdk-lib/aws-cognito';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import {
  Architecture,
  Code,
  Function as LambdaFunction,
  LoggingFormat,
  Runtime,
  SystemLogLevel,
  Tracing,
} from 'aws-cdk-lib/aws-lambda';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { DEFAULT_MAIL_FROM } from '../../functions/lib/config';
import type { Feature } from '../../functions/routes';
import { AGENT_BUNDLE_FILE_NAME } from '../../shared/agent-data';
import { AGENT_UPDATES_FOLDER } from '../../shared/agent-updates';
import { GLOBAL_INDEXES } from '../../functions/lib/table/definition';
import { BUNDLE_HANDLER, BUNDLE_TARGET } from './bundling';
import { acknowledge } from './nag';
import { featureEntry, REPO_ROOT } from './paths';
import { functionSettings } from '../function-settings';

/** Cognito admin calls a feature may make, always on our pool's ARN only. */
type CognitoAdminAction =
  | 'cognito-idp:AdminCreateUser'
  | 'cognito-idp:AdminSetUserPassword'
  | 'cognito-idp:AdminDeleteUser'
  | 'cognito-idp:AdminGetUser'
  | 'cognito-idp:AdminInitiateAuth'
  | 'cognito-idp:AdminRespondToAuthChallenge'
  | 'cognito-idp:AdminSetUserMFAPreference'
  | 'cognito-idp:AdminUserGlobalSignOut';

/**
 * What every feature with signed-in routes calls through functions/lib/caller.ts (issue 35): of a
 * person MFA is required of, Cognito's record per session (AdminGetUser), and when it changed behind
 * the API's back, the end of their sessions (AdminUserGlobalSignOut); the profile and the session
 * item it writes need table writes.
 */
const SESSION_CHECK: readonly CognitoAdminAction[] = [
  'cognito-idp:AdminGetUser',
  'cognito-idp:AdminUserGlobalSignOut',
];

export interface FeatureAccess {
  /** `read`: TABLE_READ_ACTIONS; `readWrite`: TABLE_WRITE_ACTIONS too; `readAndSessions`: the session check's puts and updates. */
  readonly table: 'none' | 'read' | 'readAndSessions' | 'readWrite';
  /** Deletes many items at once (lib/table/partitions.ts): BatchWriteItem, which no other feature gets. */
  readonly bulkDelete?: true;
  /**
   * The partition keys (IAM StringLike patterns, so case-sensitive; the table's keys are lower-cased
   * but for the plan-limit guards' `ORG#…`) of every item, and of every index partition, the
   * feature reads or writes: IAM refuses any other (dynamodb:LeadingKeys). Set for the public
   * functions, whose callers are strangers or devices; a new kind of item they touch is added here.
   */
  readonly leadingKeys?: readonly string[];
  readonly cognito: readonly CognitoAdminAction[];
  /** Hands out presigned URLs of the agent installer in the agent-bundles bucket. */
  readonly agentBundles?: 'read';
  /** Serves the agent updates' TUF repository: reads the bucket's updates/ prefix, presigns its targets. */
  readonly agentUpdates?: 'read';
  /** Sends the product's emails (invitations) through SES from MAIL_FROM. */
  readonly mail?: true;
  /** Calls Stripe: reads the Stripe keys secret. */
  readonly stripe?: true;
}

/**
 * The From of the product's emails in AWS: the CDK context value `mailFrom`
 * (`npx cdk deploy -c mailFrom='IT Asset Auditor <no-reply@example.com>'`, or cdk.json), else the
 * default. Its address or domain must be a verified SES identity in the deployment's region.
 */
export const MAIL_FROM_CONTEXT_KEY = 'mailFrom';
/** The web app's address for links in emails and Stripe's return URLs: `-c appUrl=https://assets.example.com`. */
export const APP_URL_CONTEXT_KEY = 'appUrl';

/** The address and its domain in 'Name <address@domain>' or 'address@domain'. */
export function mailFromAddress(mailFrom: string): { address: string; domain: string } {
  const match = /<?([^<>\s@]+@([^<>\s@]+))>?\s*$/.exec(mailFrom.trim());
  if (!match?.[1] || !match[2])
    throw new Error(`The ${MAIL_FROM_CONTEXT_KEY} setting '${mailFrom}' holds no email address`);
  return { address: match[1], domain: match[2] };
}

/**
 * Least privilege, per feature. A feature that needs more (a bucket, a secret) adds it here and in
 * FeatureFunction below; the infra tests pin the sensitive grants.
 */
export const FEATURE_ACCESS: Record<Feature, FeatureAccess> = {
  // Sign-up, the invitation lookup and sign-up by invitation are public; /api/me reads the profile.
  auth: {
    table: 'readWrite',
    // Sign-up codes, and the word to an address's owner when it already has an account.
    mail: true,
    leadingKeys: ['org#*', 'ORG#*', 'user#*', 'invitetoken#*', 'ratelimit#*'],
    cognito: [
      'cognito-idp:AdminCreateUser',
      'cognito-idp:AdminSetUserPassword',
      'cognito-idp:AdminDeleteUser',
      'cognito-idp:AdminGetUser',
      // Turning MFA off: a sign-in proves the password and code, then the preference is changed.
      'cognito-idp:AdminInitiateAuth',
      'cognito-idp:AdminRespondToAuthChallenge',
      'cognito-idp:AdminSetUserMFAPreference',
      'cognito-idp:AdminUserGlobalSignOut',
    ],
  },
  hardware: { table: 'readWrite', cognito: SESSION_CHECK },
  // Removing a machine deletes its report sections in bulk.
  agents: { table: 'readWrite', bulkDelete: true, cognito: SESSION_CHECK, agentBundles: 'read' },
  // Devices enrol with an API key and report with their own token: the organisation's partitions
  // and those two lookups, nothing else.
  'agent-reports': {
    table: 'readWrite',
    leadingKeys: ['org#*', 'ORG#*', 'apikeyhash#*', 'devicetoken#*'],
    cognito: [],
    // Devices fetch their updates where they report (the function URL), with their token.
    agentUpdates: 'read',
  },
  disposal: { table: 'readWrite', cognito: SESSION_CHECK },
  // Reads only, but for the caller's session check (SESSION_CHECK).
  audit: { table: 'readAndSessions', cognito: SESSION_CHECK },
  team: {
    table: 'readWrite',
    mail: true,
    // A password reset is Cognito's ForgotPassword, a public call that needs no grant.
    // Requiring MFA ends the members' sessions.
    cognito: [...SESSION_CHECK, 'cognito-idp:AdminDeleteUser'],
  },
  // Deleting an organisation cancels its Stripe subscriptions first.
  organizations: {
    table: 'readWrite',
    // Deleting an organisation empties its partitions in batches.
    bulkDelete: true,
    cognito: [...SESSION_CHECK, 'cognito-idp:AdminDeleteUser'],
    stripe: true,
  },
  billing: { table: 'readWrite', cognito: SESSION_CHECK, stripe: true },
  'api-keys': { table: 'readWrite', cognito: SESSION_CHECK },
  // An admin's digest settings, and "Send digest now": reads the fleet and the inventory, emails the digest.
  alerts: { table: 'readWrite', mail: true, cognito: SESSION_CHECK },
  // Reads the software inventory the report path writes, and the machines it names; writes only for
  // the caller's session check (SESSION_CHECK).
  software: { table: 'readAndSessions', cognito: SESSION_CHECK },
};

export interface FeatureFunctionProps {
  readonly feature: Feature;
  readonly table: ITable;
  readonly userPool: IUserPool;
  readonly userPoolClient: IUserPoolClient;
  readonly agentBundles: IBucket;
  /** Stripe's secret key and webhook signing secret, as JSON {secret_key, webhook_secret}. */
  readonly stripeKeys: ISecret;
  /** CloudFront's origin secret, which every request the API serves must carry (issue 35). */
  readonly originSecret: ISecret;
  /** Powertools logger level. */
  readonly logLevel?: 'DEBUG' | 'INFO' | 'WARN' | 'ERROR';
}

export const SERVICE_NAME = 'it-asset-auditor';

/** What the data layer (functions/lib/table/commands.ts over the document client) calls; transactions need no more. */
export const TABLE_READ_ACTIONS: string[] = [
  'dynamodb:GetItem',
  'dynamodb:BatchGetItem',
  'dynamodb:Query',
  'dynamodb:ConditionCheckItem',
];
export const TABLE_WRITE_ACTIONS = ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem'];
export const TABLE_BULK_DELETE_ACTIONS = ['dynamodb:BatchWriteItem'];
export const TABLE_SESSION_ACTIONS = ['dynamodb:PutItem', 'dynamodb:UpdateItem'];

/** The table actions a feature's access gives it. */
export function tableActions(access: FeatureAccess): string[] {
  if (access.table === 'none') return [];
  return [
    ...TABLE_READ_ACTIONS,
    ...(access.table === 'readWrite' ? TABLE_WRITE_ACTIONS : []),
    ...(access.table === 'readAndSessions' ? TABLE_SESSION_ACTIONS : []),
    ...(access.table === 'readWrite' && access.bulkDelete ? TABLE_BULK_DELETE_ACTIONS : []),
  ];
}

/** The newest Node.js runtime aws-cdk-lib offers, and esbuild's matching target for the bundles. */
export const FEATURE_RUNTIME = Runtime.NODEJS_24_X;
export { BUNDLE_TARGET };

/**
 * Builds a feature's bundle (or a handler module's, by its path from the repository root) into the
 * CDK's asset folder with infra/aws/bundling.ts. The CDK asks for it synchronously and esbuild's
 * plugins need its asynchronous API, hence the child process.
 */
function bundle(target: string, outputDir: string): boolean {
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', join(REPO_ROOT, 'infra', 'aws', 'bundle-feature.ts'), target, outputDir],
    { cwd: REPO_ROOT, encoding: 'utf8' },
  );
  // Failing here, rather than answering false, keeps the CDK from trying to bundle in Docker.
  if (run.status !== 0) {
    throw new Error(`Bundling the ${target} function failed: ${run.stderr || run.error?.message}`);
  }
  return true;
}

/**
 * A function's code: the bundle of a feature, or of a handler module given by its path from the
 * repository root (functions/auth/custom-message.ts), built locally with our bundling.
 */
export function bundledCode(target: string): Code {
  const entry = target.endsWith('.ts') ? join(REPO_ROOT, target) : featureEntry(target);
  return Code.fromAsset(dirname(entry), {
    // The bundle draws on functions/lib and shared/ too: its hash is the built output's.
    assetHashType: AssetHashType.OUTPUT,
    bundling: {
      image: FEATURE_RUNTIME.bundlingImage,
      local: { tryBundle: (outputDir) => bundle(target, outputDir) },
    },
  });
}

/**
 * "A function of ours": one feature's Lambda (functions/<feature>/index.ts, dispatching by route
 * key) with our defaults: Node 24 on ARM64, minified ESM bundle (its source map beside it), X-Ray tracing, a log group
 * kept one month, the handlers' environment, and the feature's grants from FEATURE_ACCESS.
 */
export class FeatureFunction extends LambdaFunction {
  readonly feature: Feature;
  readonly access: FeatureAccess;

  constructor(scope: Construct, id: string, props: FeatureFunctionProps) {
    const entry = featureEntry(props.feature);
    if (!existsSync(entry)) {
      throw new Error(
        `Feature '${props.feature}' is in functions/routes.ts but its entry ${entry} does not exist: ` +
          `each feature in use needs functions/${props.feature}/index.ts exporting 'handler'.`,
      );
    }

    const settings = functionSettings(props.feature);
    super(scope, id, {
      code: bundledCode(props.feature),
      handler: BUNDLE_HANDLER,
      runtime: FEATURE_RUNTIME,
      architecture: Architecture.ARM_64,
      memorySize: settings.memoryMb,
      timeout: Duration.seconds(settings.timeoutSeconds),
      tracing: settings.tracing === 'Active' ? Tracing.ACTIVE : Tracing.PASS_THROUGH,
      reservedConcurrentExecutions: settings.reservedConcurrency,
      // Lambda filters its own lines by level only in its JSON log format.
      ...(settings.platformLogLevel === 'WARN'
        ? { loggingFormat: LoggingFormat.JSON, systemLogLevelV2: SystemLogLevel.WARN }
        : {}),
      logGroup: new LogGroup(scope, `${id}Logs`, { retention: RetentionDays.ONE_MONTH }),
      environment: {
        TABLE_NAME: props.table.tableName,
        USER_POOL_ID: props.userPool.userPoolId,
        USER_POOL_CLIENT_ID: props.userPoolClient.userPoolClientId,
        POWERTOOLS_SERVICE_NAME: SERVICE_NAME,
        LOG_LEVEL: props.logLevel ?? 'INFO',
        // No NODE_OPTIONS=--enable-source-maps: Node then reads the bundle's source map as the
        // bundle loads, which took a cold start from about 1.8 to 2.3 times a bare Node's
        // (`npm run bench`). Stack traces name the bundle's lines; index.mjs.map, shipped beside
        // it, maps them back to the source (docs/deploy.md).
      },
    });
    this.feature = props.feature;
    acknowledge(
      this,
      {
        id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
        reason: 'The managed basic execution policy only lets the function write its own CloudWatch logs.',
      },
      {
        id: 'AwsSolutions-IAM5[Resource::*]',
        reason: 'X-Ray tracing (PutTraceSegments, PutTelemetryRecords) has no resource-level permissions.',
      },
    );
    const access = FEATURE_ACCESS[props.feature];
    this.access = access;

    if (access.table !== 'none') {
      // The table and its named indexes only (no index/*), and only the calls the data layer makes:
      // no Scan, no streams.
      // Every item of a transaction or a batch is authorized on its own key, so the partition keys
      // hold for those too; ForAllValues holds every key of a request to them.
      this.addToRolePolicy(
        new PolicyStatement({
          actions: tableActions(access),
          resources: [
            props.table.tableArn,
            ...GLOBAL_INDEXES.map((index) => `${props.table.tableArn}/index/${index.indexName}`),
          ],
          ...(access.leadingKeys
            ? {
                conditions: {
                  'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [...access.leadingKeys] },
                },
              }
            : {}),
        }),
      );
    }
    if (access.cognito.length > 0) props.userPool.grant(this, ...access.cognito);
    if (access.agentBundles === 'read') {
      // Presigned GetObject URLs of the installer: that one object, nothing else in the bucket.
      this.addToRolePolicy(
        new PolicyStatement({
          actions: ['s3:GetObject'],
          resources: [props.agentBundles.arnForObjects(AGENT_BUNDLE_FILE_NAME)],
        }),
      );
      this.addEnvironment('AGENT_BUNDLE_BUCKET', props.agentBundles.bucketName);
    }
    if (access.agentUpdates === 'read') {
      // The TUF metadata and release files under updates/ (agent/build/updates.ts), nothing else.
      // Their names change with each release, hence a prefix; the bucket's ARN comes through an
      // export of a known name, so that cdk-nag's finding can be acknowledged by its exact text.
      const bucketStack = Stack.of(props.agentBundles);
      const exportName = `${bucketStack.stackName}-AgentBundlesArn`;
      const bucketArn =
        bucketStack === Stack.of(this)
          ? props.agentBundles.bucketArn
          : bucketStack.exportValue(props.agentBundles.bucketArn, { name: exportName });
      this.addToRolePolicy(
        new PolicyStatement({
          actions: ['s3:GetObject'],
          resources: [`${bucketArn}/${AGENT_UPDATES_FOLDER}/*`],
        }),
      );
      acknowledge(this, {
        id: `AwsSolutions-IAM5[Resource::${exportName}/${AGENT_UPDATES_FOLDER}/*]`,
        reason:
          'Agents fetch the TUF metadata and release files under updates/, whose names change with each release: read-only, that prefix only.',
      });
      this.addEnvironment('AGENT_BUNDLE_BUCKET', props.agentBundles.bucketName);
    }
    // Every handler checks CloudFront's origin secret first (functions/lib/origin-secret.ts).
    props.originSecret.grantRead(this);
    this.addEnvironment('ORIGIN_SECRET_ARN', props.originSecret.secretArn);
    if (access.mail) this.grantSendEmail();
    if (access.stripe) {
      // Read once per cold start (functions/lib/stripe.ts), never put in the environment itself.
      props.stripeKeys.grantRead(this);
      this.addEnvironment('STRIPE_SECRETS_ARN', props.stripeKeys.secretArn);
    }
    // Invitation links and Stripe's return addresses lead to the web app.
    const appUrl = this.node.tryGetContext(APP_URL_CONTEXT_KEY) as string | undefined;
    if (appUrl && (access.mail || access.stripe)) this.addEnvironment('APP_URL', appUrl);
  }

  private grantSendEmail() {
    this.addEnvironment('MAIL_FROM', grantSendEmail(this));
  }
}

/**
 * ses:SendEmail (all the SES v2 SendEmail call needs; no SendRawEmail) on the identities MAIL_FROM
 * can be sent from: its address and its domain, whichever of the two is verified, rather than '*'.
 * While the account is in the SES sandbox, SES also authorizes against each (verified) recipient's
 * identity, so a sandboxed test send to such a recipient needs that identity added here. Returns
 * the MAIL_FROM the function is to send from.
 */
export function grantSendEmail(fn: LambdaFunction): string {
  const mailFrom = (fn.node.tryGetContext(MAIL_FROM_CONTEXT_KEY) as string | undefined) ?? DEFAULT_MAIL_FROM;
  const { address, domain } = mailFromAddress(mailFrom);
  const stack = Stack.of(fn);
  const identityArn = (name: string) =>
    stack.formatArn({
      service: 'ses',
      resource: 'identity',
      resourceName: name,
      arnFormat: ArnFormat.SLASH_RESOURCE_NAME,
    });
  fn.addToRolePolicy(
    new PolicyStatement({
      actions: ['ses:SendEmail'],
      resources: [identityArn(domain), identityArn(address)],
    }),
  );
  return mailFrom;
}

/** Construct id of a feature's function, e.g. 'api-keys' → 'ApiKeysFunction'. */
export function featureFunctionId(feature: Feature): string {
  const pascal = feature
    .split('-')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');
  return `${pascal}Function`;
}
