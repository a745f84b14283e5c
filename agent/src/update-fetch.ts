import fs from 'node:fs';
import path from 'node:path';
import { BaseFetcher, Updater, type TargetFile } from 'tuf-js';
import * as z from 'zod';
import { agentUpdateTargetCustomSchema, type AgentUpdateTargetCustom } from '../../shared/agent-updates';
// tuf-js stops walking root versions only on its own DownloadHTTPError with 403 or 404.
import { DownloadHTTPError } from './tuf-seam';

/** How long one metadata or target download may take. */
export const UPDATE_FETCH_TIMEOUT_MS = 10 * 60_000;

/**
 * tuf-js's downloads through the agent's own fetch (the proxy and private CA it is configured with),
 * with the device token the serving route asks for. A redirect to the store's short-lived address
 * is followed; fetch drops the Authorization header when it leaves the origin.
 */
export class DeviceFetcher extends BaseFetcher {
  constructor(
    private readonly options: {
      deviceToken: string;
      fetchImpl: typeof fetch;
      userAgent: string;
      timeoutMs?: number;
    },
  ) {
    super();
  }

  async fetch(url: string): Promise<ReadableStream<Uint8Array<ArrayBuffer>>> {
    const response = await this.options.fetchImpl(url, {
      headers: { authorization: `Bearer ${this.options.deviceToken}`, 'user-agent': this.options.userAgent },
      redirect: 'follow',
      signal: AbortSignal.timeout(this.options.timeoutMs ?? UPDATE_FETCH_TIMEOUT_MS),
    });
    if (!response.ok || !response.body) {
      throw new DownloadHTTPError(`${response.status} ${response.statusText} for ${url}`, response.status);
    }
    return response.body;
  }
}

const rootVersionSchema = z.object({ signed: z.object({ version: z.number().int() }) });

function rootVersion(text: string): number {
  try {
    return rootVersionSchema.parse(JSON.parse(text)).signed.version;
  } catch {
    return 0;
  }
}

/**
 * The trusted root the client starts from: the one this agent was built with, unless a newer one
 * was already verified and kept (a root is only ever replaced by a newer one it signed for).
 */
export function seedTrustedRoot(metadataDir: string, trustedRoot: string): void {
  fs.mkdirSync(metadataDir, { recursive: true });
  const file = path.join(metadataDir, 'root.json');
  const kept = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null;
  if (kept === null || rootVersion(kept) < rootVersion(trustedRoot)) fs.writeFileSync(file, trustedRoot);
}

export interface VerifiedTarget {
  file: string;
  custom: AgentUpdateTargetCustom;
  length: number;
}

export class TargetNotPublished extends Error {}

/**
 * Refreshes the TUF metadata (root, timestamp, snapshot, targets: each signature, version, expiry
 * and hash checked by tuf-js) and downloads one target, verified against its length and hashes.
 * Throws when anything does not verify; TargetNotPublished when the signed listing has no such file.
 */
export async function downloadVerifiedTarget(options: {
  /** The agent's updates folder: metadata/ and downloads/ go there. */
  dir: string;
  baseUrl: string;
  trustedRoot: string;
  fetcher: BaseFetcher;
  targetPath: string;
}): Promise<VerifiedTarget> {
  const metadataDir = path.join(options.dir, 'metadata');
  const downloads = path.join(options.dir, 'downloads');
  seedTrustedRoot(metadataDir, options.trustedRoot);
  fs.mkdirSync(downloads, { recursive: true });
  const updater = new Updater({
    metadataDir,
    metadataBaseUrl: `${options.baseUrl}/metadata`,
    targetDir: downloads,
    targetBaseUrl: `${options.baseUrl}/targets`,
    fetcher: options.fetcher,
  });
  await updater.refresh();
  const info: TargetFile | undefined = await updater.getTargetInfo(options.targetPath);
  if (!info) throw new TargetNotPublished(`${options.targetPath} is not in the signed targets`);
  const custom = agentUpdateTargetCustomSchema.safeParse(info.custom);
  if (!custom.success) throw new Error(`${options.targetPath} has no valid {version, platform, kind}`);
  const file = path.join(downloads, options.targetPath.replaceAll('/', '_'));
  fs.rmSync(file, { force: true });
  await updater.downloadTarget(info, file);
  return { file, custom: custom.data, length: info.length };
}
