/**
 * Whether the agent package (IT-Asset-Auditor-Agent.zip) must be built: it is missing, or older
 * than a source it is built from. The local stack asks before it serves the zip, so that a fresh
 * clone's `npm start` offers the download without another command, and an edited agent is rebuilt.
 */
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';

export type AgentPackageState = 'missing' | 'stale' | 'fresh';

/** The folders the package is built from: the agent's code, scripts and build, and the shared code it bundles. */
export const AGENT_SOURCE_FOLDERS = ['agent', 'shared'] as const;

/** A file the package is built from; tests and documentation about the repository are not. */
export function isAgentSource(relativePath: string): boolean {
  const name = path.basename(relativePath);
  return !/\.test\.ts$/.test(name) && name !== 'README.md';
}

/**
 * The rule: no zip is missing; a zip older than any source is stale (a source changed after it was
 * built); otherwise it is fresh. Times are modification times in milliseconds.
 */
export function agentPackageState(
  zipModifiedMs: number | null,
  sourceModifiedMs: readonly number[],
): AgentPackageState {
  if (zipModifiedMs === null) return 'missing';
  return sourceModifiedMs.some((modified) => modified > zipModifiedMs) ? 'stale' : 'fresh';
}

/** The modification times of every agent source under the repository root. */
export async function agentSourceTimes(root: string): Promise<number[]> {
  const times: number[] = [];
  for (const folder of AGENT_SOURCE_FOLDERS) {
    const entries = await readdir(path.join(root, folder), { recursive: true, withFileTypes: true });
    const files = entries.filter(
      (entry) => entry.isFile() && isAgentSource(path.join(entry.parentPath, entry.name)),
    );
    const stats = await Promise.all(files.map((entry) => stat(path.join(entry.parentPath, entry.name))));
    times.push(...stats.map((info) => info.mtimeMs));
  }
  return times;
}

/** The state of the zip at `zipFile`, built from the sources under `root`. */
export async function currentAgentPackageState(zipFile: string, root: string): Promise<AgentPackageState> {
  const zip = await stat(zipFile).catch(() => null);
  return agentPackageState(zip?.mtimeMs ?? null, await agentSourceTimes(root));
}
