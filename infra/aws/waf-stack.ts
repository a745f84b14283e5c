import { CfnOutput, Stack } from 'aws-cdk-lib';
import type { StackProps } from 'aws-cdk-lib';
import { CfnWebACL, CfnWebACLAssociation } from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';

/**
 * The web ACL in front of CloudFront. A CLOUDFRONT-scoped web ACL exists only in us-east-1, so it
 * is a stack of its own there, whatever region the rest of a stage is in; the Web stack takes its
 * ARN across regions (crossRegionReferences, infra/aws/stacks.ts). The per-client limits the API
 * enforces itself (DynamoDB conditional writes, 429) hold locally and in AWS; these are the coarse
 * ones no request gets past to a function.
 */
export const WAF_REGION = 'us-east-1';

/** One client (IP address) in any 5 minutes: far above a person's use, far below a flood. */
export const WAF_RATE_LIMITS = {
  /** Every request to the app and the API. */
  perClient: 2_000,
  /** Sign-up, sign-in's own API calls, invitation lookup and password reset steps: the paths a stranger can call. */
  accountPaths: 100,
  /**
   * Calls to the user pool itself (sign-in, the MFA code, setting up an authenticator, password
   * reset codes): the browser talks to Cognito directly, past CloudFront and the API.
   */
  userPool: 100,
} as const;

/** The paths of account creation and recovery that strangers can call. */
export const ACCOUNT_PATH_PREFIXES = ['/api/auth/', '/api/invitations/lookup', '/api/invitations/by-token/'];

/** AWS managed rule groups: bad reputations, the common exploits, and known bad inputs (Log4j …). */
export const MANAGED_RULE_GROUPS = [
  'AWSManagedRulesAmazonIpReputationList',
  'AWSManagedRulesCommonRuleSet',
  'AWSManagedRulesKnownBadInputsRuleSet',
] as const;

const visibility = (metricName: string): CfnWebACL.VisibilityConfigProperty => ({
  cloudWatchMetricsEnabled: true,
  metricName,
  sampledRequestsEnabled: true,
});

/** Answered as the API answers its own limits: 429. */
const TOO_MANY_REQUESTS: CfnWebACL.RuleActionProperty = { block: { customResponse: { responseCode: 429 } } };

function managedRuleGroup(
  name: (typeof MANAGED_RULE_GROUPS)[number],
  priority: number,
): CfnWebACL.RuleProperty {
  return {
    name,
    priority,
    overrideAction: { none: {} },
    statement: {
      managedRuleGroupStatement: {
        vendorName: 'AWS',
        name,
        // The common rule set blocks bodies over 8 KB; a CSV import (up to 10 MB) and Stripe's
        // webhooks are larger, and the API limits body sizes itself (413). Counted, not blocked.
        ...(name === 'AWSManagedRulesCommonRuleSet'
          ? { ruleActionOverrides: [{ name: 'SizeRestrictions_BODY', actionToUse: { count: {} } }] }
          : {}),
      },
    },
    visibilityConfig: visibility(name),
  };
}

/**
 * A path is matched as the API reads it (issue 35): decoded and lower-cased first, so that
 * /API/Auth/signup or /api/%61uth/signup is the account path it names, not a way past its limit.
 */
export const PATH_TEXT_TRANSFORMATIONS: CfnWebACL.TextTransformationProperty[] = [
  { priority: 0, type: 'URL_DECODE' },
  { priority: 1, type: 'LOWERCASE' },
];

const pathStartsWith = (prefix: string): CfnWebACL.StatementProperty => ({
  byteMatchStatement: {
    fieldToMatch: { uriPath: {} },
    positionalConstraint: 'STARTS_WITH',
    searchString: prefix.toLowerCase(),
    textTransformations: PATH_TEXT_TRANSFORMATIONS,
  },
});

/**
 * A REGIONAL web ACL on the user pool (issue 25): sign-in, its MFA code and an authenticator's
 * set-up go from the browser to Cognito, never through the API, so the API's own limits cannot
 * count them; per client, at most WAF_RATE_LIMITS.userPool in 5 minutes, and no known bad address.
 * Cognito's own lockout after failed passwords stays beneath it.
 */
export function protectUserPool(scope: Construct, userPoolArn: string): CfnWebACL {
  const webAcl = new CfnWebACL(scope, 'UserPoolWebAcl', {
    scope: 'REGIONAL',
    description: 'IT Asset Auditor: in front of the Cognito user pool',
    defaultAction: { allow: {} },
    visibilityConfig: visibility('it-asset-auditor-user-pool'),
    rules: [
      managedRuleGroup('AWSManagedRulesAmazonIpReputationList', 0),
      {
        name: 'UserPoolCallsPerClient',
        priority: 10,
        action: TOO_MANY_REQUESTS,
        statement: {
          rateBasedStatement: {
            limit: WAF_RATE_LIMITS.userPool,
            evaluationWindowSec: 300,
            aggregateKeyType: 'IP',
          },
        },
        visibilityConfig: visibility('UserPoolCallsPerClient'),
      },
    ],
  });
  new CfnWebACLAssociation(scope, 'UserPoolWebAclAssociation', {
    resourceArn: userPoolArn,
    webAclArn: webAcl.attrArn,
  });
  return webAcl;
}

export class WafStack extends Stack {
  readonly webAclArn: string;

  constructor(scope: Construct, id: string, props: StackProps) {
    super(scope, id, props);
    const webAcl = new CfnWebACL(this, 'WebAcl', {
      scope: 'CLOUDFRONT',
      description: 'IT Asset Auditor: in front of CloudFront, the app and /api',
      defaultAction: { allow: {} },
      visibilityConfig: visibility('it-asset-auditor'),
      rules: [
        ...MANAGED_RULE_GROUPS.map((name, index) => managedRuleGroup(name, index)),
        {
          name: 'AccountPathsPerClient',
          priority: 10,
          action: TOO_MANY_REQUESTS,
          statement: {
            rateBasedStatement: {
              limit: WAF_RATE_LIMITS.accountPaths,
              evaluationWindowSec: 300,
              aggregateKeyType: 'IP',
              scopeDownStatement: { orStatement: { statements: ACCOUNT_PATH_PREFIXES.map(pathStartsWith) } },
            },
          },
          visibilityConfig: visibility('AccountPathsPerClient'),
        },
        {
          name: 'RequestsPerClient',
          priority: 11,
          action: TOO_MANY_REQUESTS,
          statement: {
            rateBasedStatement: {
              limit: WAF_RATE_LIMITS.perClient,
              evaluationWindowSec: 300,
              aggregateKeyType: 'IP',
            },
          },
          visibilityConfig: visibility('RequestsPerClient'),
        },
      ],
    });
    this.webAclArn = webAcl.attrArn;
    new CfnOutput(this, 'WebAclArn', { value: webAcl.attrArn });
  }
}
