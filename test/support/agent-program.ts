import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
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

/** Proxy settings of the test machine's own environment: a run sees only those it is given. */
const PROXY_VARIABLES = ['HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY', 'http_proxy', 'NO_PROXY', 'no_proxy'];

export interface AgentRunOptions {
  /**
   * agent-config.json's fields besides api_key, written in the installation's folder as the
   * installers do (then ITAA_ENDPOINT is not set); by default the environment points at the stack.
   */
  config?: Record<string, unknown>;
  /** Variables added to the agent's environment (HTTPS_PROXY, PATH…). */
  env?: NodeJS.ProcessEnv;
}

/**
 * The real agent, as `npm run agent -- --once` runs it: in a scratch folder (a fresh installation)
 * unless it is given an installation's, whose device token it then keeps between runs.
 */
export async function runAgentOnce(
  key: string,
  installation?: { folder: string },
  options: AgentRunOptions = {},
): Promise<{ code: number; output: string }> {
  const scratch = installation ? null : agentInstallation();
  const folder = installation?.folder ?? scratch!.folder;
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of PROXY_VARIABLES) delete env[name];
  if (options.config) {
    writeFileSync(
      path.join(folder, 'agent-config.json'),
      JSON.stringify({ api_key: key, ...options.config }),
    );
  } else {
    Object.assign(env, { ITAA_ENDPOINT: `${baseUrl()}/api/agent/report`, ITAA_API_KEY: key });
  }
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', TSX_LOADER, AGENT_ENTRY, '--once'], {
      cwd: folder,
      env: { ...env, ...options.env },
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
