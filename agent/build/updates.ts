/**
 * Publishing an agent release as a TUF repository (issue 26): the release's files become targets
 * under `<outDir>/updates/targets/<version>/<platform>/<file>`, listed in targets.json with their
 * length, hashes and {version, platform, kind}, and snapshot.json and timestamp.json sign that
 * listing in turn. Earlier releases' targets stay listed (an agent rolling back on Windows fetches
 * the previous MSI through TUF), as long as their files are still in the folder.
 *
 * The agent embeds the newest root.json (trustedRootJson) and verifies everything from there with
 * tuf-js: a byte changed in any metadata file or target is refused.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import * as z from 'zod';
import { Metadata, MetaFile, Root, Snapshot, TargetFile, Targets, Timestamp } from '@tufjs/models';
import {
  AGENT_MSI_FILE_NAME,
  AGENT_UPDATE_PLATFORMS,
  AGENT_UPDATES_FOLDER,
  agentUpdateTargetPath,
  type AgentUpdateKind,
  type AgentUpdatePlatform,
} from '../../shared/agent-updates';
import { addDays, ONLINE_ROLES, signerOf, tufKey, type UpdateKeys } from './update-keys';

/** How long a release's targets, snapshot and timestamp stay valid: publish at least this often. */
export const RELEASE_METADATA_EXPIRES_DAYS = 365;

export interface ReleaseFile {
  file: string;
  platform: AgentUpdatePlatform;
  kind: AgentUpdateKind;
}

export interface PublishOptions {
  /** The build's output folder: the repository is written to <outDir>/updates. */
  outDir: string;
  version: string;
  /** Paths (their platform and kind told by their names) or files with their platform and kind given. */
  files: readonly (string | ReleaseFile)[];
  keys: UpdateKeys;
  now?: Date;
  expiresDays?: number;
}

export interface PublishedRelease {
  /** <outDir>/updates */
  dir: string;
  /** The target paths of this release. */
  targets: string[];
  /** Every target path now listed, earlier releases' included. */
  listed: string[];
  /** targets.json's version. */
  version: number;
}

/** The newest root.json: what an agent is built to trust (an esbuild define of the build). */
export function trustedRootJson(keys: UpdateKeys): string {
  const newest = keys.rootFiles.at(-1);
  if (!newest) throw new Error('No root.json: sign one with the root key first (npm run agent:keys)');
  return newest;
}

/** A build output's platform and kind, by its name: the MSI, the .deb, the Linux single executable. */
export function releaseFileOf(file: string | ReleaseFile): ReleaseFile {
  if (typeof file !== 'string') return file;
  const name = path.basename(file);
  if (name.endsWith('.msi')) return { file, platform: 'windows-x64', kind: 'msi' };
  const deb = /_(amd64|arm64)\.deb$/.exec(name);
  if (deb) return { file, platform: deb[1] === 'amd64' ? 'linux-x64' : 'linux-arm64', kind: 'deb' };
  const executable = /-((?:linux|darwin)-(?:x64|arm64))$/.exec(name)?.[1];
  const platform = AGENT_UPDATE_PLATFORMS.find((candidate) => candidate === executable);
  if (platform) return { file, platform, kind: 'program' };
  throw new Error(`Cannot tell the platform of ${name}: give it as { file, platform, kind }`);
}

function hashes(data: Buffer): Record<string, string> {
  return {
    sha256: createHash('sha256').update(data).digest('hex'),
    sha512: createHash('sha512').update(data).digest('hex'),
  };
}

/** Written beside, then renamed: an agent never reads half a file. */
function writeAtomically(file: string, data: string | Buffer): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const partial = `${file}.partial`;
  fs.writeFileSync(partial, data);
  fs.renameSync(partial, file);
}

/** A metadata document: its signed part is what the models read (and check field by field). */
const metadataDocumentSchema = z.object({ signed: z.record(z.string(), z.json()) });

function signedPart(file: string): z.infer<typeof metadataDocumentSchema>['signed'] | null {
  if (!fs.existsSync(file)) return null;
  return metadataDocumentSchema.parse(JSON.parse(fs.readFileSync(file, 'utf8'))).signed;
}

/** The version a metadata file in the folder has, 0 when there is none. */
function currentVersion(file: string): number {
  const version = signedPart(file)?.version;
  return typeof version === 'number' ? version : 0;
}

/** Checks the online keys are the ones the newest root names, so agents will accept what they sign. */
function checkKeysAgainstRoot(keys: UpdateKeys): void {
  const root = Root.fromJSON(metadataDocumentSchema.parse(JSON.parse(trustedRootJson(keys))).signed);
  for (const role of ONLINE_ROLES) {
    const keyId = tufKey(keys.online[role]).keyID;
    if (!root.roles[role]?.keyIDs.includes(keyId)) {
      throw new Error(
        `The ${role} key is not the one root.json (version ${root.version}) names: ` +
          'sign a new root.json with the root key that lists the current online keys (docs/deploy.md)',
      );
    }
  }
}

/** The targets already published whose files are still there (earlier releases), by path. */
function earlierTargets(metadataDir: string, targetsDir: string): Map<string, TargetFile> {
  const signed = signedPart(path.join(metadataDir, 'targets.json'));
  const kept = new Map<string, TargetFile>();
  if (!signed) return kept;
  const targets = Targets.fromJSON(signed);
  for (const [targetPath, target] of Object.entries(targets.targets)) {
    if (fs.existsSync(path.join(targetsDir, targetPath))) kept.set(targetPath, target);
  }
  return kept;
}

function serialize(metadata: Metadata<Root | Targets | Snapshot | Timestamp>): string {
  return `${JSON.stringify(metadata.toJSON(), null, 1)}\n`;
}

/**
 * Adds a release to the repository at <outDir>/updates and signs new metadata: targets.json (the
 * targets key), snapshot.json, timestamp.json. The root files are copied as N.root.json (and the
 * newest as root.json) so that agents built with an older root walk to the current one.
 */
export function publishAgentRelease(options: PublishOptions): PublishedRelease {
  const now = options.now ?? new Date();
  const expires = addDays(now, options.expiresDays ?? RELEASE_METADATA_EXPIRES_DAYS);
  const dir = path.join(options.outDir, AGENT_UPDATES_FOLDER);
  const metadataDir = path.join(dir, 'metadata');
  const targetsDir = path.join(dir, 'targets');
  checkKeysAgainstRoot(options.keys);

  options.keys.rootFiles.forEach((text, index) => {
    writeAtomically(path.join(metadataDir, `${index + 1}.root.json`), text);
  });
  writeAtomically(path.join(metadataDir, 'root.json'), trustedRootJson(options.keys));

  const listed = earlierTargets(metadataDir, targetsDir);
  const published: string[] = [];
  for (const each of options.files) {
    const release = releaseFileOf(each);
    const name = release.kind === 'msi' ? AGENT_MSI_FILE_NAME : path.basename(release.file);
    const targetPath = agentUpdateTargetPath(options.version, release.platform, name);
    const data = fs.readFileSync(release.file);
    writeAtomically(path.join(targetsDir, targetPath), data);
    listed.set(
      targetPath,
      new TargetFile({
        path: targetPath,
        length: data.length,
        hashes: hashes(data),
        unrecognizedFields: {
          custom: { version: options.version, platform: release.platform, kind: release.kind },
        },
      }),
    );
    published.push(targetPath);
  }

  const common = { specVersion: '1.0.31', expires };
  const targetsVersion = currentVersion(path.join(metadataDir, 'targets.json')) + 1;
  const targets = new Metadata(
    new Targets({ ...common, version: targetsVersion, targets: Object.fromEntries(listed) }),
  );
  targets.sign(signerOf(options.keys.online.targets));
  const targetsText = serialize(targets);

  const snapshotVersion = currentVersion(path.join(metadataDir, 'snapshot.json')) + 1;
  const snapshot = new Metadata(
    new Snapshot({
      ...common,
      version: snapshotVersion,
      meta: {
        'targets.json': new MetaFile({
          version: targetsVersion,
          length: Buffer.byteLength(targetsText),
          hashes: { sha256: hashes(Buffer.from(targetsText)).sha256! },
        }),
      },
    }),
  );
  snapshot.sign(signerOf(options.keys.online.snapshot));
  const snapshotText = serialize(snapshot);

  const timestamp = new Metadata(
    new Timestamp({
      ...common,
      version: currentVersion(path.join(metadataDir, 'timestamp.json')) + 1,
      snapshotMeta: new MetaFile({
        version: snapshotVersion,
        length: Buffer.byteLength(snapshotText),
        hashes: { sha256: hashes(Buffer.from(snapshotText)).sha256! },
      }),
    }),
  );
  timestamp.sign(signerOf(options.keys.online.timestamp));

  // Bottom up: an agent reading the timestamp already finds what it points to.
  writeAtomically(path.join(metadataDir, 'targets.json'), targetsText);
  writeAtomically(path.join(metadataDir, 'snapshot.json'), snapshotText);
  writeAtomically(path.join(metadataDir, 'timestamp.json'), serialize(timestamp));
  return { dir, targets: published, listed: [...listed.keys()].sort(), version: targetsVersion };
}
