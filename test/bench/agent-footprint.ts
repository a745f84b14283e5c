import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { REPO_ROOT } from '../../infra/local/settings';
import { collectReport } from '../../agent/src/collect';
import { createApiKey } from './agent-fleet';
import type { BenchStack, Company } from './local-stack';
import { median, number, seconds } from './measures';
import { REPORT_DIR, type Figure } from './report';

/**
 * The agent's footprint on the machine it watches (issue 26): the resident memory of the running
 * service once its first report is in and it idles until the next (read from /proc/<pid>/status,
 * VmRSS), and how long collecting this Linux machine takes (collectReport, median of 5 after a
 * warm-up). The program measured is a command line: by default `node <bundle>` (agent/src/main.ts
 * bundled as the build bundles it), or `--agent-program "<command> <args…>"` (or the environment
 * variable ITAA_BENCH_AGENT_PROGRAM), e.g. the Node 24 single executable of `npm run build:agent`.
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
}

/** The agent bundled with esbuild as agent/build/build.ts bundles it (CommonJS, one file). */
async function bundleAgent(): Promise<string> {
  const outfile = path.join(REPORT_DIR, 'agent', 'it-asset-auditor-agent.cjs');
  await build({
    entryPoints: [path.join(REPO_ROOT, 'agent/src/main.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    logLevel: 'error',
  });
  return outfile;
}

/** The program measured: --agent-program or ITAA_BENCH_AGENT_PROGRAM (split on spaces), else node <bundle>. */
export async function agentProgram(argv: readonly string[], env: NodeJS.ProcessEnv): Promise<AgentProgram> {
  const index = argv.indexOf('--agent-program');
  const given = (index >= 0 ? argv[index + 1] : undefined) ?? env.ITAA_BENCH_AGENT_PROGRAM;
  if (given?.trim()) {
    const [command, ...args] = given.trim().split(/\s+/);
    return { command: command!, args, label: given.trim() };
  }
  const bundle = await bundleAgent();
  return { command: process.execPath, args: [bundle], label: `node ${path.relative(REPO_ROOT, bundle)}` };
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
  const child = spawn(program.command, program.args, {
    cwd: folder,
    env: { ...process.env, ITAA_FIRST_REPORT_DELAY_S: '0', ITAA_ENDPOINT: '', ITAA_API_KEY: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
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
