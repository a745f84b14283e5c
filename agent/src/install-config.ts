/**
 * `ITAssetAuditorAgent.exe configure`: how the installers write the agent's configuration.
 *
 * - `configure --stdin [--config <file>]` reads "SERVER_URL|ENROLL_KEY|PROXY_URL|CA_CERT_FILE" from
 *   standard input (the MSI's custom action and the .deb's postinst pass them so, never on a command
 *   line), merges them into agent-config.json (a value not given keeps the file's), validates the
 *   result as the agent will read it, and writes it atomically, readable by SYSTEM and Administrators
 *   only on Windows (icacls, as device.ts does for agent-device.json) and mode 0600 elsewhere. An
 *   upgrade or repair that gives nothing keeps the file as it is.
 * - `configure --remove [--config <file>]` deletes the configuration and the agent's state beside it
 *   (the MSI's uninstall; not its upgrade).
 *
 * Only the key's first characters are ever printed.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { FALLBACK_ID_FILE } from './collect';
import { CONFIG_FILE_NAME, ConfigError, maskApiKey, parseConfig, resolveConfigFile } from './config';
import { DEVICE_FILE_NAME, restrictToAdministrators } from './device';
import { execCommand } from './exec';
import { isSingleExecutable } from './executable';
import { LOG_FILE_NAME, LOG_KEEP_FILES } from './logger';
import { WINDOWS_ROLLBACK_TASK, WINDOWS_UPDATE_TASK } from './update-install';
import { PENDING_UPDATE_FILE, REFUSED_UPDATE_FILE, UPDATES_FOLDER } from './update-state';

export const CONFIGURE_COMMAND = 'configure';
/** An MSI property's value when it was not given (agent/build/package.ts MSI_PROPERTY_UNSET). */
export const UNSET_VALUE = '(unset)';
/** The order of the fields on standard input: the MSI's properties. */
export const INSTALL_FIELDS = ['SERVER_URL', 'ENROLL_KEY', 'PROXY_URL', 'CA_CERT_FILE'] as const;

/** Exit codes: 0 written, kept or removed; 2 bad input (the message says what); 1 could not write. */
export const CONFIGURE_EXIT = { ok: 0, failed: 1, invalid: 2 } as const;

/** The agent's state beside the configuration, deleted by `--remove` (folders end with "/"). */
export const STATE_ENTRIES: readonly string[] = [
  CONFIG_FILE_NAME,
  DEVICE_FILE_NAME,
  FALLBACK_ID_FILE,
  LOG_FILE_NAME,
  ...Array.from({ length: LOG_KEEP_FILES }, (_, index) => `${LOG_FILE_NAME}.${index + 1}`),
  // WinSW's own logs (ITAssetAuditorService.xml's logpath).
  'logs/',
  // The self-update's state.
  PENDING_UPDATE_FILE,
  REFUSED_UPDATE_FILE,
  `${UPDATES_FOLDER}/`,
];

/** The self-update's Task Scheduler tasks: deleted on uninstall, or a rollback due after it would install the agent again. */
export const WINDOWS_UPDATE_TASKS: readonly string[] = [WINDOWS_UPDATE_TASK, WINDOWS_ROLLBACK_TASK];

export interface InstallSettings {
  endpoint?: string;
  apiKey?: string;
  proxyUrl?: string;
  caCertFile?: string;
}

export interface ConfigureOptions {
  mode: 'stdin' | 'remove';
  config: string | undefined;
}

export function parseConfigureArgs(argv: readonly string[]): ConfigureOptions {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: { stdin: { type: 'boolean' }, remove: { type: 'boolean' }, config: { type: 'string' } },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new ConfigError(`configure: ${(error as Error).message}`);
  }
  if (Boolean(values.stdin) === Boolean(values.remove)) {
    throw new ConfigError('configure needs exactly one of --stdin or --remove');
  }
  if (values.config !== undefined && values.config.trim() === '')
    throw new ConfigError('--config needs a file');
  return { mode: values.stdin ? 'stdin' : 'remove', config: values.config };
}

/** "SERVER_URL|ENROLL_KEY|PROXY_URL|CA_CERT_FILE": an empty or "(unset)" field is not given. */
export function parseInstallSettings(text: string): InstallSettings {
  const fields = text.replace(/\r?\n$/, '').split('|');
  if (fields.length !== INSTALL_FIELDS.length) {
    throw new ConfigError(
      `configure --stdin expects ${INSTALL_FIELDS.join('|')} (${INSTALL_FIELDS.length} fields), got ${fields.length}: ` +
        'a value may not contain "|"',
    );
  }
  const given = (value: string | undefined) => {
    const trimmed = value?.trim() ?? '';
    return trimmed === '' || trimmed === UNSET_VALUE ? undefined : trimmed;
  };
  const [endpoint, apiKey, proxyUrl, caCertFile] = fields.map(given);
  return {
    ...(endpoint && { endpoint }),
    ...(apiKey && { apiKey }),
    ...(proxyUrl && { proxyUrl }),
    ...(caCertFile && { caCertFile }),
  };
}

/**
 * The configuration to write: the existing file's fields with the given ones on top, or null when
 * nothing is given (keep the file). A first install needs the server and the key.
 */
export function mergeSettings(
  existing: Record<string, unknown> | null,
  settings: InstallSettings,
): Record<string, unknown> | null {
  if (Object.keys(settings).length === 0) {
    if (existing) return null;
    throw new ConfigError(
      'No configuration to write: give SERVER_URL and ENROLL_KEY (msiexec … SERVER_URL=https://<server> ENROLL_KEY=sk_…)',
    );
  }
  const missing = [
    ...(!settings.endpoint && typeof existing?.endpoint !== 'string' ? ['SERVER_URL'] : []),
    ...(!settings.apiKey && typeof existing?.api_key !== 'string' ? ['ENROLL_KEY'] : []),
  ];
  if (missing.length > 0) {
    throw new ConfigError(
      `A first install needs ${missing.join(' and ')} (there is no agent-config.json to keep)`,
    );
  }
  return {
    ...existing,
    ...(settings.endpoint && { endpoint: settings.endpoint }),
    ...(settings.apiKey && { api_key: settings.apiKey }),
    ...(settings.proxyUrl && { proxy_url: settings.proxyUrl }),
    ...(settings.caCertFile && { ca_cert_file: settings.caCertFile }),
  };
}

/** The existing file's fields; null when there is none, or when it is not a JSON object (then it is replaced). */
async function readExisting(file: string): Promise<Record<string, unknown> | null> {
  let text: string;
  try {
    text = await fs.readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  try {
    const parsed: unknown = JSON.parse(text.replace(/^\uFEFF/, ''));
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) {
      return Object.fromEntries(Object.entries(parsed));
    }
  } catch {
    // treated as no file
  }
  return null;
}

async function restrictOnWindows(file: string): Promise<void> {
  const problem = await restrictToAdministrators(file);
  if (problem) throw new Error(problem);
}

/** Written whole to a restricted temporary file, then renamed: never readable by others, never half written. */
export async function writeConfigFile(
  file: string,
  config: Record<string, unknown>,
  platform: NodeJS.Platform = process.platform,
  restrict: (file: string) => Promise<void> = restrictOnWindows,
): Promise<void> {
  await fs.mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.tmp`;
  await fs.rm(temporary, { force: true });
  const handle = await fs.open(temporary, 'wx', 0o600);
  try {
    if (platform === 'win32') await restrict(temporary);
    else await handle.chmod(0o600);
    await handle.writeFile(`${JSON.stringify(config, null, 2)}\n`, 'utf8');
  } catch (error) {
    await handle.close();
    await fs.rm(temporary, { force: true });
    throw error;
  }
  await handle.close();
  await fs.rename(temporary, file);
}

async function readStdin(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  return Buffer.concat(chunks).toString('utf8');
}

export interface ConfigureDeps {
  /** agent-config.json when --config is not given (beside the executable). */
  defaultFile: string;
  stdin: NodeJS.ReadableStream;
  out: (line: string) => void;
  platform?: NodeJS.Platform;
  restrict?: (file: string) => Promise<void>;
  /** Deletes a Task Scheduler task (Windows); injected by tests. */
  deleteTask?: (name: string) => Promise<void>;
}

async function deleteScheduledTask(name: string): Promise<void> {
  const root = process.env.SystemRoot ?? process.env.windir ?? 'C:\\Windows';
  // A task that does not exist is the usual case: the result does not matter.
  await execCommand(path.win32.join(root, 'System32', 'schtasks.exe'), ['/Delete', '/TN', name, '/F'], {
    timeoutMs: 30_000,
    env: process.env,
  });
}

/** Runs `configure …`; returns the exit code. */
export async function runConfigure(argv: readonly string[], deps: ConfigureDeps): Promise<number> {
  let options: ConfigureOptions;
  try {
    options = parseConfigureArgs(argv);
  } catch (error) {
    deps.out((error as Error).message);
    return CONFIGURE_EXIT.invalid;
  }
  const file = options.config ? path.resolve(options.config) : deps.defaultFile;
  if (options.mode === 'remove') {
    for (const entry of STATE_ENTRIES) {
      await fs.rm(path.join(path.dirname(file), entry.replace(/\/$/, '')), { recursive: true, force: true });
    }
    await fs.rm(file, { force: true });
    if ((deps.platform ?? process.platform) === 'win32') {
      for (const task of WINDOWS_UPDATE_TASKS) await (deps.deleteTask ?? deleteScheduledTask)(task);
    }
    deps.out(`Removed the agent's configuration and state in ${path.dirname(file)}`);
    return CONFIGURE_EXIT.ok;
  }
  try {
    const settings = parseInstallSettings(await readStdin(deps.stdin));
    const merged = mergeSettings(await readExisting(file), settings);
    if (!merged) {
      deps.out(`Keeping ${file}: no settings given`);
      return CONFIGURE_EXIT.ok;
    }
    // As the agent will read it (no environment: only the file counts here).
    const config = parseConfig(JSON.stringify(merged), file, {});
    await writeConfigFile(file, merged, deps.platform, deps.restrict);
    deps.out(`Wrote ${file}: endpoint ${config.endpoint}, key ${maskApiKey(config.apiKey)}`);
    return CONFIGURE_EXIT.ok;
  } catch (error) {
    if (error instanceof ConfigError) {
      deps.out(error.message);
      return CONFIGURE_EXIT.invalid;
    }
    deps.out(`Could not write ${file}: ${(error as Error).message}`);
    return CONFIGURE_EXIT.failed;
  }
}

/** `configure …` from main.ts: agent-config.json beside the single executable (else the working folder). */
export async function configureCommand(argv: readonly string[]): Promise<number> {
  const defaultFile = resolveConfigFile({
    isSingleExecutable: await isSingleExecutable(),
    execPath: process.execPath,
    cwd: process.cwd(),
  });
  const out = (line: string) => process.stdout.write(`${line}\n`);
  return runConfigure(argv, { defaultFile, stdin: process.stdin, out });
}
