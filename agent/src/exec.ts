import { execFile } from 'node:child_process';

export interface CommandOptions {
  /** Kill the command after this long; its output then counts as missing. */
  timeoutMs?: number;
  /** Largest stdout accepted (installed software lists can be long). */
  maxBuffer?: number;
  env?: NodeJS.ProcessEnv;
}

/**
 * Runs a program without a shell and returns its stdout, or null when the program is missing,
 * exits non-zero, times out or prints too much. Collectors treat every command as optional. Output is
 * asked for in the C locale (English, UTF-8) so that parsers see one language.
 */
export function runCommand(
  file: string,
  args: readonly string[],
  options: CommandOptions = {},
): Promise<string | null> {
  return new Promise((resolve) => {
    try {
      execFile(
        file,
        args,
        {
          timeout: options.timeoutMs ?? 30_000,
          maxBuffer: options.maxBuffer ?? 64 * 1024 * 1024,
          windowsHide: true,
          encoding: 'utf8',
          env: options.env ?? { ...process.env, LC_ALL: 'C.UTF-8', LANGUAGE: 'C' },
        },
        (error, stdout) => resolve(error ? null : stdout),
      );
    } catch {
      resolve(null);
    }
  });
}
