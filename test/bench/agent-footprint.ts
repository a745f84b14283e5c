import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from '../../infra/local/settings';
import { EXE_NAME, LINUX_EXE_NAME } from '../../agent/build/package';
import { agentExecutableSizes } from '../../agent/build/sizes';
import { collectReport } from '../../agent/src/collect';
import { createApiKey } from './agent-fleet';
import type { BenchStack, Company } from './local-stack';
import { median, number, seconds } from './measures';
import { REPORT_DIR, type Figure } from './report';

/**
 * The agent's footprint on the machine it watches (issue 26): the resident memory of the running
 * service once its first report is in and it idles until the next (read from /proc/<pid>/status,
 * VmRSS), and how long collecting this Linux machine takes (collectReport, median of 5 after a
 * warm-up). The program measured is the Linux single executable (Node 24 inside) of a release built
 * for the bench, whose sizes are printed too, or `--agent-program "<command> <args…>"` (or the
 * environment variable ITAA_BENCH_AGENT_PROGRAM), e.g. `node <bundle>`.
 * Windows' collection (two PowerShell scripts) cannot be measured on this machine.
 */

const SECTION = 'Agent footprint';
const IDLE_RSS_BUDGET_MB = 80;
const COLLECTION_BUDGET_MS = 1_000;
const COLLECTION_RUNS = 5;
/** After "Next report at", the agent only waits: a few samples a second apart show it idle. */
const IDLE_SAMPLES = 5;

export interface AgentProgram {
  command: string;
  args: string[];
  /** How it is shown in the report. */
  label: string;
  /** The release it comes from, when the bench built one. */
  releaseDir: string | null;
}

/** The release as `npm run build:agent` makes it (Node 24 inside), into the bench's own folder. */
function buildRelease(): string {
  const outDir = path.join(REPORT_DIR, 'agent-release');
  const build = spawnSync(
    process.execPath,
    ['--import', 'tsx', path.join(REPO_ROOT, 'agent/build/build.ts'), '--out', outDir],
    { cwd: REPO_ROOT, stdio: 'inherit' },
  );
  if (build.status !== 0) throw new Error(`npm run build:agent failed (exit ${build.status})`);
  return outDir;
}

/**
 * The program measured: --agent-program or ITAA_BENCH_AGENT_PROGRAM (split on spaces), else the
 * Linux single executable of a fresh release build, whose sizes are printed too.
 */
export async function agentProgram(argv: readonly string[], env: NodeJS.ProcessEnv): Promise<AgentProgram> {
  const index = argv.indexOf('--agent-program');
  const given = (index >= 0 ? argv[index + 1] : undefined) ?? env.ITAA_BENCH_AGENT_PROGRAM;
  if (given?.trim()) {
    const [command, ...args] = given.trim().split(/\s+/);
    return { command: command!, args, label: given.trim(), releaseDir: null };
  }
  const releaseDir = buildRelease();
  const executable = path.join(releaseDir, LINUX_EXE_NAME);
  return { command: executable, args: [], label: path.relative(REPO_ROOT, executable), releaseDir };
}

/** The release's sizes (printed; the issue sets no budget): the exe as the MSI installs it, and the rest. */
function releaseSizes(releaseDir: string): Figure[] {
  const sizes = agentExecutableSizes(releaseDir);
  const parts: [string, number | null][] = [
    [`${EXE_NAME} (Windows, Node 24 inside)`, sizes.windowsExe],
    [`${LINUX_EXE_NAME} (Linux, Node 24 inside)`, sizes.linuxExe],
    ['IT-Asset-Auditor-Agent.msi', sizes.msi],
    ['.deb', sizes.deb],
    ['IT-Asset-Auditor-Agent.zip (the download)', sizes.zip],
  ];
  return parts.map(([name, bytes]) => {
    if (bytes === null) throw new Error(`The release in ${releaseDir} has no ${name}`);
    return {
      section: SECTION,
      name: `size of ${name}`,
      value: Math.round(bytes / 104_857.6) / 10,
      unit: 'MB',
    };
  });
}

/** VmRSS of a process, in MB. */
async function residentMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = /^VmRSS:\s+(\d+)\s+kB$/m.exec(status)?.[1];
  if (!kb) throw new Error(`No VmRSS in /proc/${pid}/status`);
  return Number(kb) / 1024;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Starts the agent as a service against the stack (first report at once), waits for its first
 * report to be accepted and the next one planned, then samples its memory while it idles; stops
 * it with SIGTERM as a service manager would, timing the clean stop.
 */
async function idleResident(stack: BenchStack, key: string, program: AgentProgram) {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'itaa-bench-agent-'));
  await writeFile(
    path.join(folder, 'agent-config.json'),
    JSON.stringify({ endpoint: stack.baseUrl, api_key: key }),
  );
  // --config: the single executable would look beside itself, the bundle in its working folder.
  const child = spawn(
    program.command,
    [...program.args, '--config', path.join(folder, 'agent-config.json')],
    {
      cwd: folder,
      env: { ...process.env, ITAA_FIRST_REPORT_DELAY_S: '0', ITAA_ENDPOINT: '', ITAA_API_KEY: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  try {
    const deadline = Date.now() + 90_000;
    while (!/Report accepted[\s\S]*Next report at/.test(output)) {
      if (child.exitCode !== null || Date.now() > deadline) {
        throw new Error(`The agent did not report (exit ${child.exitCode}):\n${output.slice(-2000)}`);
      }
      await pause(200);
    }
    const samples: number[] = [];
    for (let sample = 0; sample < IDLE_SAMPLES; sample++) {
      await pause(1_000);
      samples.push(await residentMb(child.pid!));
    }
    const stopping = performance.now();
    child.kill('SIGTERM');
    const code = await exited;
    const stopMs = performance.now() - stopping;
    if (code !== 0 || !output.includes('Stopped')) {
      throw new Error(`The agent did not stop cleanly on SIGTERM (exit ${code}):\n${output.slice(-2000)}`);
    }
    return { rssMb: Math.max(...samples), samples, stopMs };
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
    await rm(folder, { recursive: true, force: true });
  }
}

/** collectReport of this machine, as the agent runs it before each report: median of the timed runs. */
async function collectionMs(): Promise<{ medianMs: number; runs: number[] }> {
  await collectReport();
  const runs: number[] = [];
  for (let run = 0; run < COLLECTION_RUNS; run++) {
    const started = performance.now();
    await collectReport();
    runs.push(performance.now() - started);
  }
  return { medianMs: median(runs), runs };
}

export async function measureAgentFootprint(
  stack: BenchStack,
  company: Company,
  program: AgentProgram,
): Promise<Figure[]> {
  const version = spawnSync(program.command, [...program.args, '--version'], { encoding: 'utf8' });
  console.log(`${program.label} (agent ${version.stdout.trim() || '?'})`);
  const key = await createApiKey(stack, company);
  const idle = await idleResident(stack, key, program);
  console.log(
    `idle RSS after the first report: ${idle.samples.map((mb) => number(mb, 1)).join(', ')} MB; stopped in ${number(idle.stopMs)} ms`,
  );
  const collection = await collectionMs();
  console.log(`Linux collection: ${collection.runs.map((ms) => seconds(ms)).join(', ')}`);
  return [
    ...(program.releaseDir ? releaseSizes(program.releaseDir) : []),
    {
      section: SECTION,
      name: 'idle RSS after the first report',
      value: Math.round(idle.rssMb * 10) / 10,
      unit: 'MB',
      budget: { op: '<=', limit: IDLE_RSS_BUDGET_MB },
      detail: `${program.label}: VmRSS, the largest of ${IDLE_SAMPLES} samples a second apart while it waits for its next report`,
    },
    {
      section: SECTION,
      name: 'stop on SIGTERM',
      value: Math.round(idle.stopMs),
      unit: 'ms',
      detail: 'from SIGTERM to a clean exit (0, "Stopped" logged)',
    },
    {
      section: SECTION,
      name: 'Linux collection (collectReport)',
      value: Math.round(collection.medianMs),
      unit: 'ms',
      budget: { op: '<=', limit: COLLECTION_BUDGET_MS },
      detail: `median of ${COLLECTION_RUNS} after a warm-up, in the bench's process; Windows' collection cannot be measured here`,
    },
  ];
}
