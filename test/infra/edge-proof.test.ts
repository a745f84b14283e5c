import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { App } from 'aws-cdk-lib';
import type { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { ORIGIN_SECRET_HEADER } from '../../functions/lib/origin-secret';
import { REPO_ROOT } from '../../infra/aws/paths';
import { ORIGIN_SECRET_ROTATION_DAYS } from '../../infra/aws/origin-secret-rotation';
import type { AppStacks } from '../../infra/aws/stacks';
import { ACCOUNT_PATH_PREFIXES } from '../../infra/aws/waf-stack';
import { API_ORIGIN_ID } from '../../infra/aws/web-stack';
import { buildApp, cdkJsonContext, SYNTH_TIMEOUT_MS, templateOf } from '../support/cdk-stacks';

/**
 * Issue 35 in the synthesized templates: CloudFront proves itself to the API with a secret header
 * whose value is in no template (a dynamic reference, resolved at deploy) and which Secrets Manager
 * rotates; the web ACL's path rules match decoded, lower-cased paths; the site's deployment carries
 * no source map.
 */
interface Resource {
  Type: string;
  Properties: Record<string, unknown>;
}

const WEB_DIST = path.join(REPO_ROOT, 'web', 'dist');

async function filesUnder(dir: string): Promise<string[]> {
  return (await readdir(dir, { recursive: true })).map(String);
}

describe('edge proof in the templates (needs `npm run build:web`)', () => {
  let app: App;
  let stacks: AppStacks;
  let api: Template;
  let web: Template;
  let waf: Template;
  let everyTemplate: string;

  beforeAll(() => {
    app = new App({ context: cdkJsonContext() });
    stacks = buildApp(app);
    api = templateOf(stacks.api);
    web = templateOf(stacks.web);
    waf = templateOf(stacks.waf);
    everyTemplate = [stacks.data, stacks.auth, stacks.api, stacks.monitoring, stacks.waf, stacks.web]
      .map((stack) => JSON.stringify(templateOf(stack).toJSON()))
      .join('\n');
  }, SYNTH_TIMEOUT_MS);

  const resourcesOf = (template: Template, type: string) =>
    Object.values(template.toJSON().Resources as Record<string, Resource>).filter(
      (resource) => resource.Type === type,
    );

  it('has Secrets Manager make the secret at deploy: no value in the Api template', () => {
    const [secret] = resourcesOf(api, 'AWS::SecretsManager::Secret').filter((resource) =>
      String(resource.Properties.Description).includes('origin header'),
    );
    expect(secret?.Properties.GenerateSecretString).toMatchObject({
      PasswordLength: 64,
      ExcludePunctuation: true,
    });
    expect(secret?.Properties.SecretString).toBeUndefined();
  });

  it("sends it as the /api/* origin's custom header, by a dynamic reference, never its value", () => {
    const [distribution] = resourcesOf(web, 'AWS::CloudFront::Distribution');
    const config = distribution?.Properties.DistributionConfig as {
      Origins: { Id: string; OriginCustomHeaders?: { HeaderName: string; HeaderValue: unknown }[] }[];
    };
    const apiOrigin = config.Origins.find((origin) => origin.Id === API_ORIGIN_ID);
    const headers = apiOrigin?.OriginCustomHeaders ?? [];
    expect(headers.map((header) => header.HeaderName)).toEqual([ORIGIN_SECRET_HEADER]);
    const value = JSON.stringify(headers[0]?.HeaderValue);
    expect(value).toContain('{{resolve:secretsmanager:');
    expect(value).toMatch(/ExportsOutputRefOriginSecret/);
    // No other origin (the bucket) is handed the secret.
    for (const origin of config.Origins.filter((candidate) => candidate.Id !== API_ORIGIN_ID))
      expect(origin.OriginCustomHeaders).toBeUndefined();
    // The header's name appears in the Web stack only as that header, and no template names a
    // secret-shaped literal beside it.
    expect(everyTemplate).not.toMatch(new RegExp(`${ORIGIN_SECRET_HEADER}"\\s*,\\s*"HeaderValue"\\s*:\\s*"`));
  });

  it('gives every API function the secret to read, and its ARN, not its value', () => {
    const functions = resourcesOf(api, 'AWS::Lambda::Function').filter(
      (fn) =>
        (fn.Properties.Environment as { Variables?: Record<string, unknown> })?.Variables?.ORIGIN_SECRET_ARN,
    );
    expect(functions.length).toBe(stacks.api.functions.size);
    for (const fn of functions) {
      const value = (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables
        .ORIGIN_SECRET_ARN;
      expect(JSON.stringify(value)).toMatch(/^\{"Ref":"OriginSecret[0-9A-F]+"\}$/);
    }
  });

  it(`rotates it every ${ORIGIN_SECRET_ROTATION_DAYS} days with a function that may change this distribution only`, () => {
    const [schedule] = resourcesOf(web, 'AWS::SecretsManager::RotationSchedule');
    expect(schedule?.Properties).toMatchObject({
      RotationRules: { ScheduleExpression: `rate(${ORIGIN_SECRET_ROTATION_DAYS} days)` },
      RotateImmediatelyOnUpdate: false,
    });
    expect(JSON.stringify(schedule?.Properties.SecretId)).toMatch(/ExportsOutputRefOriginSecret/);
    const policies = JSON.stringify(resourcesOf(web, 'AWS::IAM::Policy').map((policy) => policy.Properties));
    expect(policies).toContain('cloudfront:UpdateDistribution');
    const statements = resourcesOf(web, 'AWS::IAM::Policy').flatMap(
      (policy) =>
        (policy.Properties.PolicyDocument as { Statement: { Action: unknown; Resource: unknown }[] })
          .Statement,
    );
    const cloudFront = statements.find((statement) =>
      JSON.stringify(statement.Action).includes('cloudfront:UpdateDistribution'),
    );
    expect(JSON.stringify(cloudFront?.Resource)).toMatch(/distribution\/",\{"Ref":"Distribution/);
  });

  it("matches the web ACL's account paths decoded and lower-cased", () => {
    const [acl] = resourcesOf(waf, 'AWS::WAFv2::WebACL');
    const rules = (acl?.Properties as { Rules: { Name: string; Statement: unknown }[] }).Rules;
    const accountPaths = rules.find((rule) => rule.Name === 'AccountPathsPerClient');
    const matches = (
      accountPaths?.Statement as {
        RateBasedStatement: {
          ScopeDownStatement: {
            OrStatement: {
              Statements: {
                ByteMatchStatement: { SearchString: string; TextTransformations: unknown[] };
              }[];
            };
          };
        };
      }
    ).RateBasedStatement.ScopeDownStatement.OrStatement.Statements.map(
      (statement) => statement.ByteMatchStatement,
    );
    expect(matches.map((match) => match.SearchString)).toEqual(
      ACCOUNT_PATH_PREFIXES.map((prefix) => prefix.toLowerCase()),
    );
    for (const match of matches) {
      expect(match.TextTransformations).toEqual([
        { Priority: 0, Type: 'URL_DECODE' },
        { Priority: 1, Type: 'LOWERCASE' },
      ]);
    }
  });

  it("takes Stripe's webhook through CloudFront: the URL is the site's", () => {
    web.hasOutput('StripeWebhookUrl', {});
    expect(JSON.stringify(web.toJSON().Outputs.StripeWebhookUrl.Value)).toContain('/api/stripe/webhook');
    expect(api.toJSON().Outputs?.StripeWebhookUrl).toBeUndefined();
  });

  it("deploys no source map: the build has them, the deployment's sources do not", async () => {
    const built = (await filesUnder(WEB_DIST)).filter((file) => file.endsWith('.map'));
    // Vite builds them (for error reports): otherwise this test could not fail.
    expect(built.length).toBeGreaterThan(0);
    const deployments = resourcesOf(web, 'Custom::CDKBucketDeployment');
    expect(deployments.length).toBeGreaterThanOrEqual(2);
    const hashes = deployments.flatMap((deployment) =>
      [...JSON.stringify(deployment.Properties.SourceObjectKeys).matchAll(/([0-9a-f]{64})\.zip/g)].map(
        (match) => match[1]!,
      ),
    );
    let siteFiles = 0;
    for (const hash of hashes) {
      const dir = path.join(app.outdir, `asset.${hash}`);
      if (!existsSync(dir)) continue;
      const files = await filesUnder(dir);
      siteFiles += files.filter((file) => file.endsWith('.js') || file.endsWith('.html')).length;
      expect(
        files.filter((file) => file.endsWith('.map')),
        `asset.${hash}`,
      ).toEqual([]);
    }
    expect(siteFiles).toBeGreaterThan(0);
  });

  it('answers 404 for a source map a deploy before this one left in the bucket', () => {
    const [fn] = resourcesOf(web, 'AWS::CloudFront::Function');
    const code = fn?.Properties.FunctionCode as string;
    const rewrite = new Function(`${code}; return handler;`)() as (event: { request: { uri: string } }) => {
      uri?: string;
      statusCode?: number;
    };
    expect(rewrite({ request: { uri: '/assets/index-abc123.js.map' } }).statusCode).toBe(404);
    expect(rewrite({ request: { uri: '/assets/index-abc123.js' } }).uri).toBe('/assets/index-abc123.js');
  });
});
