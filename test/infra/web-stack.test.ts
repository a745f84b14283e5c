import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { App } from 'aws-cdk-lib';
import { CachePolicy, OriginRequestPolicy } from 'aws-cdk-lib/aws-cloudfront';
import { Annotations, Match } from 'aws-cdk-lib/assertions';
import type { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { createStacks, stackName, stageName, type AppStacks } from '../../infra/aws/stacks';
import { CERTIFICATE_ARN_CONTEXT_KEY, DOMAIN_NAME_CONTEXT_KEY } from '../../infra/aws/web-stack';
import { buildApp, SYNTH_TIMEOUT_MS, TEST_ENV, templateOf } from '../support/cdk-stacks';
import { REPO_ROOT } from '../../infra/aws/paths';

const WEB_DIST = path.join(REPO_ROOT, 'web', 'dist');

interface Resource {
  Type: string;
  Properties: Record<string, unknown>;
}
interface Behavior {
  PathPattern?: string;
  TargetOriginId: string;
  AllowedMethods?: string[];
  CachePolicyId: string;
  OriginRequestPolicyId?: string;
  ViewerProtocolPolicy: string;
  FunctionAssociations?: { EventType: string; FunctionARN: unknown }[];
}
interface Origin {
  Id: string;
  DomainName: unknown;
  OriginAccessControlId?: unknown;
}
interface DistributionConfig {
  DefaultCacheBehavior: Behavior;
  CacheBehaviors?: Behavior[];
  Origins: Origin[];
  DefaultRootObject?: string;
  CustomErrorResponses?: unknown;
}

type RequestRewrite = (event: { request: { uri: string } }) => { uri: string };

describe('Web stack (needs `npm run build:web`)', () => {
  let stacks: AppStacks;
  let template: Template;
  let resources: Record<string, Resource>;
  let config: DistributionConfig;

  beforeAll(() => {
    stacks = buildApp();
    template = templateOf(stacks.web);
    resources = template.toJSON().Resources as Record<string, Resource>;
    const [distribution] = Object.values(resources).filter(
      (resource) => resource.Type === 'AWS::CloudFront::Distribution',
    );
    config = distribution?.Properties.DistributionConfig as DistributionConfig;
  }, SYNTH_TIMEOUT_MS);

  function origin(id: string): Origin | undefined {
    return config.Origins.find((candidate) => candidate.Id === id);
  }

  it('names the stacks ItAssetAuditor-<stage>-* and orders them Data → Auth → Api → Web', () => {
    const { data, auth, api, web } = stacks;
    expect(stacks.stage).toBe('dev');
    expect([data, auth, api, web].map((stack) => stack.stackName)).toEqual([
      'ItAssetAuditor-dev-Data',
      'ItAssetAuditor-dev-Auth',
      'ItAssetAuditor-dev-Api',
      'ItAssetAuditor-dev-Web',
    ]);
    expect(api.dependencies).toEqual(expect.arrayContaining([data, auth]));
    expect(web.dependencies).toEqual(expect.arrayContaining([auth, api]));
  });

  it('ships no secret in the web bundle: only pool ids, in config.json', async () => {
    const files = (await readdir(WEB_DIST, { recursive: true })).filter((file) =>
      /\.(js|html|json)$/.test(file),
    );
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const text = await readFile(path.join(WEB_DIST, file), 'utf8');
      expect(text, file).not.toMatch(/sk_(live|test)_[A-Za-z0-9]{8}|whsec_[A-Za-z0-9]{8}|AKIA[0-9A-Z]{16}/);
    }
  });

  it('synthesizes every stack without CDK warnings or errors', () => {
    for (const stack of [stacks.data, stacks.auth, stacks.api, stacks.monitoring, stacks.web]) {
      const annotations = Annotations.fromStack(stack);
      expect(annotations.findWarning('*', Match.anyValue()), stack.stackName).toEqual([]);
      expect(annotations.findError('*', Match.anyValue()), stack.stackName).toEqual([]);
    }
  });

  it('gives each stage its own stacks, and refuses names that are not stage names', () => {
    expect(stageName('prod')).toBe('prod');
    expect(stackName('prod', 'Api')).toBe('ItAssetAuditor-prod-Api');
    expect(() => stageName('Prod!')).toThrow(/not a stage name/);
    expect(() => stageName('')).toThrow(/not a stage name/);
  });

  it('keeps the site bucket private, encrypted and TLS-only', () => {
    template.hasResourceProperties('AWS::S3::Bucket', {
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
      BucketEncryption: {
        ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
      },
    });
    template.hasResourceProperties('AWS::S3::BucketPolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        ]),
      },
    });
  });

  it('serves the bucket through CloudFront origin access control only', () => {
    template.resourceCountIs('AWS::CloudFront::OriginAccessControl', 1);
    template.hasResourceProperties('AWS::CloudFront::OriginAccessControl', {
      OriginAccessControlConfig: Match.objectLike({
        OriginAccessControlOriginType: 's3',
        SigningBehavior: 'always',
      }),
    });
    const s3Origin = origin(config.DefaultCacheBehavior.TargetOriginId);
    expect(s3Origin?.OriginAccessControlId).toBeDefined();
    template.hasResourceProperties('AWS::S3::BucketPolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Effect: 'Allow',
            Action: 's3:GetObject',
            Principal: { Service: 'cloudfront.amazonaws.com' },
          }),
        ]),
      },
    });
  });

  it('redirects to HTTPS and serves index.html at the root', () => {
    expect(config.DefaultRootObject).toBe('index.html');
    expect(config.DefaultCacheBehavior.ViewerProtocolPolicy).toBe('redirect-to-https');
  });

  it('routes /api/* to the HTTP API, uncached, with every method and viewer header', () => {
    const apiBehaviors = (config.CacheBehaviors ?? []).filter(
      (behavior) => behavior.PathPattern === '/api/*',
    );
    expect(apiBehaviors).toHaveLength(1);
    const [apiBehavior] = apiBehaviors;
    expect(apiBehavior).toMatchObject({
      AllowedMethods: expect.arrayContaining(['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE']),
      CachePolicyId: CachePolicy.CACHING_DISABLED.cachePolicyId,
      OriginRequestPolicyId: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER.originRequestPolicyId,
      ViewerProtocolPolicy: 'https-only',
    });
    const apiOrigin = origin(apiBehavior?.TargetOriginId ?? '');
    expect(JSON.stringify(apiOrigin?.DomainName)).toMatch(/ExportsOutputFnGetAttHttpApi\w*ApiEndpoint/);
  });

  it('falls back to index.html with a viewer-request function, not distribution-wide error pages', () => {
    expect(config.CustomErrorResponses).toBeUndefined();
    expect(config.DefaultCacheBehavior.FunctionAssociations).toEqual([
      { EventType: 'viewer-request', FunctionARN: expect.anything() },
    ]);
    const apiBehavior = (config.CacheBehaviors ?? []).find((behavior) => behavior.PathPattern === '/api/*');
    expect(apiBehavior?.FunctionAssociations).toBeUndefined();
  });

  it('rewrites client-side routes to /index.html and leaves files alone', () => {
    const [fn] = Object.values(resources).filter((resource) => resource.Type === 'AWS::CloudFront::Function');
    const code = fn?.Properties.FunctionCode as string;
    // The deployed CloudFront Function source, evaluated as CloudFront would.
    const rewrite = new Function(`${code}; return handler;`)() as RequestRewrite;
    const uriFor = (uri: string): string => rewrite({ request: { uri } }).uri;
    expect(uriFor('/')).toBe('/index.html');
    expect(uriFor('/hardware')).toBe('/index.html');
    expect(uriFor('/agents/machine-01/')).toBe('/index.html');
    expect(uriFor('/reset-password')).toBe('/index.html');
    expect(uriFor('/assets/index-abc123.js')).toBe('/assets/index-abc123.js');
    expect(uriFor('/config.json')).toBe('/config.json');
    expect(uriFor('/favicon.svg')).toBe('/favicon.svg');
  });

  it('adds security headers to every response', () => {
    template.hasResourceProperties('AWS::CloudFront::ResponseHeadersPolicy', {
      ResponseHeadersPolicyConfig: Match.objectLike({
        SecurityHeadersConfig: Match.objectLike({
          StrictTransportSecurity: Match.objectLike({ Override: true }),
          ContentTypeOptions: { Override: true },
          FrameOptions: { FrameOption: 'DENY', Override: true },
          ContentSecurityPolicy: Match.objectLike({ Override: true }),
        }),
      }),
    });
    const behaviors = [config.DefaultCacheBehavior, ...(config.CacheBehaviors ?? [])];
    for (const behavior of behaviors) {
      expect(behavior).toHaveProperty('ResponseHeadersPolicyId', { Ref: expect.any(String) });
    }
  });

  it('lets the page connect to its own origin and its Cognito endpoint only', () => {
    const [policy] = Object.values(template.findResources('AWS::CloudFront::ResponseHeadersPolicy'));
    const csp = JSON.stringify(
      (policy?.Properties as { ResponseHeadersPolicyConfig: { SecurityHeadersConfig: unknown } })
        .ResponseHeadersPolicyConfig.SecurityHeadersConfig,
    );
    expect(csp).toMatch(/connect-src 'self' https:\/\/cognito-idp\./);
    expect(csp).not.toContain('*.amazonaws.com');
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it(
    'serves HTTP/2 and HTTP/3 with TLS 1.2 or newer, and takes an own domain with its certificate',
    () => {
      expect(config).toMatchObject({ HttpVersion: 'http2and3' });
      const app = new App({
        context: {
          [DOMAIN_NAME_CONTEXT_KEY]: 'assets.example.com',
          [CERTIFICATE_ARN_CONTEXT_KEY]: 'arn:aws:acm:us-east-1:111111111111:certificate/abc',
        },
      });
      const own = templateOf(createStacks(app, { env: TEST_ENV }).web);
      own.hasResourceProperties('AWS::CloudFront::Distribution', {
        DistributionConfig: Match.objectLike({
          Aliases: ['assets.example.com'],
          ViewerCertificate: Match.objectLike({
            AcmCertificateArn: 'arn:aws:acm:us-east-1:111111111111:certificate/abc',
            MinimumProtocolVersion: 'TLSv1.2_2021',
            SslSupportMethod: 'sni-only',
          }),
        }),
      });
      const half = new App({ context: { [DOMAIN_NAME_CONTEXT_KEY]: 'assets.example.com' } });
      expect(() => createStacks(half, { env: TEST_ENV })).toThrow(/Give both domainName and certificateArn/);
    },
    SYNTH_TIMEOUT_MS,
  );

  it('deploys the SPA and a config.json carrying the pool ids (USER_SRP_AUTH)', () => {
    const deployments = Object.values(resources).filter(
      (resource) => resource.Type === 'Custom::CDKBucketDeployment',
    );
    const withConfig = deployments.filter((deployment) => deployment.Properties.SourceMarkers !== undefined);
    expect(withConfig).toHaveLength(1);
    const markers = JSON.stringify(withConfig[0]?.Properties.SourceMarkers);
    expect(markers).toMatch(/ExportsOutputRefUserPool[0-9A-F]+/);
    expect(markers).toMatch(/ExportsOutputRefUserPoolWebClient/);
    // Where agents post: the report function's URL.
    expect(markers).toMatch(/ExportsOutputFnGetAtt[A-Za-z0-9]*FunctionUrl/);
    expect(withConfig[0]?.Properties).toMatchObject({
      DistributionPaths: ['/*'],
      Prune: true,
      SystemMetadata: { 'cache-control': 'no-cache' },
    });
    expect((withConfig[0]?.Properties.SourceObjectKeys as unknown[]).length).toBe(2);
  });

  it('outputs the site URL', () => {
    template.hasOutput('SiteUrl', {
      Value: { 'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [Match.anyValue(), 'DomainName'] }]] },
    });
  });
});
