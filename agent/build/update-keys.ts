/**
 * The keys that sign agent releases (TUF, issue 26). Four roles, one ed25519 key each:
 *
 * - root: signs root.json, which names the other three keys. Kept OFFLINE by the operator
 *   (docs/deploy.md); only its signed root files (1.root.json, 2.root.json…) travel.
 * - targets, snapshot, timestamp: "online" keys that sign each release at build time. In deploy they
 *   come from a Secrets Manager secret (ITAA_TUF_KEYS_SECRET names it); locally they are generated
 *   once into .data/tuf/, with a local root key and a 1.root.json signed by it.
 */
import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  sign,
  type KeyObject,
} from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Key, Metadata, MetadataKind, Root, Signature } from '@tufjs/models';
import * as z from 'zod';

export const ONLINE_ROLES = ['targets', 'snapshot', 'timestamp'] as const;
export type OnlineRole = (typeof ONLINE_ROLES)[number];

/** What publishing needs: the root files as the operator signed them, and the online private keys. */
export interface UpdateKeys {
  /** The texts of 1.root.json, 2.root.json…, oldest first: the newest is what agents embed. */
  rootFiles: string[];
  online: Record<OnlineRole, KeyObject>;
}

/** The Secrets Manager secret (and .data/tuf/online-keys.json): each online role's PKCS#8 PEM. */
export const onlineKeysSecretSchema = z.strictObject({
  targets: z.string().includes('PRIVATE KEY'),
  snapshot: z.string().includes('PRIVATE KEY'),
  timestamp: z.string().includes('PRIVATE KEY'),
});
export type OnlineKeysSecret = z.infer<typeof onlineKeysSecretSchema>;

/** The environment variable naming the online keys' secret (deploy), and the operator's root files. */
export const ENV_KEYS_SECRET = 'ITAA_TUF_KEYS_SECRET';
export const ENV_ROOT_DIR = 'ITAA_TUF_ROOT_DIR';
/** How long a root signed here is valid: renewing it needs the offline key, so it is long. */
export const ROOT_EXPIRES_DAYS = 3650;
export const LOCAL_KEYS_FOLDER = 'tuf';

/** A new ed25519 private key as PKCS#8 PEM. */
export function newPrivateKeyPem(): string {
  return generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
}

/** The TUF key of an ed25519 key (its public half, hex), with its id: the SHA-256 of its canonical JSON. */
export function tufKey(key: KeyObject): Key {
  const publicKey = key.type === 'private' ? createPublicKey(key) : key;
  const jwk = publicKey.export({ format: 'jwk' });
  if (jwk.crv !== 'Ed25519' || typeof jwk.x !== 'string') throw new Error('TUF keys here are ed25519 keys');
  const hex = Buffer.from(jwk.x, 'base64url').toString('hex');
  // Keys sorted, no spaces: canonical JSON of these plain strings.
  const canonical = `{"keytype":"ed25519","keyval":{"public":"${hex}"},"scheme":"ed25519"}`;
  const keyID = createHash('sha256').update(canonical).digest('hex');
  return new Key({ keyID, keyType: 'ed25519', scheme: 'ed25519', keyVal: { public: hex } });
}

/** A signer for Metadata.sign with this private key. */
export function signerOf(privateKey: KeyObject): (data: Buffer) => Signature {
  const keyID = tufKey(privateKey).keyID;
  return (data) => new Signature({ keyID, sig: sign(null, data, privateKey).toString('hex') });
}

export function addDays(now: Date, days: number): string {
  // TUF wants whole seconds, in UTC, with a Z.
  return new Date(now.getTime() + days * 86_400_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

export interface RootOptions {
  version: number;
  rootKeys: KeyObject[];
  /** The public (or private) keys of the online roles. */
  online: Record<OnlineRole, KeyObject>;
  now: Date;
  expiresDays?: number;
}

/** root.json: the online roles' keys, signed by the root key(s). Threshold 1 for every role. */
export function signedRoot(options: RootOptions): string {
  const root = new Root({
    version: options.version,
    specVersion: '1.0.31',
    expires: addDays(options.now, options.expiresDays ?? ROOT_EXPIRES_DAYS),
    consistentSnapshot: false,
  });
  for (const key of options.rootKeys) root.addKey(tufKey(key), MetadataKind.Root);
  for (const role of ONLINE_ROLES) root.addKey(tufKey(options.online[role]), role);
  const metadata = new Metadata(root);
  for (const key of options.rootKeys) metadata.sign(signerOf(key), true);
  return `${JSON.stringify(metadata.toJSON(), null, 2)}\n`;
}

export function parseOnlineKeys(secret: OnlineKeysSecret): Record<OnlineRole, KeyObject> {
  return {
    targets: createPrivateKey(secret.targets),
    snapshot: createPrivateKey(secret.snapshot),
    timestamp: createPrivateKey(secret.timestamp),
  };
}

function writePrivate(file: string, text: string): void {
  fs.writeFileSync(file, text, { mode: 0o600 });
}

/** The root files of a folder, N.root.json in version order. */
export function readRootFiles(dir: string): string[] {
  const files = fs
    .readdirSync(dir)
    .map((name) => /^(\d+)\.root\.json$/.exec(name))
    .filter((match): match is RegExpExecArray => match !== null)
    .sort((a, b) => Number(a[1]) - Number(b[1]));
  if (files.length === 0) throw new Error(`No N.root.json in ${dir}`);
  return files.map((match) => fs.readFileSync(path.join(dir, match[0]), 'utf8'));
}

/**
 * The local stack's keys in `<dataDir>/tuf/`, made on first use: a root key (the stand-in for the
 * operator's offline one), the online keys and 1.root.json. Kept between runs, so agents built
 * earlier keep trusting releases published later.
 */
export function localUpdateKeys(dataDir: string, now = new Date()): UpdateKeys {
  const dir = path.join(dataDir, LOCAL_KEYS_FOLDER);
  const onlineFile = path.join(dir, 'online-keys.json');
  const rootDir = path.join(dir, 'root');
  if (!fs.existsSync(onlineFile)) {
    fs.mkdirSync(rootDir, { recursive: true, mode: 0o700 });
    const rootKeyPem = newPrivateKeyPem();
    const secret: OnlineKeysSecret = {
      targets: newPrivateKeyPem(),
      snapshot: newPrivateKeyPem(),
      timestamp: newPrivateKeyPem(),
    };
    writePrivate(path.join(dir, 'root-key.pem'), rootKeyPem);
    const root = signedRoot({
      version: 1,
      rootKeys: [createPrivateKey(rootKeyPem)],
      online: parseOnlineKeys(secret),
      now,
    });
    fs.writeFileSync(path.join(rootDir, '1.root.json'), root);
    // Last: its presence means the set is complete.
    writePrivate(onlineFile, `${JSON.stringify(secret, null, 2)}\n`);
  }
  const secret = onlineKeysSecretSchema.parse(JSON.parse(fs.readFileSync(onlineFile, 'utf8')));
  return { rootFiles: readRootFiles(rootDir), online: parseOnlineKeys(secret) };
}

/** Deploy: the online keys from Secrets Manager, the root files from the operator's folder. */
export async function deployUpdateKeys(secretId: string, rootDir: string): Promise<UpdateKeys> {
  const { GetSecretValueCommand, SecretsManagerClient } = await import('@aws-sdk/client-secrets-manager');
  const answer = await new SecretsManagerClient({}).send(new GetSecretValueCommand({ SecretId: secretId }));
  if (!answer.SecretString) throw new Error(`The secret ${secretId} holds no text`);
  const secret = onlineKeysSecretSchema.parse(JSON.parse(answer.SecretString));
  return { rootFiles: readRootFiles(rootDir), online: parseOnlineKeys(secret) };
}

/** ITAA_TUF_KEYS_SECRET (with ITAA_TUF_ROOT_DIR) in deploy; otherwise the local keys under dataDir. */
export function updateKeysFromEnv(
  dataDir: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<UpdateKeys> {
  const secretId = env[ENV_KEYS_SECRET];
  if (!secretId) return Promise.resolve(localUpdateKeys(dataDir));
  const rootDir = env[ENV_ROOT_DIR];
  if (!rootDir) {
    throw new Error(
      `${ENV_KEYS_SECRET} is set: ${ENV_ROOT_DIR} must name the folder of the signed N.root.json files`,
    );
  }
  return deployUpdateKeys(secretId, rootDir);
}
