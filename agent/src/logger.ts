import fs from 'node:fs';
import path from 'node:path';

export interface Logger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export const LOG_FILE_NAME = 'agent.log';
export const LOG_MAX_BYTES = 1024 * 1024;
export const LOG_KEEP_FILES = 3;

export interface LoggerOptions {
  /** The log file, or null for console only. */
  file: string | null;
  maxBytes?: number;
  /** Rotated files kept beside the current one: agent.log.1 (newest) … agent.log.N. */
  keep?: number;
  /** Where lines are echoed; stdout by default (stderr when stdout carries a payload). */
  console?: NodeJS.WritableStream | null;
  /** Where a failing log file is reported; stderr by default. */
  errors?: NodeJS.WritableStream;
  now?: () => Date;
}

/**
 * A line-per-event logger writing to the console and to a file that rotates once it passes
 * maxBytes (agent.log → agent.log.1 → … → agent.log.N, the oldest dropped). Writes are synchronous:
 * the agent logs a few lines every half hour and a line must survive the process being killed.
 * A file that cannot be written is reported once on stderr, then the console carries on alone.
 */
export function createLogger(options: LoggerOptions): Logger {
  const maxBytes = options.maxBytes ?? LOG_MAX_BYTES;
  const keep = options.keep ?? LOG_KEEP_FILES;
  const out = options.console === undefined ? process.stdout : options.console;
  const now = options.now ?? (() => new Date());
  let file = options.file;
  let size = -1;

  function rotate(target: string): void {
    fs.rmSync(`${target}.${keep}`, { force: true });
    for (let i = keep - 1; i >= 1; i--) {
      if (fs.existsSync(`${target}.${i}`)) fs.renameSync(`${target}.${i}`, `${target}.${i + 1}`);
    }
    if (keep >= 1) fs.renameSync(target, `${target}.1`);
    else fs.rmSync(target, { force: true });
    size = 0;
  }

  function writeFile(line: string): void {
    if (file === null) return;
    try {
      if (size < 0) {
        fs.mkdirSync(path.dirname(file), { recursive: true });
        size = fs.existsSync(file) ? fs.statSync(file).size : 0;
      }
      const bytes = Buffer.byteLength(line);
      if (size > 0 && size + bytes > maxBytes) rotate(file);
      fs.appendFileSync(file, line);
      size += bytes;
    } catch (error) {
      (options.errors ?? process.stderr).write(
        `Cannot write the log file ${file} (${String(error)}); logging to the console only\n`,
      );
      file = null;
    }
  }

  function log(level: 'INFO' | 'WARN' | 'ERROR', message: string): void {
    const line = `${now().toISOString()} ${level.padEnd(5)} ${message}\n`;
    out?.write(line);
    writeFile(line);
  }

  return {
    info: (message) => log('INFO', message),
    warn: (message) => log('WARN', message),
    error: (message) => log('ERROR', message),
  };
}
