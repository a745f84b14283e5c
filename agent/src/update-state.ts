import fs from 'node:fs';
import path from 'node:path';
import * as z from 'zod';

/**
 * What the agent keeps about updates beside its configuration: the update under way (until the new
 * version's first accepted report confirms it) and the version last rolled back, which is not tried
 * again until a newer one is published.
 */
export const PENDING_UPDATE_FILE = 'update-pending.json';
export const REFUSED_UPDATE_FILE = 'update-refused.json';
/** The TUF metadata and downloaded targets. */
export const UPDATES_FOLDER = 'updates';

/** How long a new version has to report before the previous one comes back. */
export const ROLLBACK_WINDOW_MS = 15 * 60_000;
/** Tests shorten the window with this (seconds). */
export const ENV_ROLLBACK_SECONDS = 'ITAA_UPDATE_ROLLBACK_SECONDS';

export const pendingUpdateSchema = z.object({
  from: z.string(),
  to: z.string(),
  started_at: z.string(),
  /** When the previous version comes back unless the new one has reported. */
  rollback_at: z.string(),
  platform: z.string(),
  /** Linux: the program file replaced, and its previous content kept beside it. */
  program: z.string().nullable(),
  previous: z.string().nullable(),
  /** Windows: the previous version's MSI, fetched through TUF before updating. */
  previous_msi: z.string().nullable(),
  /** The rollback watchdog (Linux) and the new version's process, once it runs. */
  watchdog_pid: z.number().int().nullable(),
  pid: z.number().int().nullable(),
});
export type PendingUpdate = z.infer<typeof pendingUpdateSchema>;

export const refusedUpdateSchema = z.object({ version: z.string(), reason: z.string(), at: z.string() });
export type RefusedUpdate = z.infer<typeof refusedUpdateSchema>;

export function rollbackWindowMs(env: NodeJS.ProcessEnv = process.env): number {
  const seconds = Number(env[ENV_ROLLBACK_SECONDS]);
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : ROLLBACK_WINDOW_MS;
}

function read<T>(file: string, schema: z.ZodType<T>): T | null {
  try {
    const parsed = schema.safeParse(JSON.parse(fs.readFileSync(file, 'utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function write(file: string, value: unknown): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const partial = `${file}.partial`;
  fs.writeFileSync(partial, `${JSON.stringify(value, null, 2)}\n`);
  fs.renameSync(partial, file);
}

export class UpdateState {
  readonly pendingFile: string;
  readonly refusedFile: string;
  readonly dir: string;

  constructor(stateDir: string) {
    this.pendingFile = path.join(stateDir, PENDING_UPDATE_FILE);
    this.refusedFile = path.join(stateDir, REFUSED_UPDATE_FILE);
    this.dir = path.join(stateDir, UPDATES_FOLDER);
  }

  pending(): PendingUpdate | null {
    return read(this.pendingFile, pendingUpdateSchema);
  }
  setPending(update: PendingUpdate): void {
    write(this.pendingFile, update);
  }
  clearPending(): void {
    fs.rmSync(this.pendingFile, { force: true });
  }
  refused(): RefusedUpdate | null {
    return read(this.refusedFile, refusedUpdateSchema);
  }
  refuse(version: string, reason: string, now: Date): void {
    write(this.refusedFile, { version, reason, at: now.toISOString() });
  }
}

/** Whether a process is still there (signal 0 checks without sending anything). */
export function isAlive(pid: number | null): boolean {
  if (pid === null) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
