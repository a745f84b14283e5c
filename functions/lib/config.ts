import * as z from 'zod';

/**
 * The one place the functions read their environment. Locally the gateway sets these to the
 * emulators' endpoints; in AWS the CDK stack sets them. Nothing else in functions/ reads process.env.
 */
/** The From of the product's emails when MAIL_FROM is not set (the local stack, the CDK's default). */
export const DEFAULT_MAIL_FROM = 'IT Asset Auditor <no-reply@itassetauditor.local>';

const configSchema = z.object({
  AWS_REGION: z.string().default('eu-west-2'),
  /** Lambda hands every function its role's credentials here; the local stack sets its own. */
  AWS_ACCESS_KEY_ID: z.string().min(1).optional(),
  AWS_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  AWS_SESSION_TOKEN: z.string().min(1).optional(),
  TABLE_NAME: z.string().min(1),
  USER_POOL_ID: z.string().min(1),
  USER_POOL_CLIENT_ID: z.string().min(1),
  /** Only set when DynamoDB is not the AWS one (DynamoDB Local). */
  DYNAMODB_ENDPOINT: z.string().url().optional(),
  /** Only set when Cognito is not the AWS one (cognito-local). */
  COGNITO_ENDPOINT: z.string().url().optional(),
  /** The agent-bundles bucket (AWS): the installer is handed out through a presigned URL. */
  AGENT_BUNDLE_BUCKET: z.string().min(1).optional(),
  /** A fixed address of the installer (the local store), when there is no bucket. */
  AGENT_BUNDLE_URL: z.string().min(1).optional(),
  /**
   * The agent updates' store when there is no bucket (the local stack): the address its files are
   * served at, e.g. http://localhost:3000/dev/agent/updates. In AWS they are under updates/ in
   * AGENT_BUNDLE_BUCKET.
   */
  AGENT_UPDATES_URL: z.string().url().optional(),
  /** Only set when SES is not the AWS one (the local stack's SES stand-in, which fills the outbox). */
  SES_ENDPOINT: z.string().url().optional(),
  /**
   * The From of the product's emails. The CDK sets it in AWS (a verified SES identity); the default
   * serves the local stack and tests, where the address is never delivered to.
   */
  MAIL_FROM: z.string().min(1).default(DEFAULT_MAIL_FROM),
  /**
   * The web app's address, for links in emails (invitations). The local stack sets its own URL; in
   * AWS the CDK context value `appUrl` (the CloudFront or custom domain).
   */
  APP_URL: z.string().url().optional(),
  /**
   * Stripe's API keys. In AWS they live in Secrets Manager (STRIPE_SECRETS_ARN, a JSON secret
   * {secret_key, webhook_secret}); locally and for a Stripe test-mode account they may be set directly.
   */
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  STRIPE_SECRETS_ARN: z.string().min(1).optional(),
  /** Only set when Lambda is not the AWS one (the local stack's Lambda stand-in, infra/local/lambda.ts). */
  LAMBDA_ENDPOINT: z.string().url().optional(),
  /**
   * The function that runs CSV import jobs (functions/hardware/import-job.ts): its name, which the
   * hardware function invokes asynchronously. The CDK sets it; the local stack names its stand-in's.
   */
  IMPORT_JOB_FUNCTION: z.string().min(1).optional(),
  /**
   * The secret CloudFront adds to every /api/* request (functions/lib/origin-secret.ts): its ARN in
   * AWS, its name at the local Secrets Manager stand-in. Unset, no request proves it came through
   * the edge and every route CloudFront fronts answers 403.
   */
  ORIGIN_SECRET_ARN: z.string().min(1).optional(),
  /** Only set when Secrets Manager is not the AWS one (the local stand-in, infra/local/secrets-manager.ts). */
  SECRETS_MANAGER_ENDPOINT: z.string().url().optional(),
  /** Only set when Stripe is not the real one (the local Stripe sandbox): http://localhost:3030 */
  STRIPE_API_URL: z.string().url().optional(),
});
export type FunctionConfig = z.infer<typeof configSchema>;

let cached: FunctionConfig | undefined;

/** The web app's address, for links in emails and Stripe's return addresses. */
export function appUrl(purpose: string): string {
  const { APP_URL } = config();
  if (!APP_URL) throw new Error(`APP_URL is not configured: ${purpose}`);
  return APP_URL.replace(/\/+$/, '');
}

/**
 * The Cognito triggers' environment: only the web app's address. A trigger belongs to the user pool,
 * so it cannot be given the pool's ids (nor the table, which the Auth stack does not know).
 */
const cognitoTriggerConfigSchema = configSchema.pick({ APP_URL: true });

export function cognitoTriggerConfig(): z.infer<typeof cognitoTriggerConfigSchema> {
  return cognitoTriggerConfigSchema.parse(process.env);
}

/**
 * The origin secret's rotation function (functions/edge/origin-secret-rotation.ts): the
 * distribution whose /api/* origin carries the secret, and that origin's id. It has no table.
 */
const originSecretRotationConfigSchema = z.object({
  DISTRIBUTION_ID: z.string().min(1),
  ORIGIN_ID: z.string().min(1),
  /** How long setSecret waits for every API container to know the new value; see the function. */
  ORIGIN_SECRET_SETTLE_MS: z.coerce.number().int().min(0).optional(),
});

export function originSecretRotationConfig(): z.infer<typeof originSecretRotationConfigSchema> {
  return originSecretRotationConfigSchema.parse(process.env);
}

export function config(): FunctionConfig {
  cached ??= configSchema.parse(process.env);
  return cached;
}
