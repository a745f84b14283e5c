/**
 * The code-signing certificate of a deployment, kept in a Secrets Manager secret (docs/deploy.md):
 * ITAA_SIGNING_SECRET_ID names it; its JSON `{ "pfx_base64": "…", "password": "…" }` is written to a
 * 0600 file of this build's work folder (removed with it) and used like ITAA_SIGNING_PFX.
 */
import fs from 'node:fs';
import path from 'node:path';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import * as z from 'zod';
import { SIGNING_ENV } from './signing';
import { BuildError, info, step } from './tools';

export const SIGNING_SECRET_ENV = 'ITAA_SIGNING_SECRET_ID';

export const signingSecretSchema = z.object({
  pfx_base64: z.string().min(1),
  password: z.string(),
});

/** The PKCS#12 file and its password from the secret's text; a clear error when it is not that JSON. */
export function parseSigningSecret(text: string): { pfx: Buffer; password: string } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new BuildError(`The signing secret is not JSON: expected {"pfx_base64": "…", "password": "…"}`);
  }
  const parsed = signingSecretSchema.safeParse(json);
  if (!parsed.success) {
    throw new BuildError(`The signing secret must hold {"pfx_base64": "…", "password": "…"}`);
  }
  const pfx = Buffer.from(parsed.data.pfx_base64, 'base64');
  if (pfx.length < 100) throw new BuildError("The signing secret's pfx_base64 is not a PKCS#12 file");
  return { pfx, password: parsed.data.password };
}

/**
 * With ITAA_SIGNING_SECRET_ID set, the environment for signing.ts: ITAA_SIGNING_PFX and
 * ITAA_SIGNING_PASSWORD from the secret. Otherwise the environment as it is.
 */
export async function environmentWithSigningSecret(
  env: NodeJS.ProcessEnv,
  workDir: string,
): Promise<NodeJS.ProcessEnv> {
  const secretId = env[SIGNING_SECRET_ENV]?.trim();
  if (!secretId) return env;
  step(`Reading the code-signing certificate from Secrets Manager (${secretId})`);
  const client = new SecretsManagerClient({});
  const answer = await client.send(new GetSecretValueCommand({ SecretId: secretId }));
  if (!answer.SecretString) throw new BuildError(`The secret ${secretId} has no text value`);
  const { pfx, password } = parseSigningSecret(answer.SecretString);
  const pfxFile = path.join(workDir, 'signing.pfx');
  fs.writeFileSync(pfxFile, pfx, { mode: 0o600 });
  info(`certificate written to this build's work folder (removed after the build)`);
  return { ...env, [SIGNING_ENV.pfx]: pfxFile, [SIGNING_ENV.password]: password };
}
