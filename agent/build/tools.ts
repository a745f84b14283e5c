/**
 * What every step of the agent build shares: running a program without a shell, the progress lines
 * and the build's own error (its message is the whole story, no stack).
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const CACHE_DIR = path.join(ROOT, 'node_modules/.cache/itaa-agent');

export class BuildError extends Error {}

const started = Date.now();
let stepNumber = 0;
export function step(message: string): void {
  stepNumber += 1;
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`[${stepNumber}] ${message}  (+${seconds}s)`);
}
export function info(message: string): void {
  console.log(`    ${message}`);
}
export function warn(message: string): void {
  console.warn(`    WARNING: ${message}`);
}
export function secondsSinceStart(): string {
  return ((Date.now() - started) / 1000).toFixed(1);
}

export function formatSize(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${(bytes / 1024).toFixed(1)} kB`;
}

/** A path as the build prints it: from the repository when it is inside it. */
export function shown(file: string): string {
  const relative = path.relative(ROOT, file);
  return relative.startsWith('..') ? file : relative;
}

export interface RunOptions {
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  input?: string;
  /** Words that must never be printed with a failure (a key's password). */
  secrets?: readonly string[];
}

/** Runs a program without a shell; its output is returned, a failure throws with its stderr. */
export function run(
  command: string,
  args: readonly string[],
  what: string,
  options: RunOptions = {},
): string {
  const result = spawnSync(command, [...args], {
    cwd: options.cwd ?? ROOT,
    encoding: 'utf8',
    // npm is npm.cmd on Windows, which needs a shell.
    shell: process.platform === 'win32' && command === 'npm',
    maxBuffer: 64 * 1024 * 1024,
    env: options.env ?? process.env,
    input: options.input,
  });
  const hide = (text: string) =>
    (options.secrets ?? []).reduce(
      (shownText, secret) => (secret ? shownText.split(secret).join('***') : shownText),
      text,
    );
  if (result.error) throw new BuildError(`${what}: could not run ${command}: ${result.error.message}`);
  if (result.status !== 0) {
    const output = `${result.stderr}\n${result.stdout}`.trim();
    throw new BuildError(
      hide(`${what}: ${command} ${args.join(' ')} exited with ${result.status}\n${output}`),
    );
  }
  return result.stdout;
}

export function hasProgram(command: string, versionArg = '--version'): boolean {
  return !spawnSync(command, [versionArg], { encoding: 'utf8' }).error;
}

/** The programs the package needs, each with the Debian package that has it. */
export const REQUIRED_PROGRAMS = [
  { command: 'osslsigncode', debian: 'osslsigncode' },
  { command: 'wixl', debian: 'wixl' },
  { command: 'msibuild', debian: 'msitools' },
  { command: 'dpkg-deb', debian: 'dpkg' },
] as const;

/** Refuses to start without a program a later step needs: say them all at once, with how to install them. */
export function requirePrograms(): void {
  const missing = REQUIRED_PROGRAMS.filter((program) => !hasProgram(program.command));
  if (missing.length === 0) return;
  throw new BuildError(
    `Missing ${missing.map((program) => program.command).join(', ')}: ` +
      `sudo apt-get install -y ${[...new Set(missing.map((program) => program.debian))].join(' ')}`,
  );
}
