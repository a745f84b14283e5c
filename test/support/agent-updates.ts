import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { TRUSTED_ROOT_DEFINE } from '../../agent/src/update-root';
import { CONFIG_FILE_NAME } from '../../agent/src/config';
import { LOG_FILE_NAME } from '../../agent/src/logger';

const AGENT_ENTRY = path.resolve('agent/src/main.ts');
/** The program file's name: the Linux target of the release is published under it. */
export const PROGRAM_NAME = 'agent.cjs';

/** The agent bundled as the build does (CommonJS, one file), with its version and trusted root defined. */
export async function buildAgentBundle(version: string, trustedRoot: string, dir: string): Promise<string> {
  const outfile = path.join(dir, PROGRAM_NAME);
  await build({
    entryPoints: [AGENT_ENTRY],
    outfile,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    logLevel: 'error',
    define: {
      __ITAA_AGENT_VERSION__: JSON.stringify(version),
      [TRUSTED_ROOT_DEFINE]: JSON.stringify(trustedRoot),
    },
  });
  return outfile;
}

export const sha256 = (file: string) => createHash('sha256').update(fs.readFileSync(file)).digest('hex');

/** `node <program> --version`, as a person checking the installation would. */
export function versionOf(program: string): string {
  return spawnSync(process.execPath, [program, '--version'], { encoding: 'utf8' }).stdout.trim();
}

/** An installation: the program file and agent-config.json in a folder of its own. */
export function installAgent(bundle: string, endpoint: string, apiKey: string) {
  const folder = fs.mkdtempSync(path.join(tmpdir(), 'itaa-update-'));
  const program = path.join(folder, PROGRAM_NAME);
  fs.copyFileSync(bundle, program);
  fs.writeFileSync(path.join(folder, CONFIG_FILE_NAME), JSON.stringify({ endpoint, api_key: apiKey }));
  return {
    folder,
    program,
    log: () => fs.readFileSync(path.join(folder, LOG_FILE_NAME), 'utf8'),
    remove: () => fs.rmSync(folder, { recursive: true, force: true }),
  };
}

/**
 * The program run as a service, restarted whenever it exits (systemd's Restart=always), with its
 * first report at start instead of 5 minutes later, and a rollback window of `rollbackSeconds`.
 */
export function runAsService(program: string, folder: string, rollbackSeconds = 900) {
  let child: ChildProcess | null = null;
  let stopped = false;
  const exits: (number | null)[] = [];
  const start = () => {
    child = spawn(process.execPath, [program, '--config', path.join(folder, CONFIG_FILE_NAME)], {
      cwd: folder,
      stdio: 'ignore',
      env: {
        ...process.env,
        ITAA_FIRST_REPORT_DELAY_S: '0',
        ITAA_UPDATE_ROLLBACK_SECONDS: String(rollbackSeconds),
      },
    });
    child.once('exit', (code) => {
      exits.push(code);
      if (!stopped) setTimeout(start, 300);
    });
  };
  start();
  return {
    exits,
    async stop() {
      stopped = true;
      const running = child;
      if (running && running.exitCode === null && running.signalCode === null) {
        await new Promise<void>((resolve) => {
          running.once('exit', () => resolve());
          running.kill('SIGTERM');
        });
      }
    },
  };
}
