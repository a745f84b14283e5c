import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import Stripe from 'stripe';
import * as z from 'zod';
import { awsClientOptions, madeOnce } from './aws-clients';
import { config } from './config';
import { BadGateway, BadRequest } from './errors';
import { logger } from './logger';

/**
 * The product's one way to Stripe: the official client, with its keys read once per cold start.
 * Locally STRIPE_API_URL points the same client at the Stripe sandbox (infra/local); nothing else
 * differs between the sandbox, a Stripe test-mode account and production.
 */
interface StripeKeys {
  secretKey: string;
  webhookSecret: string;
}

const storedSecretSchema = z.object({ secret_key: z.string().min(1), webhook_secret: z.string().min(1) });

const secretsManager = madeOnce(() => new SecretsManagerClient(awsClientOptions()));

async function readKeys(): Promise<StripeKeys> {
  const { STRIPE_SECRETS_ARN, STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET } = config();
  if (STRIPE_SECRETS_ARN) {
    const secret = await secretsManager().send(new GetSecretValueCommand({ SecretId: STRIPE_SECRETS_ARN }));
    const stored = storedSecretSchema.parse(JSON.parse(secret.SecretString ?? '{}'));
    return { secretKey: stored.secret_key, webhookSecret: stored.webhook_secret };
  }
  if (STRIPE_SECRET_KEY && STRIPE_WEBHOOK_SECRET) {
    return { secretKey: STRIPE_SECRET_KEY, webhookSecret: STRIPE_WEBHOOK_SECRET };
  }
  throw new Error(
    'Stripe is not configured: set STRIPE_SECRETS_ARN, or STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET',
  );
}

let keys: Promise<StripeKeys> | undefined;
let client: Stripe | undefined;

function stripeKeys(): Promise<StripeKeys> {
  keys ??= readKeys().catch((error: unknown) => {
    // A failed read is not cached: the next request tries again.
    keys = undefined;
    throw error;
  });
  return keys;
}

function endpoint(): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  const { STRIPE_API_URL } = config();
  if (!STRIPE_API_URL) return {};
  const url = new URL(STRIPE_API_URL);
  return {
    host: url.hostname,
    port: url.port || (url.protocol === 'https:' ? 443 : 80),
    protocol: url.protocol === 'https:' ? 'https' : 'http',
  };
}

export async function stripe(): Promise<Stripe> {
  if (!client) {
    const { secretKey } = await stripeKeys();
    client = new Stripe(secretKey, {
      ...endpoint(),
      maxNetworkRetries: 2,
      // API Gateway gives an integration 30 s; a slow Stripe call should fail well inside that.
      timeout: 8_000,
      appInfo: { name: 'IT Asset Auditor' },
    });
  }
  return client;
}

/** The event a webhook request carries, once its Stripe-Signature proves Stripe sent this very body. */
export async function verifiedStripeEvent(
  rawBody: string,
  signature: string | undefined,
): Promise<Stripe.Event> {
  if (!signature) throw new BadRequest('The Stripe-Signature header is missing', 'invalid_signature');
  const [{ webhookSecret }, client] = await Promise.all([stripeKeys(), stripe()]);
  try {
    return client.webhooks.constructEvent(rawBody, signature, webhookSecret);
  } catch (error) {
    logger.warn('Rejected a webhook with a bad signature', { error: error as Error });
    throw new BadRequest('The Stripe signature does not match this request', 'invalid_signature');
  }
}

/** Runs a Stripe call; Stripe's refusal becomes a 502 whose message says what Stripe said. */
export async function callStripe<T>(what: string, call: (client: Stripe) => Promise<T>): Promise<T> {
  const client = await stripe();
  try {
    return await call(client);
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError) {
      logger.error(`Stripe refused: ${what}`, { error });
      throw new BadGateway(`${what}: ${error.message}`, 'stripe_error');
    }
    throw error;
  }
}
