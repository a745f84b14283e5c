import { CfnOutput, Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import type { StackProps } from 'aws-cdk-lib';
import { AccountRecovery, UserPool, UserPoolEmail, VerificationEmailStyle } from 'aws-cdk-lib/aws-cognito';
import type { IUserPool, IUserPoolClient } from 'aws-cdk-lib/aws-cognito';
import type { Construct } from 'constructs';
import { USER_POOL_SETTINGS } from '../user-pool-settings';
import { MAIL_FROM_CONTEXT_KEY, mailFromAddress } from './function';
import { acknowledge } from './nag';

/**
 * The Cognito user pool holding credentials. Users are created by our API (AdminCreateUser), never
 * by self sign-up; the profile in the table is the authority on organisation and role.
 */
export class AuthStack extends Stack {
  readonly userPool: IUserPool;
  readonly userPoolClient: IUserPoolClient;

  constructor(scope: Construct, id: string, props: StackProps = {}) {
    super(scope, id, props);

    // With -c mailFrom (a verified SES identity) Cognito's emails (password reset codes) go through
    // SES like the product's own; without it, Cognito's built-in sender (about 50 a day) is used.
    const mailFrom = this.node.tryGetContext(MAIL_FROM_CONTEXT_KEY) as string | undefined;
    const sender = mailFrom ? mailFromAddress(mailFrom) : undefined;

    const userPool = new UserPool(this, 'UserPool', {
      ...(sender
        ? {
            email: UserPoolEmail.withSES({
              fromEmail: sender.address,
              fromName: 'IT Asset Auditor',
              sesRegion: this.region,
              sesVerifiedDomain: sender.domain,
            }),
          }
        : {}),
      signInAliases: { email: true },
      signInCaseSensitive: false,
      selfSignUpEnabled: false,
      autoVerify: { email: true },
      standardAttributes: { email: { required: true, mutable: true } },
      passwordPolicy: {
        minLength: USER_POOL_SETTINGS.passwordMinLength,
        requireLowercase: false,
        requireUppercase: false,
        requireDigits: false,
        requireSymbols: false,
      },
      accountRecovery: AccountRecovery.EMAIL_ONLY,
      // Cognito sends the forgot-password code with the verification (code) template.
      userVerification: {
        emailStyle: VerificationEmailStyle.CODE,
        emailSubject: USER_POOL_SETTINGS.passwordResetEmail.subject,
        emailBody: USER_POOL_SETTINGS.passwordResetEmail.body,
      },
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });

    acknowledge(
      userPool,
      {
        id: 'AwsSolutions-COG1',
        reason: 'SPEC 9 sets the password rule: at least 6 characters, no character classes required.',
      },
      {
        id: 'AwsSolutions-COG2',
        reason:
          'The product has no multi-factor enrolment screens yet; Cognito MFA can be turned on with them.',
      },
      {
        id: 'AwsSolutions-COG8',
        reason:
          "Cognito's Plus plan (threat protection) is a per-user cost the product does not take on by default.",
      },
    );

    const userPoolClient = userPool.addClient('WebClient', {
      // The web app signs in with SRP (the password never leaves the browser) and refreshes tokens.
      authFlows: { userSrp: true },
      generateSecret: false,
      preventUserExistenceErrors: true,
      disableOAuth: true,
      accessTokenValidity: Duration.minutes(USER_POOL_SETTINGS.accessTokenValidityMinutes),
      idTokenValidity: Duration.minutes(USER_POOL_SETTINGS.idTokenValidityMinutes),
      refreshTokenValidity: Duration.days(USER_POOL_SETTINGS.refreshTokenValidityDays),
    });

    this.userPool = userPool;
    this.userPoolClient = userPoolClient;

    new CfnOutput(this, 'UserPoolId', { value: userPool.userPoolId });
    new CfnOutput(this, 'UserPoolClientId', { value: userPoolClient.userPoolClientId });
  }
}
