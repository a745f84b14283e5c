import { execFile } from 'node:child_process';

export interface CommandOptions {
  /** Kill the command after this long; its output then counts as missing. */
  timeoutMs?: number;
  /** Largest stdout accepted (installed software lists can be long). */
  maxBuffer?: number;
  env?: NodeJS.ProcessEnv;
}

export type CommandResult =
  | { ok: true; stdout: string }
  /** `missing`: the program is not installed, which for an optional tool means "nothing to report". */
  | { ok: false; missing: boolean; reason: string };

const DEFAULT_TIMEOUT_MS = 30_000;

interface ExecFailure {
  code?: unknown;
  killed?: boolean;
  signal?: string | null;
}

/** Why a command gave no output, in words short enough for a collection error. */
function failureReason(error: ExecFailure, stderr: string, timeoutMs: number): CommandResult {
  if (error.code === 'ENOENT') return { ok: false, missing: true, reason: 'is not installed' };
  if (error.killed && error.signal) {
    return { ok: false, missing: false, reason: `timed out after ${timeoutMs / 1000} s` };
  }
  if (error.code === 'ERR_CHILD_PROCESS_STDIO_MAXBUFFER') {
    return { ok: false, missing: false, reason: 'printed more output than the agent accepts' };
  }
  const firstLine = stderr.trim().split(/\r?\n/)[0]?.trim().slice(0, 200);
  const how = typeof error.code === 'number' ? `exited with code ${error.code}` : 'failed';
  return { ok: false, missing: false, reason: firstLine ? `${how}: ${firstLine}` : how };
}

/**
 * Runs a program without a shell and returns its stdout, or why there is none (missing, non-zero
 * exit, timeout, too much output). Never throws. Output is asked for in the C locale (English,
 * UTF-8) so that parsers see one language.
 */
export function execCommand(
  file: string,
  args: readonly string[],
  options: CommandOptions = {},
): Promise<CommandResult> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  return new Promise((resolve) => {
    try {
      execFile(
        file,
        args,
        {
          timeout: timeoutMs,
          maxBuffer: options.maxBuffer ?? 64 * 1024 * 1024,
          windowsHide: true,
          encoding: 'utf8',
          env: options.env ?? { ...process.env, LC_ALL: 'C.UTF-8', LANGUAGE: 'C' },
        },
        (error, stdout, stderr) =>
          resolve(error ? failureReason(error, stderr, timeoutMs) : { ok: true, stdout }),
      );
    } catch (error) {
      resolve({ ok: false, missing: false, reason: `could not start: ${String(error)}` });
    }
  });
}

/** The stdout of a program, or null when it gave none: for collectors that treat a command as optional. */
export async function runCommand(
  file: string,
  args: readonly string[],
  options: CommandOptions = {},
): Promise<string | null> {
  const result = await execCommand(file, args, options);
  return result.ok ? result.stdout : null;
}
