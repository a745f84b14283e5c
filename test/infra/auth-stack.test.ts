import { App } from 'aws-cdk-lib';
import { Match } from 'aws-cdk-lib/assertions';
import { AuthStack } from '../../infra/aws/auth-stack';
import { APP_URL_CONTEXT_KEY, MAIL_FROM_CONTEXT_KEY } from '../../infra/aws/function';
import type { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildAuthStack, SYNTH_TIMEOUT_MS, templateOf } from '../support/cdk-stacks';
import { USER_POOL_SETTINGS } from '../../infra/user-pool-settings';
import { WAF_RATE_LIMITS } from '../../infra/aws/waf-stack';

describe('Auth stack', () => {
  let template: Template;
  beforeAll(() => {
    template = templateOf(buildAuthStack());
  }, SYNTH_TIMEOUT_MS);

  it('signs in with email as the username, case-insensitively', () => {
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      UsernameAttributes: ['email'],
      UsernameConfiguration: { CaseSensitive: false },
      AutoVerifiedAttributes: ['email'],
    });
  });

  it('has no self sign-up: our API creates users with AdminCreateUser', () => {
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: true },
    });
  });

  it('requires 6 characters and no character classes (the spec minimum)', () => {
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      Policies: {
        PasswordPolicy: {
          MinimumLength: 6,
          RequireLowercase: false,
          RequireUppercase: false,
          RequireNumbers: false,
          RequireSymbols: false,
        },
      },
    });
  });

  it('recovers accounts by email only, with a code the /reset-password page takes', () => {
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      AccountRecoverySetting: { RecoveryMechanisms: [{ Name: 'verified_email', Priority: 1 }] },
      VerificationMessageTemplate: Match.objectLike({
        DefaultEmailOption: 'CONFIRM_WITH_CODE',
        // The same text the local stack puts in the outbox.
        EmailSubject: USER_POOL_SETTINGS.passwordResetEmail.subject,
        EmailMessage: Match.stringLikeRegexp('/reset-password.*\\{####\\}'),
      }),
    });
  });

  it('keeps the pool (and its users) when the stack goes away', () => {
    template.hasResource('AWS::Cognito::UserPool', {
      DeletionPolicy: 'Retain',
      Properties: Match.objectLike({ DeletionProtection: 'ACTIVE' }),
    });
  });

  it('has MFA optional, by authenticator app (TOTP) only, never SMS', () => {
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      MfaConfiguration: 'OPTIONAL',
      EnabledMfas: ['SOFTWARE_TOKEN_MFA'],
    });
    const [pool] = Object.values(template.findResources('AWS::Cognito::UserPool'));
    const properties = pool?.Properties as { EnabledMfas?: string[]; SmsConfiguration?: unknown };
    expect(properties.EnabledMfas).not.toContain('SMS_MFA');
    expect(properties.SmsConfiguration).toBeUndefined();
  });

  it('has Cognito threat protection on (Plus plan): compromised credentials and adaptive authentication enforced', () => {
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      UserPoolTier: 'PLUS',
      UserPoolAddOns: { AdvancedSecurityMode: 'ENFORCED' },
    });
  });

  it('limits each client’s calls to the user pool (sign-in, MFA codes) with a regional web ACL', () => {
    template.hasResourceProperties('AWS::WAFv2::WebACL', {
      Scope: 'REGIONAL',
      Rules: Match.arrayWith([
        Match.objectLike({
          Statement: {
            ManagedRuleGroupStatement: { VendorName: 'AWS', Name: 'AWSManagedRulesAmazonIpReputationList' },
          },
        }),
        Match.objectLike({
          Name: 'UserPoolCallsPerClient',
          Action: { Block: { CustomResponse: { ResponseCode: 429 } } },
          Statement: {
            RateBasedStatement: {
              Limit: WAF_RATE_LIMITS.userPool,
              AggregateKeyType: 'IP',
              EvaluationWindowSec: 300,
            },
          },
        }),
      ]),
    });
    const [pool] = Object.keys(template.findResources('AWS::Cognito::UserPool'));
    const [webAcl] = Object.keys(template.findResources('AWS::WAFv2::WebACL'));
    template.hasResourceProperties('AWS::WAFv2::WebACLAssociation', {
      ResourceArn: { 'Fn::GetAtt': [pool, 'Arn'] },
      WebACLArn: { 'Fn::GetAtt': [webAcl, 'Arn'] },
    });
  });

  it('has one public web client: SRP, refresh and the admin password check, no secret, no user-existence leaks', () => {
    template.resourceCountIs('AWS::Cognito::UserPoolClient', 1);
    template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      GenerateSecret: false,
      PreventUserExistenceErrors: 'ENABLED',
      AllowedOAuthFlowsUserPoolClient: false,
    });
    const [client] = Object.values(template.findResources('AWS::Cognito::UserPoolClient'));
    const flows = (client?.Properties as { ExplicitAuthFlows?: string[] }).ExplicitAuthFlows ?? [];
    // ADMIN_USER_PASSWORD_AUTH needs IAM credentials: only the API uses it, to prove a code before MFA goes off.
    expect([...flows].sort()).toEqual([
      'ALLOW_ADMIN_USER_PASSWORD_AUTH',
      'ALLOW_REFRESH_TOKEN_AUTH',
      'ALLOW_USER_SRP_AUTH',
    ]);
  });

  it('lets a user write their name through the client, never the email they sign in with', () => {
    const [client] = Object.values(template.findResources('AWS::Cognito::UserPoolClient'));
    const writable = (client?.Properties as { WriteAttributes?: string[] }).WriteAttributes;
    // The local pool's client takes the same list (infra/local/cognito.ts).
    expect(writable).toEqual([...USER_POOL_SETTINGS.clientWriteAttributes]);
    expect(writable).not.toContain('email');
  });

  it('keeps access and ID tokens to an hour and sessions to 30 days', () => {
    template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      AccessTokenValidity: 60,
      IdTokenValidity: 60,
      RefreshTokenValidity: 43200,
      TokenValidityUnits: { AccessToken: 'minutes', IdToken: 'minutes', RefreshToken: 'minutes' },
    });
  });

  it('sends Cognito emails through SES from mailFrom when it is given, else with Cognito', () => {
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      EmailConfiguration: Match.absent(),
    });
    const app = new App({
      context: { [MAIL_FROM_CONTEXT_KEY]: 'IT Asset Auditor <no-reply@assets.example.com>' },
    });
    const withSes = templateOf(
      new AuthStack(app, 'Auth', { env: { account: '111111111111', region: 'eu-west-2' } }),
    );
    withSes.hasResourceProperties('AWS::Cognito::UserPool', {
      EmailConfiguration: Match.objectLike({
        EmailSendingAccount: 'DEVELOPER',
        From: Match.stringLikeRegexp('no-reply@assets\\.example\\.com'),
      }),
    });
    const [pool] = Object.values(withSes.findResources('AWS::Cognito::UserPool'));
    expect(JSON.stringify(pool?.Properties.EmailConfiguration.SourceArn)).toContain(
      ':identity/assets.example.com',
    );
  });

  it('has a CustomMessage trigger write the reset email, with the app address from -c appUrl', () => {
    const triggers = template.findResources('AWS::Lambda::Function');
    expect(Object.keys(triggers)).toHaveLength(1);
    const [functionId] = Object.keys(triggers);
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      LambdaConfig: { CustomMessage: { 'Fn::GetAtt': [functionId, 'Arn'] } },
    });
    template.hasResourceProperties('AWS::Lambda::Permission', {
      Action: 'lambda:InvokeFunction',
      Principal: 'cognito-idp.amazonaws.com',
      FunctionName: { 'Fn::GetAtt': [functionId, 'Arn'] },
    });
    template.hasResourceProperties('AWS::Lambda::Function', {
      Handler: 'index.handler',
      Architectures: ['arm64'],
      Environment: Match.absent(),
    });

    const app = new App({ context: { [APP_URL_CONTEXT_KEY]: 'https://assets.example.com' } });
    templateOf(new AuthStack(app, 'Auth')).hasResourceProperties('AWS::Lambda::Function', {
      Environment: { Variables: { APP_URL: 'https://assets.example.com' } },
    });
  });
});
