import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { currentAgentPackageState } from '../../agent/build/freshness';
import { AGENT_BUNDLE_FILE_NAME } from '../../shared/agent-data';
import type { AgentBundleBuilding } from '../../shared/agent-download';
import { REPO_ROOT } from './settings';

/**
 * The agent installer of the local stack (the stand-in for the agent-bundles bucket that
 * `npm run deploy` fills in AWS). It builds the zip itself, in the background, when it is missing
 * or older than the agent's sources: `npm start` asks at once, and a download asks again, so a
 * newcomer never needs `npm run build:agent`.
 */
export type AgentPackageStatus =
  | { state: 'ready'; file: string }
  | { state: 'building'; progress: AgentBundleBuilding }
  | { state: 'failed'; reason: string };

export interface AgentPackage {
  readonly file: string;
  /** Ready to serve, or being built (a build starts now when the zip is missing or stale), or failed. */
  status(): Promise<AgentPackageStatus>;
  /** Stops a build under way (the stack is stopping). */
  stop(): Promise<void>;
}

export const AGENT_PACKAGE_MESSAGES = {
  building: 'The agent installer is being built on this server. Try again in a moment.',
  failed: (reason: string) => `The agent installer could not be built on this server: ${reason}`,
} as const;

/** A step line of the build (agent/build/tools.ts, step()): "[3] Building the MSI (wixl)  (+41.2s)". */
const STEP_LINE = /^\[\d+\] (.+?)\s+\(\+[\d.]+s\)$/;

/** After a failed build, downloads say so for this long before another build is tried. */
const RETRY_AFTER_FAILURE_MS = 60_000;
const BUILD_SCRIPT = path.join(REPO_ROOT, 'agent/build/build.ts');

/** A path as the console shows it: from the repository when it is inside it. */
function shown(file: string): string {
  const relative = path.relative(REPO_ROOT, file);
  return relative.startsWith('..') ? file : relative;
}

export function localAgentPackage(outDir: string, log: (line: string) => void): AgentPackage {
  const file = path.join(outDir, AGENT_BUNDLE_FILE_NAME);
  let building: ChildProcess | null = null;
  let progress: { step: string | null; startedAt: number } = { step: null, startedAt: Date.now() };
  let failure: { reason: string; at: number } | null = null;
  let stopping = false;

  const build = (why: 'missing' | 'stale') => {
    log(
      `Building the agent installer in the background (${shown(file)} is ${why === 'missing' ? 'missing' : "older than the agent's sources"}); Settings → Download Agent offers it when it is ready: about 30 s, up to 2 minutes the first time on a 2-core machine.`,
    );
    progress = { step: null, startedAt: Date.now() };
    const child = spawn(process.execPath, ['--import', 'tsx', BUILD_SCRIPT, '--out', outDir], {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    building = child;
    const lastLines: string[] = [];
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream }).on('line', (line) => {
        if (!line.trim()) return;
        log(`  ${line}`);
        const step = STEP_LINE.exec(line.trim());
        if (step) progress = { ...progress, step: step[1]! };
        lastLines.push(line.trim());
        if (lastLines.length > 3) lastLines.shift();
      });
    }
    child.once('exit', (code, signal) => {
      building = null;
      if (code === 0) {
        failure = null;
        log(`The agent installer is ready: ${shown(file)}`);
      } else if (!signal && !stopping) {
        failure = { reason: lastLines.at(-1) ?? `the build exited with ${code}`, at: Date.now() };
        log(`The agent installer could not be built (see above); a download tries again after a minute.`);
      }
    });
  };

  const buildingStatus = (): AgentPackageStatus => ({
    state: 'building',
    progress: {
      step: progress.step,
      elapsed_seconds: Math.max(0, Math.round((Date.now() - progress.startedAt) / 1000)),
    },
  });

  return {
    file,
    async status() {
      if (building) return buildingStatus();
      const state = await currentAgentPackageState(file, REPO_ROOT);
      if (state === 'fresh') return { state: 'ready', file };
      if (failure && Date.now() - failure.at < RETRY_AFTER_FAILURE_MS)
        return { state: 'failed', reason: failure.reason };
      // Checked again: another request may have started the build while the sources were read.
      if (!building) build(state);
      return buildingStatus();
    },
    async stop() {
      stopping = true;
      const child = building;
      if (!child || child.exitCode !== null) return;
      await new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      });
    },
  };
}
