import { CfnOutput, Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import type { StackProps } from 'aws-cdk-lib';
import {
  AccountRecovery,
  ClientAttributes,
  Mfa,
  UserPool,
  UserPoolEmail,
  UserPoolOperation,
  VerificationEmailStyle,
  FeaturePlan,
  StandardThreatProtectionMode,
} from 'aws-cdk-lib/aws-cognito';
import type { IUserPool, IUserPoolClient } from 'aws-cdk-lib/aws-cognito';
import { Architecture, Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { USER_POOL_SETTINGS } from '../user-pool-settings';
import { BUNDLE_HANDLER } from './bundling';
import {
  APP_URL_CONTEXT_KEY,
  bundledCode,
  FEATURE_RUNTIME,
  MAIL_FROM_CONTEXT_KEY,
  mailFromAddress,
} from './function';
import { acknowledge } from './nag';
import { protectUserPool } from './waf-stack';

/** The CustomMessage trigger's handler, from the repository root. */
export const CUSTOM_MESSAGE_HANDLER = 'functions/auth/custom-message.ts';

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
      // Optional, by authenticator app only: the API requires it where it must (USER_POOL_SETTINGS.mfa).
      mfa: Mfa.OPTIONAL,
      mfaSecondFactor: { otp: USER_POOL_SETTINGS.mfa.totp, sms: USER_POOL_SETTINGS.mfa.sms },
      // Cognito's own forgot-password email (the verification template), used where the
      // CustomMessage trigger below leaves the message to the pool: without an appUrl to link to.
      userVerification: {
        emailStyle: VerificationEmailStyle.CODE,
        emailSubject: USER_POOL_SETTINGS.passwordResetEmail.subject,
        emailBody: USER_POOL_SETTINGS.passwordResetEmail.body,
      },
      // Threat protection (issue 35): compromised credentials and adaptive authentication, enforced
      // (a risky sign-in is challenged or blocked) for password and SRP sign-ins. Plus plan: docs/cost.md.
      featurePlan: FeaturePlan.PLUS,
      standardThreatProtectionMode: StandardThreatProtectionMode.FULL_FUNCTION,
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
          'MFA is optional in the pool (TOTP, no SMS) and required by the API where it must be: of the super_admin always, of every member where their organisation requires it (functions/lib/caller.ts).',
      },
    );

    const userPoolClient = userPool.addClient('WebClient', {
      // The web app signs in with SRP (the password never leaves the browser) and refreshes tokens.
      // ADMIN_USER_PASSWORD_AUTH: the API proves a password and TOTP code before it turns MFA off.
      authFlows: { userSrp: true, adminUserPassword: USER_POOL_SETTINGS.adminPasswordAuth },
      generateSecret: false,
      // USER_POOL_SETTINGS.clientWriteAttributes (CDK calls `name` fullname): without a list the
      // client may write every writable attribute, the email among them.
      writeAttributes: new ClientAttributes().withStandardAttributes({ fullname: true }),
      preventUserExistenceErrors: USER_POOL_SETTINGS.preventUserExistenceErrors,
      disableOAuth: true,
      accessTokenValidity: Duration.minutes(USER_POOL_SETTINGS.accessTokenValidityMinutes),
      idTokenValidity: Duration.minutes(USER_POOL_SETTINGS.idTokenValidityMinutes),
      refreshTokenValidity: Duration.days(USER_POOL_SETTINGS.refreshTokenValidityDays),
    });

    // The password reset email links to the app's /reset-password page with the address filled in:
    // Cognito's templates cannot hold the address, so a CustomMessage trigger writes the email.
    const appUrl = this.node.tryGetContext(APP_URL_CONTEXT_KEY) as string | undefined;
    const customMessage = new LambdaFunction(this, 'CustomMessageFunction', {
      code: bundledCode(CUSTOM_MESSAGE_HANDLER),
      handler: BUNDLE_HANDLER,
      runtime: FEATURE_RUNTIME,
      architecture: Architecture.ARM_64,
      memorySize: 256,
      // Cognito waits 5 seconds for a trigger.
      timeout: Duration.seconds(5),
      logGroup: new LogGroup(this, 'CustomMessageFunctionLogs', { retention: RetentionDays.ONE_MONTH }),
      environment: appUrl ? { APP_URL: appUrl } : {},
    });
    acknowledge(customMessage, {
      id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
      reason: 'The managed basic execution policy only lets the function write its own CloudWatch logs.',
    });
    userPool.addTrigger(UserPoolOperation.CUSTOM_MESSAGE, customMessage);
    protectUserPool(this, userPool.userPoolArn);

    this.userPool = userPool;
    this.userPoolClient = userPoolClient;

    new CfnOutput(this, 'UserPoolId', { value: userPool.userPoolId });
    new CfnOutput(this, 'UserPoolClientId', { value: userPoolClient.userPoolClientId });
  }
}
