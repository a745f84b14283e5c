import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { CfnOutput, Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import type { StackProps } from 'aws-cdk-lib';
import {
  AllowedMethods,
  CachePolicy,
  Distribution,
  Function as CloudFrontFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  ResponseHeadersPolicy,
  SecurityPolicyProtocol,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import type { IUserPool, IUserPoolClient } from 'aws-cdk-lib/aws-cognito';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { ORIGIN_SECRET_HEADER } from '../../functions/lib/origin-secret';
import { OriginSecretRotation } from './origin-secret-rotation';
import { BlockPublicAccess, Bucket, BucketEncryption } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import type { Construct } from 'constructs';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import { accessLogsBucket, acknowledge, acknowledgeBucketDeploymentProvider } from './nag';
import type { RuntimeConfig } from '../../shared/runtime-config';
import { WEB_DIST_DIR } from './paths';
import { cognitoOrigin, contentSecurityPolicy, SECURITY_HEADER_SETTINGS } from '../security-headers';

export interface WebStackProps extends StackProps {
  /** The host name the /api/* behaviour calls (ApiStack.originDomainName). */
  readonly apiOriginDomainName: string;
  /** CloudFront's origin secret (ApiStack.originSecret): sent to the API, rotated here. */
  readonly originSecret: ISecret;
  /** The web ACL in front of the distribution (a WafStack's, in us-east-1). */
  readonly webAclArn: string;
  /** Shown to people installing agents (Settings → Monitoring Agent). */
  readonly agentReportUrl: string;
  readonly userPool: IUserPool;
  readonly userPoolClient: IUserPoolClient;
  /** The built SPA; default web/dist. */
  readonly siteDir?: string;
}

export const DOMAIN_NAME_CONTEXT_KEY = 'domainName';
export const CERTIFICATE_ARN_CONTEXT_KEY = 'certificateArn';

/** Vite's build.assetsDir: file names carry a content hash. */
const HASHED_ASSETS_DIR = 'assets';

/** The /api/* origin's id: the origin secret's rotation finds the header to change by it. */
export const API_ORIGIN_ID = 'api';

/**
 * The build's source maps, for reading error reports, are never deployed (issue 35): they stay in
 * web/dist, the build's artefact, and the site answers 404 for one a deploy before this left behind.
 */
export const SOURCE_MAP_PATTERN = '*.map';

/**
 * Rewrites extension-less paths (client-side routes such as /hardware or /reset-password) to
 * /index.html. It runs on the default (S3) behaviour only, so /api/* errors reach the client as
 * the API sent them.
 */
const SPA_REWRITE = `function handler(event) {
  var request = event.request;
  var uri = request.uri;
  if (uri.slice(-4).toLowerCase() === '.map') {
    return { statusCode: 404, statusDescription: 'Not Found' };
  }
  var lastSegment = uri.substring(uri.lastIndexOf('/') + 1);
  if (lastSegment.indexOf('.') === -1) {
    request.uri = '/index.html';
  }
  return request;
}`;

/** The member of a CDK string enum whose value is the header's value. */
function cdkEnumValue<E extends string>(values: Record<string, E>, value: string): E {
  const member = Object.values(values).find((candidate) => candidate === value);
  if (!member) throw new Error(`CloudFront has no setting for the header value '${value}'`);
  return member;
}

/** Fails with an actionable message when the SPA has not been built. */
export function assertSiteBuilt(siteDir: string = WEB_DIST_DIR): void {
  const indexHtml = join(siteDir, 'index.html');
  if (!existsSync(indexHtml)) {
    throw new Error(
      `The web app is not built: ${indexHtml} is missing. ` +
        `Run "npm run build:web" before "cdk synth" or "cdk deploy" ("npm run deploy" does both).`,
    );
  }
}

/**
 * The SPA on a private S3 bucket behind CloudFront (origin access control), with /api/* routed to
 * the HTTP API on the same origin, so the browser needs no CORS.
 */
export class WebStack extends Stack {
  constructor(scope: Construct, id: string, props: WebStackProps) {
    super(scope, id, props);

    const siteDir = props.siteDir ?? WEB_DIST_DIR;
    assertSiteBuilt(siteDir);

    const accessLogs = accessLogsBucket(this, 'AccessLogs');
    const bucket = new Bucket(this, 'SiteBucket', {
      serverAccessLogsBucket: accessLogs,
      serverAccessLogsPrefix: 'site-bucket/',
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: BucketEncryption.S3_MANAGED,
      autoDeleteObjects: false,
      removalPolicy: RemovalPolicy.RETAIN,
    });

    // infra/security-headers.ts: the local gateway sends the same headers.
    const { hstsMaxAgeSeconds, hstsIncludeSubdomains, frameOptions, referrerPolicy } =
      SECURITY_HEADER_SETTINGS;
    const securityHeaders = new ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: 'IT Asset Auditor security headers',
      securityHeadersBehavior: {
        contentSecurityPolicy: {
          contentSecurityPolicy: contentSecurityPolicy(cognitoOrigin(Stack.of(props.userPool).region)),
          override: true,
        },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: cdkEnumValue(HeadersFrameOption, frameOptions), override: true },
        referrerPolicy: {
          referrerPolicy: cdkEnumValue(HeadersReferrerPolicy, referrerPolicy),
          override: true,
        },
        strictTransportSecurity: {
          accessControlMaxAge: Duration.seconds(hstsMaxAgeSeconds),
          includeSubdomains: hstsIncludeSubdomains,
          override: true,
        },
        xssProtection: { protection: true, modeBlock: true, override: true },
      },
    });

    const spaRewrite = new CloudFrontFunction(this, 'SpaRewrite', {
      code: FunctionCode.fromInline(SPA_REWRITE),
      runtime: FunctionRuntime.JS_2_0,
      comment: 'Serve index.html for client-side routes',
    });

    const apiDomain = props.apiOriginDomainName;

    // An optional own domain: -c domainName=assets.example.com -c certificateArn=<ACM, us-east-1>.
    const domainName = this.node.tryGetContext(DOMAIN_NAME_CONTEXT_KEY) as string | undefined;
    const certificateArn = this.node.tryGetContext(CERTIFICATE_ARN_CONTEXT_KEY) as string | undefined;
    if (!!domainName !== !!certificateArn) {
      throw new Error(
        `Give both ${DOMAIN_NAME_CONTEXT_KEY} and ${CERTIFICATE_ARN_CONTEXT_KEY} (an ACM certificate in us-east-1 for that name), or neither.`,
      );
    }

    const distribution = new Distribution(this, 'Distribution', {
      comment: 'IT Asset Auditor',
      webAclId: props.webAclArn,
      // The minimum TLS version applies to an own certificate; CloudFront's default one fixes its own.
      ...(domainName && certificateArn
        ? {
            domainNames: [domainName],
            certificate: Certificate.fromCertificateArn(this, 'Certificate', certificateArn),
            minimumProtocolVersion: SecurityPolicyProtocol.TLS_V1_2_2021,
          }
        : {}),
      enableLogging: true,
      logBucket: accessLogs,
      logFilePrefix: 'cloudfront/',
      defaultRootObject: 'index.html',
      httpVersion: HttpVersion.HTTP2_AND_3,
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(bucket),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: securityHeaders,
        functionAssociations: [{ function: spaRewrite, eventType: FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: {
        '/api/*': {
          // The origin secret as a dynamic reference: CloudFormation resolves it at deploy, so
          // neither the template nor the bundle holds the value; the rotation changes it in place.
          origin: new HttpOrigin(apiDomain, {
            originId: API_ORIGIN_ID,
            protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
            customHeaders: { [ORIGIN_SECRET_HEADER]: props.originSecret.secretValue.unsafeUnwrap() },
          }),
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          // With caching disabled, the all-viewer policy forwards Authorization too.
          cachePolicy: CachePolicy.CACHING_DISABLED,
          originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: securityHeaders,
        },
      },
    });

    new OriginSecretRotation(this, 'OriginSecretRotation', {
      secret: props.originSecret,
      distribution,
      originId: API_ORIGIN_ID,
    });

    acknowledge(
      distribution,
      {
        id: 'AwsSolutions-CFR1',
        reason: 'Organisations use the product from anywhere; there is no country to block.',
      },
      ...(domainName
        ? []
        : [
            {
              id: 'AwsSolutions-CFR4',
              reason:
                "CloudFront's default certificate cannot set a minimum TLS version; give domainName and certificateArn for TLS 1.2+.",
            },
          ]),
    );

    const runtimeConfig: RuntimeConfig = {
      region: Stack.of(props.userPool).region,
      userPoolId: props.userPool.userPoolId,
      userPoolClientId: props.userPoolClient.userPoolClientId,
      authFlow: 'USER_SRP_AUTH',
      agentReportUrl: props.agentReportUrl,
    };

    // Vite's content-hashed files (web/dist/assets/) are immutable; old ones are kept so a tab
    // opened before a deploy can still load its lazy chunks.
    const assetsDir = join(siteDir, HASHED_ASSETS_DIR);
    const hashedAssets = existsSync(assetsDir)
      ? new BucketDeployment(this, 'DeployHashedAssets', {
          sources: [Source.asset(assetsDir, { exclude: [SOURCE_MAP_PATTERN] })],
          destinationBucket: bucket,
          destinationKeyPrefix: `${HASHED_ASSETS_DIR}/`,
          exclude: [SOURCE_MAP_PATTERN],
          prune: false,
          cacheControl: [
            CacheControl.setPublic(),
            CacheControl.maxAge(Duration.days(365)),
            CacheControl.immutable(),
          ],
          memoryLimit: 512,
        })
      : undefined;

    // Everything else (index.html, public/ files) and the runtime config: revalidated on every load,
    // and the CDN invalidated, so a deploy is seen at once.
    const site = new BucketDeployment(this, 'DeploySite', {
      sources: [
        Source.asset(siteDir, { exclude: [`${HASHED_ASSETS_DIR}/*`, SOURCE_MAP_PATTERN] }),
        Source.jsonData('config.json', runtimeConfig),
      ],
      destinationBucket: bucket,
      exclude: [`${HASHED_ASSETS_DIR}/*`, SOURCE_MAP_PATTERN],
      cacheControl: [CacheControl.noCache()],
      distribution,
      distributionPaths: ['/*'],
      memoryLimit: 512,
    });
    if (hashedAssets) site.node.addDependency(hashedAssets);
    acknowledgeBucketDeploymentProvider(this, [bucket]);

    new CfnOutput(this, 'SiteUrl', {
      value: `https://${domainName ?? distribution.distributionDomainName}`,
    });
    new CfnOutput(this, 'DistributionId', { value: distribution.distributionId });
    // Stripe calls the webhook through CloudFront, like everyone: the API refuses a call without its secret.
    new CfnOutput(this, 'StripeWebhookUrl', {
      value: `https://${domainName ?? distribution.distributionDomainName}/api/stripe/webhook`,
    });
    new CfnOutput(this, 'SiteBucketName', { value: bucket.bucketName });
  }
}
