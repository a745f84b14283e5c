import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { featuresInUse, type Feature } from '../../functions/routes';
import { STRIPE_RESOURCES_USED } from '../../functions/lib/stripe-resources';
import { BUNDLE_OPTIONS } from '../../infra/aws/bundling';
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

/**
 * The functions reach AWS (DynamoDB, Cognito, SES, Secrets Manager, S3's presigned URLs) through
 * functions/lib/aws.ts, not the SDK's clients: with them every bundle was over 300 KB.
 */
describe('Lambda bundles', () => {
  const bundles = new Map<Feature, FeatureBundle>();

  beforeAll(async () => {
    for (const feature of featuresInUse()) bundles.set(feature, await measuredFeatureBundle(feature, outDir));
  }, SYNTH_TIMEOUT_MS);

  it.each(featuresInUse())('%s signs its AWS requests with aws4fetch and holds no SDK client', (feature) => {
    const packages = bundles.get(feature)!.packages.map(([name]) => name);
    expect(packages).toContain('aws4fetch');
    expect(bundles.get(feature)!.sdkClients).toEqual([]);
    for (const sdkPart of ['@aws-sdk/core', '@aws-sdk/lib-dynamodb', '@smithy/core']) {
      expect(packages).not.toContain(sdkPart);
    }
  });
});

/**
 * The billing bundle keeps only the Stripe resources STRIPE_RESOURCES_USED names. The stripe
 * library, bundled as the functions are, makes each call the product makes against the local Stripe
 * sandbox; a resource left out fails loudly.
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
    // Each resource the bundle keeps is called below: one more kept is one more call to add here.
    expect(Object.keys(STRIPE_RESOURCES_USED).sort()).toEqual([
      'billingPortal',
      'checkout',
      'customers',
      'prices',
      'subscriptions',
    ]);

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

  it('fails loudly, naming the fix, when a resource left out of the bundle is used', () => {
    expect(() => client.issuing.cards.list()).toThrow(
      /not in the Lambda bundle: add it to STRIPE_RESOURCES_USED/,
    );
    expect(() => client.invoices.list()).toThrow(/STRIPE_RESOURCES_USED/);
  });
});
