import fs from 'node:fs/promises';
import path from 'node:path';
import * as z from 'zod';
import { DEVICE_TOKEN_PATTERN } from '../../shared/agent-data';
import { execCommand } from './exec';
import type { Logger } from './logger';

/** Beside agent-config.json: what enrolment gave this machine. */
export const DEVICE_FILE_NAME = 'agent-device.json';

/** The enrolled device. endpoint and machine_id say what it was enrolled for: another of either enrols again. */
export const deviceStateSchema = z.object({
  endpoint: z.string().min(1),
  machine_id: z.string().min(1),
  device_id: z.string().min(1),
  device_token: z.string().regex(DEVICE_TOKEN_PATTERN),
  enrolled_at: z.string(),
});
export type DeviceState = z.output<typeof deviceStateSchema>;

/**
 * Windows: only SYSTEM (the service) and Administrators may read the file, as install.ps1 does for
 * agent-config.json. Inheritance is removed so the folder's "Users: read" does not apply.
 */
export const WINDOWS_ACL_ARGS = ['/inheritance:r', '/grant:r', '*S-1-5-18:F', '*S-1-5-32-544:F'] as const;

export interface DeviceStoreOptions {
  /** The folder of the configuration. */
  dir: string;
  log: Logger;
  platform?: NodeJS.Platform;
  /** Restricts a file on Windows (icacls); injected by tests. */
  restrictWindowsFile?: (file: string) => Promise<string | null>;
}

/** Leaves a file readable by SYSTEM and Administrators only (icacls); the problem, or null when done. */
export async function restrictToAdministrators(file: string): Promise<string | null> {
  const root = process.env.SystemRoot ?? process.env.windir ?? 'C:\\Windows';
  const result = await execCommand(
    path.win32.join(root, 'System32', 'icacls.exe'),
    [file, ...WINDOWS_ACL_ARGS],
    {
      timeoutMs: 30_000,
      env: process.env,
    },
  );
  return result.ok ? null : `icacls ${result.reason}`;
}

/**
 * Keeps the device token as tightly as the API key: mode 0600 on Linux and macOS, SYSTEM and
 * Administrators only on Windows. The file is written whole to a restricted temporary file and
 * renamed, so it is never readable by others nor half written. When it cannot be written the token
 * is kept in memory until the agent stops (it enrols again after a restart).
 */
export class DeviceStore {
  readonly file: string;
  private memory: DeviceState | null = null;
  private readonly platform: NodeJS.Platform;

  constructor(private readonly options: DeviceStoreOptions) {
    this.file = path.join(options.dir, DEVICE_FILE_NAME);
    this.platform = options.platform ?? process.platform;
  }

  /** The enrolled device, or null when there is none (or its file is unreadable). */
  async load(): Promise<DeviceState | null> {
    if (this.memory) return this.memory;
    let text: string;
    try {
      text = await fs.readFile(this.file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
        this.options.log.warn(`Cannot read ${this.file} (${(error as Error).message}): enrolling again`);
      }
      return null;
    }
    let parsed: unknown = null;
    try {
      parsed = JSON.parse(text);
    } catch {
      // judged below
    }
    const state = deviceStateSchema.safeParse(parsed);
    if (state.success) return state.data;
    this.options.log.warn(`${this.file} does not hold an enrolled device: enrolling again`);
    return null;
  }

  async save(state: DeviceState): Promise<void> {
    const temporary = `${this.file}.tmp`;
    try {
      await fs.rm(temporary, { force: true });
      // Created empty and restricted first: the token is written only into a file nobody else reads.
      const handle = await fs.open(temporary, 'wx', 0o600);
      try {
        if (this.platform === 'win32') {
          const problem = await (this.options.restrictWindowsFile ?? restrictToAdministrators)(temporary);
          if (problem) throw new Error(problem);
        } else {
          await handle.chmod(0o600);
        }
        await handle.writeFile(`${JSON.stringify(state, null, 2)}\n`, 'utf8');
      } finally {
        await handle.close();
      }
      await fs.rename(temporary, this.file);
      this.memory = null;
    } catch (error) {
      await fs.rm(temporary, { force: true }).catch(() => undefined);
      this.memory = state;
      this.options.log.warn(
        `Cannot keep the device token in ${this.file} (${(error as Error).message}); ` +
          'it is kept in memory, and the agent enrols again after a restart',
      );
    }
  }

  /** Forgets the device: its token was refused. */
  async clear(): Promise<void> {
    this.memory = null;
    try {
      await fs.rm(this.file, { force: true });
    } catch (error) {
      this.options.log.warn(`Cannot delete ${this.file}: ${(error as Error).message}`);
    }
  }
}
