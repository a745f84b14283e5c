import type { Server } from 'node:http';
import { afterAll, beforeAll } from 'vitest';
import { forgetOriginSecrets, ORIGIN_SECRET_HEADER } from '../../functions/lib/origin-secret';
import { LocalSecrets, startSecretsManager } from '../../infra/local/secrets-manager';

const SECRET_NAME = 'it-asset-auditor/unit/origin-secret';

/**
 * For unit tests that run a handler of functions/lib/http.ts without the local stack: the Secrets
 * Manager stand-in on a port of its own, the functions' environment pointed at it (with the few
 * settings config() insists on), and the header CloudFront would add. `secrets` lets a test rotate.
 */
export function useOriginSecret() {
  const secrets = new LocalSecrets();
  secrets.create(SECRET_NAME);
  let server: Server | undefined;
  beforeAll(async () => {
    const started = await startSecretsManager(secrets);
    server = started.server;
    Object.assign(process.env, {
      ORIGIN_SECRET_ARN: SECRET_NAME,
      SECRETS_MANAGER_ENDPOINT: started.url,
      AWS_REGION: process.env.AWS_REGION ?? 'local',
      AWS_ACCESS_KEY_ID: process.env.AWS_ACCESS_KEY_ID ?? 'local',
      AWS_SECRET_ACCESS_KEY: process.env.AWS_SECRET_ACCESS_KEY ?? 'local',
      TABLE_NAME: process.env.TABLE_NAME ?? 'unit',
      USER_POOL_ID: process.env.USER_POOL_ID ?? 'unit',
      USER_POOL_CLIENT_ID: process.env.USER_POOL_CLIENT_ID ?? 'unit',
    });
    forgetOriginSecrets();
  });
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
  });
  return {
    secrets,
    name: SECRET_NAME,
    /** The headers CloudFront adds to every /api/* request. */
    edgeHeaders: (): Record<string, string> => ({ [ORIGIN_SECRET_HEADER]: secrets.value(SECRET_NAME) ?? '' }),
  };
}
