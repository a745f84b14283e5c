import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { featuresInUse, type Feature } from '../../functions/routes';
import { BUNDLE_FILE, BUNDLE_OPTIONS } from '../../infra/aws/bundling';
import { REPO_ROOT } from '../../infra/aws/paths';
import {
  LOCAL_STRIPE_SECRET_KEY,
  LOCAL_STRIPE_WEBHOOK_SECRET,
  startStripeSandbox,
  type StripeSandbox,
} from '../../infra/local/stripe-sandbox';
import { measuredFeatureBundle, type FeatureBundle } from '../bench/bundles';
import { startWebhookRecorder, type WebhookRecorder } from '../support/webhook-recorder';
import { SYNTH_TIMEOUT_MS } from '../support/cdk-stacks';

let outDir: string;
beforeAll(async () => {
  outDir = await mkdtemp(path.join(os.tmpdir(), 'bundles-'));
});
afterAll(() => rm(outDir, { recursive: true, force: true }));

/** The SDK clients each feature's handlers call: DynamoDB everywhere, and what else it reaches. */
const SDK_CLIENTS_BY_FEATURE: Partial<Record<Feature, string[]>> = {
  // Sign-up emails its confirmation code (and the owner of an address that has an account).
  auth: ['client-cognito-identity-provider', 'client-sesv2'],
  // A CSV import's upload starts its job (Lambda's asynchronous invoke).
  hardware: ['client-lambda'],
  agents: ['client-s3'],
  // The agent updates' files (in a chunk of their own: the report's cold start does not load it).
  'agent-reports': ['client-s3'],
  team: ['client-cognito-identity-provider', 'client-sesv2'],
  // Deleting an organisation cancels its Stripe subscription: the Stripe keys are a secret.
  organizations: ['client-cognito-identity-provider', 'client-secrets-manager'],
  billing: ['client-secrets-manager'],
  // "Send digest now" emails the alert digest.
  alerts: ['client-sesv2'],
};

/**
 * The functions reach AWS through the SDK's clients, bundled at the lockfile's versions rather than
 * left to the Lambda runtime's (whose version moves under the function): the local stack and
 * Lambda run the same code.
 */
describe('Lambda bundles', () => {
  const bundles = new Map<Feature, FeatureBundle>();

  beforeAll(async () => {
    for (const feature of featuresInUse()) bundles.set(feature, await measuredFeatureBundle(feature, outDir));
  }, SYNTH_TIMEOUT_MS);

  it.each(featuresInUse())(
    '%s holds the SDK clients of the services it calls, and imports none',
    async (feature) => {
      const bundle = bundles.get(feature)!;
      // Every handler reads CloudFront's origin secret (issue 35), in a chunk loaded on first use,
      // and every signed-in route may ask Cognito about the caller's MFA (functions/lib/mfa-session.ts).
      const clients = new Set([
        'client-dynamodb',
        'client-secrets-manager',
        'client-cognito-identity-provider',
        ...(SDK_CLIENTS_BY_FEATURE[feature] ?? []),
      ]);
      const expected = [...clients].map((name) => `@aws-sdk/${name}`);
      expect([...bundle.sdkClients].sort()).toEqual(expected.sort());
      expect(bundle.packages.map(([name]) => name)).toContain('@aws-sdk/lib-dynamodb');
      // Nothing left for the runtime to provide: only Node's own modules are imported.
      const dir = path.dirname(bundle.file);
      const modules = (await readdir(dir, { recursive: true })).filter((name) => name.endsWith('.mjs'));
      expect(modules).toContain(BUNDLE_FILE);
      for (const module of modules) {
        const source = await readFile(path.join(dir, module), 'utf8');
        expect(source, module).not.toMatch(/from\s*["']@aws-sdk\//);
      }
    },
  );
});

/**
 * The stripe library, bundled as the functions are, makes each call the product makes against the
 * local Stripe sandbox.
 */
describe('the stripe library in a Lambda bundle', () => {
  let sandbox: StripeSandbox;
  let webhooks: WebhookRecorder;
  let StripeFromBundle: typeof Stripe;
  let client: Stripe;

  beforeAll(async () => {
    webhooks = await startWebhookRecorder();
    sandbox = await startStripeSandbox({
      port: 0,
      dataFile: path.join(outDir, 'stripe.json'),
      apiKey: LOCAL_STRIPE_SECRET_KEY,
      webhookUrl: webhooks.url,
      webhookSecret: LOCAL_STRIPE_WEBHOOK_SECRET,
    });
    const outfile = path.join(outDir, 'stripe-only', 'index.mjs');
    await build({
      ...BUNDLE_OPTIONS,
      // One file from standard input: esbuild splits chunks only from named entry points.
      splitting: false,
      sourcemap: false,
      stdin: { contents: "export { default } from 'stripe';", resolveDir: REPO_ROOT, loader: 'js' },
      outfile,
    });
    StripeFromBundle = ((await import(pathToFileURL(outfile).href)) as { default: typeof Stripe }).default;
    client = new StripeFromBundle(LOCAL_STRIPE_SECRET_KEY, {
      host: 'localhost',
      port: sandbox.port,
      protocol: 'http',
      maxNetworkRetries: 0,
    });
  }, SYNTH_TIMEOUT_MS);

  afterAll(async () => {
    await sandbox?.stop();
    await webhooks?.close();
  });

  it('makes every call of the product: catalogue, customer, checkout, portal, subscription, webhook', async () => {
    const prices: Stripe.Price[] = [];
    for await (const price of client.prices.list({ active: true, expand: ['data.product'], limit: 100 }))
      prices.push(price);
    const starter = prices.find((price) => (price.product as Stripe.Product).name === 'Starter');
    expect(starter).toBeDefined();

    const customer = await client.customers.create({
      email: 'ada@example.com',
      name: 'Ada',
      metadata: { organization_id: 'org_bundle' },
    });
    const session = await client.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      client_reference_id: 'org_bundle',
      line_items: [{ price: starter!.id, quantity: 1 }],
      success_url: 'http://app.test/settings?tab=billing',
      cancel_url: 'http://app.test/settings?tab=billing',
      subscription_data: { metadata: { organization_id: 'org_bundle' } },
    });
    const paid = await fetch(`${sandbox.url}/checkout/${session.id}/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'outcome=success',
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);

    await expect.poll(() => webhooks.delivered.length).toBeGreaterThan(0);
    const [delivery] = webhooks.delivered;
    const event = StripeFromBundle.webhooks.constructEvent(
      delivery!.body,
      delivery!.signature,
      LOCAL_STRIPE_WEBHOOK_SECRET,
    );
    expect(event.type).toBe('customer.subscription.created');
    const subscription = await client.subscriptions.retrieve((event.data.object as Stripe.Subscription).id, {
      expand: ['items.data.price.product'],
    });
    expect(subscription).toMatchObject({ status: 'active', customer: customer.id });

    const portal = await client.billingPortal.sessions.create({
      customer: customer.id,
      return_url: 'http://app.test/settings?tab=billing',
    });
    expect(portal.url).toMatch(/^http/);
  });
});
