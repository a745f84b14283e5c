import { App } from 'aws-cdk-lib';
import { Match, type Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  API_CERTIFICATE_ARN_CONTEXT_KEY,
  API_DOMAIN_NAME_CONTEXT_KEY,
  ApiStack,
} from '../../infra/aws/api-stack';
import { createStacks, type AppStacks } from '../../infra/aws/stacks';
import { MANAGED_RULE_GROUPS, WAF_RATE_LIMITS, WAF_REGION } from '../../infra/aws/waf-stack';
import { cognitoOrigin, contentSecurityPolicy, SECURITY_HEADER_SETTINGS } from '../../infra/security-headers';
import {
  buildApiStacks,
  buildApp,
  cdkJsonContext,
  SYNTH_TIMEOUT_MS,
  templateOf,
} from '../support/cdk-stacks';

/**
 * Issue 25 in the synthesized templates: a web ACL in front of CloudFront, the API reachable only
 * through CloudFront once it has a domain of its own, access logs without paths, and the security
 * headers of the shared module.
 */
interface Rule {
  Name: string;
  Action?: Record<string, unknown>;
  Statement: {
    ManagedRuleGroupStatement?: { VendorName: string; Name: string; RuleActionOverrides?: unknown[] };
    RateBasedStatement?: { Limit: number; AggregateKeyType: string; ScopeDownStatement?: unknown };
  };
}

describe('hardening in the templates', () => {
  let stacks: AppStacks;
  let web: Template;
  let waf: Template;

  beforeAll(() => {
    stacks = buildApp();
    web = templateOf(stacks.web);
    waf = templateOf(stacks.waf);
  }, SYNTH_TIMEOUT_MS);

  describe('the web ACL', () => {
    const rules = () => {
      const [acl] = Object.values(waf.findResources('AWS::WAFv2::WebACL'));
      return (acl?.Properties as { Rules: Rule[] }).Rules;
    };

    it('is CloudFront’s, so in us-east-1 whatever the stage’s region', () => {
      expect(stacks.waf.region).toBe(WAF_REGION);
      expect(stacks.web.region).toBe('eu-west-2');
      waf.resourceCountIs('AWS::WAFv2::WebACL', 1);
      waf.hasResourceProperties('AWS::WAFv2::WebACL', { Scope: 'CLOUDFRONT', DefaultAction: { Allow: {} } });
    });

    it('runs AWS’s managed rule groups: IP reputation, the common rule set, known bad inputs', () => {
      const managed = rules().flatMap((rule) => rule.Statement.ManagedRuleGroupStatement ?? []);
      expect(managed.map((group) => `${group.VendorName}/${group.Name}`)).toEqual(
        MANAGED_RULE_GROUPS.map((name) => `AWS/${name}`),
      );
      // A CSV import and Stripe's webhooks are bigger than the common set's 8 KB body limit.
      const common = managed.find((group) => group.Name === 'AWSManagedRulesCommonRuleSet');
      expect(common?.RuleActionOverrides).toEqual([
        { Name: 'SizeRestrictions_BODY', ActionToUse: { Count: {} } },
      ]);
    });

    it('limits each client’s rate, the account paths lower, answering 429', () => {
      const rated = rules().filter((rule) => rule.Statement.RateBasedStatement);
      expect(rated.map((rule) => rule.Statement.RateBasedStatement?.Limit).sort((a, b) => a! - b!)).toEqual([
        WAF_RATE_LIMITS.accountPaths,
        WAF_RATE_LIMITS.perClient,
      ]);
      for (const rule of rated) {
        expect(rule.Statement.RateBasedStatement?.AggregateKeyType).toBe('IP');
        expect(rule.Action).toEqual({ Block: { CustomResponse: { ResponseCode: 429 } } });
      }
      const account = rated.find((rule) => rule.Name === 'AccountPathsPerClient');
      expect(JSON.stringify(account?.Statement.RateBasedStatement?.ScopeDownStatement)).toContain(
        '/api/auth/',
      );
    });

    it('sits in front of the distribution, read across regions', () => {
      const [distribution] = Object.values(web.findResources('AWS::CloudFront::Distribution'));
      const aclId = JSON.stringify(
        (distribution?.Properties as { DistributionConfig: { WebACLId?: unknown } }).DistributionConfig
          .WebACLId,
      );
      // CDK's cross-region reference: a reader in this stack of the parameter the Waf stack writes.
      expect(aclId).toMatch(/ExportsReader/);
    });
  });

  it('keeps the content security policy and the other headers of infra/security-headers.ts', () => {
    const [policy] = Object.values(web.findResources('AWS::CloudFront::ResponseHeadersPolicy'));
    const config = (
      policy?.Properties as {
        ResponseHeadersPolicyConfig: { SecurityHeadersConfig: Record<string, Record<string, unknown>> };
      }
    ).ResponseHeadersPolicyConfig.SecurityHeadersConfig;
    expect(config.ContentSecurityPolicy?.ContentSecurityPolicy).toBe(
      contentSecurityPolicy(cognitoOrigin('eu-west-2')),
    );
    expect(config.StrictTransportSecurity).toMatchObject({
      AccessControlMaxAgeSec: SECURITY_HEADER_SETTINGS.hstsMaxAgeSeconds,
      IncludeSubdomains: SECURITY_HEADER_SETTINGS.hstsIncludeSubdomains,
    });
    expect(config.FrameOptions?.FrameOption).toBe(SECURITY_HEADER_SETTINGS.frameOptions);
    expect(config.ReferrerPolicy?.ReferrerPolicy).toBe(SECURITY_HEADER_SETTINGS.referrerPolicy);
  });

  it('needs a region: the Web stack reads the web ACL across regions', () => {
    expect(() => createStacks(new App({ context: cdkJsonContext() }))).toThrow(/The stacks need a region/);
  });
});

describe('the API', () => {
  it(
    'logs the route key of each request, never its path (which can carry a secret)',
    () => {
      const template = templateOf(buildApiStacks().api);
      const [stage] = Object.values(template.findResources('AWS::ApiGatewayV2::Stage'));
      const format = JSON.parse(
        (stage?.Properties as { AccessLogSettings: { Format: string } }).AccessLogSettings.Format,
      ) as Record<string, string>;
      expect(format.routeKey).toBe('$context.routeKey');
      expect(
        Object.values(format).filter((value) => /\$context\.(path|http\.path|resourcePath)/.test(value)),
      ).toEqual([]);
    },
    SYNTH_TIMEOUT_MS,
  );

  it(
    'switches the execute-api endpoint off once it has a domain of its own, which CloudFront then calls',
    () => {
      const app = new App({
        context: {
          ...cdkJsonContext(),
          [API_DOMAIN_NAME_CONTEXT_KEY]: 'api-origin.example.com',
          [API_CERTIFICATE_ARN_CONTEXT_KEY]: 'arn:aws:acm:eu-west-2:111111111111:certificate/api',
        },
      });
      const stacks = buildApp(app);
      const api = templateOf(stacks.api);
      api.hasResourceProperties('AWS::ApiGatewayV2::Api', { DisableExecuteApiEndpoint: true });
      api.hasResourceProperties('AWS::ApiGatewayV2::DomainName', {
        DomainName: 'api-origin.example.com',
        DomainNameConfigurations: [
          Match.objectLike({ CertificateArn: 'arn:aws:acm:eu-west-2:111111111111:certificate/api' }),
        ],
      });
      api.resourceCountIs('AWS::ApiGatewayV2::ApiMapping', 1);
      templateOf(stacks.web).hasResourceProperties('AWS::CloudFront::Distribution', {
        DistributionConfig: Match.objectLike({
          Origins: Match.arrayWith([Match.objectLike({ DomainName: 'api-origin.example.com' })]),
        }),
      });

      // Without a domain, CloudFront can only call the execute-api endpoint, which stays on.
      const plain = templateOf(buildApiStacks().api);
      plain.hasResourceProperties('AWS::ApiGatewayV2::Api', { DisableExecuteApiEndpoint: false });
      const half = new App({ context: { [API_DOMAIN_NAME_CONTEXT_KEY]: 'api-origin.example.com' } });
      expect(() => new ApiStack(half, 'Api', buildApiProps())).toThrow(/Give both apiDomainName/);
    },
    SYNTH_TIMEOUT_MS,
  );
});

/** An Api stack's props, from stacks of another app (the constructor refuses before it uses them). */
function buildApiProps() {
  const { data, auth } = buildApiStacks();
  return {
    table: data.table,
    agentBundles: data.agentBundles,
    userPool: auth.userPool,
    userPoolClient: auth.userPoolClient,
  };
}
