/**
 * npm run agent:keys -- <command>: the operator's tool for the keys that sign agent releases
 * (docs/deploy.md, "Agent updates").
 *
 *   root-key --out <root-key.pem>              a new root key, to keep OFFLINE
 *   online-keys --out <online-keys.json>       new targets/snapshot/timestamp keys: the Secrets Manager
 *                                              secret; their public halves go to <out>.public.json
 *   sign-root --root-key <pem> --online <online-keys.public.json> --version <n> --out <folder>
 *             [--expires-days <days>]          signs <folder>/<n>.root.json (on the offline machine)
 *   local                                      makes (once) and shows the local stack's keys in .data/tuf
 *   publish --out <folder> --version <v> <file>…   publishes a release with the keys of the environment
 */
import { createPrivateKey, createPublicKey } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as z from 'zod';
import {
  LOCAL_KEYS_FOLDER,
  localUpdateKeys,
  newPrivateKeyPem,
  ONLINE_ROLES,
  onlineKeysSecretSchema,
  parseOnlineKeys,
  ROOT_EXPIRES_DAYS,
  signedRoot,
  tufKey,
  updateKeysFromEnv,
} from './update-keys';
import { publishAgentRelease } from './updates';

const DATA_DIR = path.resolve(process.env.DATA_DIR ?? '.data');
const publicKeysSchema = z.strictObject({ targets: z.string(), snapshot: z.string(), timestamp: z.string() });

function writeNew(file: string, text: string, mode: number): void {
  if (fs.existsSync(file)) throw new Error(`${file} exists: not overwriting a key`);
  fs.writeFileSync(file, text, { mode });
  console.log(`Wrote ${file}`);
}

async function main(argv: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      out: { type: 'string' },
      'root-key': { type: 'string' },
      online: { type: 'string' },
      version: { type: 'string' },
      'expires-days': { type: 'string' },
    },
  });
  const [command, ...files] = positionals;
  const need = (name: string, value: string | undefined): string => {
    if (!value) throw new Error(`${command} needs --${name}`);
    return value;
  };
  if (command === 'root-key') {
    writeNew(need('out', values.out), newPrivateKeyPem(), 0o600);
  } else if (command === 'online-keys') {
    const out = need('out', values.out);
    const secret = {
      targets: newPrivateKeyPem(),
      snapshot: newPrivateKeyPem(),
      timestamp: newPrivateKeyPem(),
    };
    writeNew(out, `${JSON.stringify(secret, null, 2)}\n`, 0o600);
    const publicKeys = Object.fromEntries(
      ONLINE_ROLES.map((role) => [
        role,
        createPublicKey(secret[role]).export({ format: 'pem', type: 'spki' }).toString(),
      ]),
    );
    writeNew(`${out.replace(/\.json$/, '')}.public.json`, `${JSON.stringify(publicKeys, null, 2)}\n`, 0o644);
  } else if (command === 'sign-root') {
    const privateRoot = fs.readFileSync(need('root-key', values['root-key']), 'utf8');
    const online = publicKeysSchema.parse(JSON.parse(fs.readFileSync(need('online', values.online), 'utf8')));
    const version = Number(need('version', values.version));
    if (!Number.isInteger(version) || version < 1) throw new Error('--version must be 1, 2, …');
    const text = signedRoot({
      version,
      rootKeys: [createPrivateKey(privateRoot)],
      online: {
        targets: createPublicKey(online.targets),
        snapshot: createPublicKey(online.snapshot),
        timestamp: createPublicKey(online.timestamp),
      },
      now: new Date(),
      expiresDays: values['expires-days'] ? Number(values['expires-days']) : ROOT_EXPIRES_DAYS,
    });
    const folder = need('out', values.out);
    fs.mkdirSync(folder, { recursive: true });
    writeNew(path.join(folder, `${version}.root.json`), text, 0o644);
  } else if (command === 'local') {
    const keys = localUpdateKeys(DATA_DIR);
    console.log(`Local agent update keys in ${path.join(DATA_DIR, LOCAL_KEYS_FOLDER)}:`);
    for (const role of ONLINE_ROLES) console.log(`  ${role.padEnd(9)} ${tufKey(keys.online[role]).keyID}`);
    console.log(`  root.json version ${keys.rootFiles.length}`);
  } else if (command === 'publish') {
    const keys = await updateKeysFromEnv(DATA_DIR);
    const release = publishAgentRelease({
      outDir: need('out', values.out),
      version: need('version', values.version),
      files,
      keys,
    });
    console.log(
      `Published ${release.targets.join(', ')} in ${release.dir} (targets.json v${release.version})`,
    );
  } else {
    throw new Error(
      'Usage: npm run agent:keys -- root-key | online-keys | sign-root | local | publish (see agent/build/agent-keys.ts)',
    );
  }
  // The secret's shape, checked here as in deploy, so a hand-edited file fails early.
  if (command === 'online-keys')
    parseOnlineKeys(onlineKeysSecretSchema.parse(JSON.parse(fs.readFileSync(values.out!, 'utf8'))));
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
});
