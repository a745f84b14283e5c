import path from 'node:path';

/** The local stack's configuration: ports and folders, each overridable by an environment variable. */
export interface LocalStackSettings {
  /** The gateway: the SPA and /api on one origin. */
  port: number;
  cognitoPort: number;
  dynamodbPort: number;
  /** The local Stripe sandbox (its API and its hosted checkout and portal pages). */
  stripePort: number;
  dataDir: string;
  webDistDir: string;
  /** Where the agent installer zip is (the local stand-in for the agent-bundles bucket). */
  agentBundleDir: string;
  logLevel: string;
  /**
   * 'x-forwarded-for' only for test runs, which play many clients over loopback (LOCAL_VIEWER_ADDRESS=x-forwarded-for):
   * see GatewayOptions.viewerAddressFrom.
   */
  viewerAddressFrom?: 'connection' | 'x-forwarded-for';
}

export const REPO_ROOT = path.resolve(import.meta.dirname, '../..');

function port(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > 65535)
    throw new Error(`${name} must be a port number, got '${raw}'`);
  return value;
}

export function settingsFromEnv(): LocalStackSettings {
  return {
    port: port('PORT', 3000),
    cognitoPort: port('COGNITO_PORT', 3010),
    dynamodbPort: port('DYNAMODB_PORT', 3020),
    stripePort: port('STRIPE_PORT', 3030),
    dataDir: path.resolve(REPO_ROOT, process.env.DATA_DIR ?? '.data'),
    webDistDir: path.resolve(REPO_ROOT, 'web/dist'),
    agentBundleDir: path.resolve(REPO_ROOT, 'dist/agent'),
    logLevel: process.env.LOG_LEVEL ?? 'INFO',
    viewerAddressFrom:
      process.env.LOCAL_VIEWER_ADDRESS === 'x-forwarded-for' ? 'x-forwarded-for' : 'connection',
  };
}
