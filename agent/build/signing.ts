/**
 * Authenticode signing with osslsigncode: every exe and shipped .ps1 before wixl packs them, then the
 * MSI, each verified after signing. The certificate comes from the environment (deploy fills it from
 * a Secrets Manager secret: docs/deploy.md). A production build refuses to finish unsigned.
 */
import fs from 'node:fs';
import path from 'node:path';
import { BuildError, info, run, shown, step } from './tools';

export type SigningCertificate =
  | { kind: 'pem'; cert: string; key: string; password: string | undefined }
  | { kind: 'pkcs12'; pfx: string; password: string | undefined };

export interface SigningConfig {
  certificate: SigningCertificate;
  /** RFC 3161 time-stamping server; without it the signature is valid only while the certificate is. */
  timestampUrl: string | undefined;
  /** The CA bundle `osslsigncode verify` trusts (a test CA, or a public CA when the system's is not enough). */
  caFile: string | undefined;
}

export const SIGNING_ENV = {
  cert: 'ITAA_SIGNING_CERT',
  key: 'ITAA_SIGNING_KEY',
  pfx: 'ITAA_SIGNING_PFX',
  password: 'ITAA_SIGNING_PASSWORD',
  timestampUrl: 'ITAA_SIGNING_TIMESTAMP_URL',
  caFile: 'ITAA_SIGNING_CA_FILE',
  stage: 'ITAA_STAGE',
} as const;

/** The stage names a production deployment uses (infra/aws/stacks.ts: `-c stage=prod`). */
export const PRODUCTION_STAGES = ['prod', 'production'] as const;

export function isProductionStage(env: NodeJS.ProcessEnv): boolean {
  const stage = env[SIGNING_ENV.stage]?.trim().toLowerCase();
  return stage !== undefined && (PRODUCTION_STAGES as readonly string[]).includes(stage);
}

/** The signing configuration from the environment; null when none is set. Half a configuration is an error. */
export function signingConfig(env: NodeJS.ProcessEnv): SigningConfig | null {
  const value = (name: string) => env[name]?.trim() || undefined;
  const cert = value(SIGNING_ENV.cert);
  const key = value(SIGNING_ENV.key);
  const pfx = value(SIGNING_ENV.pfx);
  const password = env[SIGNING_ENV.password] || undefined;
  if (pfx && (cert || key)) {
    throw new BuildError(
      `Set either ${SIGNING_ENV.pfx} or ${SIGNING_ENV.cert} + ${SIGNING_ENV.key}, not both`,
    );
  }
  let certificate: SigningCertificate;
  if (pfx) certificate = { kind: 'pkcs12', pfx, password };
  else if (cert && key) certificate = { kind: 'pem', cert, key, password };
  else if (cert || key) {
    throw new BuildError(
      `${SIGNING_ENV.cert} and ${SIGNING_ENV.key} go together (PEM files of the certificate and its key)`,
    );
  } else return null;
  const files = certificate.kind === 'pkcs12' ? [certificate.pfx] : [certificate.cert, certificate.key];
  const caFile = value(SIGNING_ENV.caFile);
  for (const file of [...files, ...(caFile ? [caFile] : [])]) {
    if (!fs.existsSync(file)) throw new BuildError(`Signing: ${file} does not exist`);
  }
  return { certificate, timestampUrl: value(SIGNING_ENV.timestampUrl), caFile };
}

/** Stops a production build that would ship unsigned files, before anything is built. */
export function assertSigningAllowed(config: SigningConfig | null, env: NodeJS.ProcessEnv): void {
  if (config || !isProductionStage(env)) return;
  throw new BuildError(
    `${SIGNING_ENV.stage}=${env[SIGNING_ENV.stage]} is a production build and no code-signing certificate is configured: ` +
      `set ${SIGNING_ENV.pfx} + ${SIGNING_ENV.password} (or ${SIGNING_ENV.cert} + ${SIGNING_ENV.key}); a production agent is never published unsigned`,
  );
}

/** osslsigncode's arguments for the certificate; a password goes through a 0600 file, never the command line. */
function certificateArgs(config: SigningConfig, workDir: string): string[] {
  const { certificate } = config;
  const args =
    certificate.kind === 'pkcs12'
      ? ['-pkcs12', certificate.pfx]
      : ['-certs', certificate.cert, '-key', certificate.key];
  if (certificate.password !== undefined) {
    const passwordFile = path.join(workDir, 'signing-password');
    fs.writeFileSync(passwordFile, certificate.password, { mode: 0o600 });
    args.push('-readpass', passwordFile);
  }
  return args;
}

/** Signs one file in place (exe, msi or ps1: osslsigncode tells them apart), then verifies it. */
export function signFile(file: string, config: SigningConfig, workDir: string, description: string): void {
  // The signed copy keeps the extension: osslsigncode picks the format (PE, MSI, script) by it.
  const signed = path.join(workDir, `signed-${process.pid}-${path.basename(file)}`);
  fs.rmSync(signed, { force: true });
  const args = [
    'sign',
    ...certificateArgs(config, workDir),
    '-n',
    description,
    '-h',
    'sha256',
    ...(config.timestampUrl ? ['-ts', config.timestampUrl] : []),
    '-in',
    file,
    '-out',
    signed,
  ];
  run('osslsigncode', args, `Signing ${path.basename(file)}`);
  fs.renameSync(signed, file);
  verifySignature(file, config.caFile);
  info(`signed and verified: ${shown(file)}`);
}

/** `osslsigncode verify`: throws when the file's signature does not hold. */
export function verifySignature(file: string, caFile: string | undefined): void {
  run(
    'osslsigncode',
    ['verify', ...(caFile ? ['-CAfile', caFile] : []), '-in', file],
    `Verifying the signature of ${path.basename(file)}`,
  );
}

/** Signs each file, or says once that the build is unsigned. */
export function signAll(
  files: readonly string[],
  config: SigningConfig | null,
  workDir: string,
  what: string,
): void {
  if (!config) {
    step(
      `Not signing ${what}: no certificate configured (${SIGNING_ENV.pfx} or ${SIGNING_ENV.cert} + ${SIGNING_ENV.key})`,
    );
    return;
  }
  step(
    `Signing ${what} (osslsigncode${config.timestampUrl ? `, time-stamped by ${config.timestampUrl}` : ''})`,
  );
  for (const file of files) signFile(file, config, workDir, 'IT Asset Auditor Agent');
}
