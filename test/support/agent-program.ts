import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { baseUrl } from './api';

const run = promisify(execFile);
const AGENT_ENTRY = path.resolve('agent/src/main.ts');
// Resolved from the repository, since the agent runs in a scratch folder.
const TSX_LOADER = import.meta.resolve('tsx');

/** A folder the agent runs in, as an installation's: its log and its device token stay there. */
export function agentInstallation(): { folder: string; remove: () => void } {
  const folder = mkdtempSync(path.join(tmpdir(), 'itaa-agent-'));
  return { folder, remove: () => rmSync(folder, { recursive: true, force: true }) };
}

/**
 * The real agent, as `npm run agent -- --once` runs it: in a scratch folder (a fresh installation)
 * unless it is given an installation's, whose device token it then keeps between runs.
 */
export async function runAgentOnce(
  key: string,
  installation?: { folder: string },
): Promise<{ code: number; output: string }> {
  const scratch = installation ? null : agentInstallation();
  const folder = installation?.folder ?? scratch!.folder;
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', TSX_LOADER, AGENT_ENTRY, '--once'], {
      cwd: folder,
      env: { ...process.env, ITAA_ENDPOINT: `${baseUrl()}/api/agent/report`, ITAA_API_KEY: key },
      timeout: 60_000,
    });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  } finally {
    scratch?.remove();
  }
}
