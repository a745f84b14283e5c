/**
 * The agent version this product ships: the agent program is built with it (agent/src/version.ts)
 * and the server compares each machine's agent_version with it, so "update available" is true only
 * when the package on offer is newer than what the machine runs.
 */
export const LATEST_AGENT_VERSION = '1.0.0';

/** A dotted version's numbers (1.2.10 → [1, 2, 10]); null when it is not one. */
function versionNumbers(version: string): number[] | null {
  const match = /^v?(\d+(?:\.\d+)*)/.exec(version.trim());
  return match ? match[1]!.split('.').map(Number) : null;
}

/** Whether the shipped agent is newer than this one; an unknown or unreadable version is not told to update. */
export function isUpdateAvailable(
  agentVersion: string | null | undefined,
  latest = LATEST_AGENT_VERSION,
): boolean {
  const running = agentVersion ? versionNumbers(agentVersion) : null;
  const shipped = versionNumbers(latest);
  if (!running || !shipped) return false;
  for (let index = 0; index < Math.max(running.length, shipped.length); index++) {
    const difference = (shipped[index] ?? 0) - (running[index] ?? 0);
    if (difference !== 0) return difference > 0;
  }
  return false;
}
