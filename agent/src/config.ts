import fs from 'node:fs';
import path from 'node:path';
import * as z from 'zod';
import { API_KEY_PATTERN } from '../../shared/api-keys';

export const CONFIG_FILE_NAME = 'agent-config.json';
export const ENV_ENDPOINT = 'ITAA_ENDPOINT';
export const ENV_API_KEY = 'ITAA_API_KEY';

export interface AgentConfig {
  /** The full URL of the report route, e.g. https://assets.example.com/api/agent/report. */
  endpoint: string;
  apiKey: string;
  /** The config file looked for (it may not exist when the environment gives everything). */
  file: string;
  /** The folder of that file: the log and any generated machine id live there too. */
  dir: string;
  /** Things worth a line in the log that do not stop the agent. */
  warnings: string[];
}

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

const FILE_FIELDS = ['endpoint', 'api_key'];

const MISSING = 'is missing';
const requiredText = () =>
  z
    .string({
      error: (issue) => (issue.input === undefined || issue.input === null ? MISSING : 'must be a string'),
    })
    .trim()
    .min(1, { error: MISSING });

const settingsSchema = z.object({
  endpoint: requiredText().pipe(
    z.url({
      protocol: /^https?$/,
      error:
        'must be the full http(s) URL of the report route, e.g. https://assets.example.com/api/agent/report',
    }),
  ),
  api_key: requiredText().regex(API_KEY_PATTERN, {
    error:
      'must be "sk_" followed by 64 lower-case hexadecimal characters, as copied from Settings → API Keys',
  }),
});

export interface ConfigLocation {
  /** `--config <file>`, if given. */
  configArg?: string | undefined;
  /** True when running as a Node single executable application: the config sits beside the .exe. */
  isSingleExecutable: boolean;
  execPath: string;
  cwd: string;
}

/** Where agent-config.json is: --config, else beside the single executable, else the working directory. */
export function resolveConfigFile(location: ConfigLocation): string {
  if (location.configArg) return path.resolve(location.cwd, location.configArg);
  const dir = location.isSingleExecutable ? path.dirname(location.execPath) : location.cwd;
  return path.join(dir, CONFIG_FILE_NAME);
}

/** Shows enough of a key to recognise it in a log, never the key. */
export function maskApiKey(key: string): string {
  return key.length > 10 ? `${key.slice(0, 10)}…` : '…';
}

function isLoopback(url: string): boolean {
  const host = new URL(url).hostname;
  return host === 'localhost' || host === '[::1]' || host.startsWith('127.');
}

/**
 * Builds the configuration from the file's text (null when there is no file) and the environment:
 * ITAA_ENDPOINT and ITAA_API_KEY override the file's endpoint and api_key. Every problem is named
 * with where the value came from, so the message says what to fix.
 */
export function parseConfig(fileText: string | null, file: string, env: NodeJS.ProcessEnv): AgentConfig {
  const warnings: string[] = [];
  let fromFile: Record<string, unknown> = {};
  if (fileText !== null) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(fileText.replace(/^\uFEFF/, ''));
    } catch (error) {
      throw new ConfigError(`${file} is not valid JSON: ${(error as Error).message}`);
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      throw new ConfigError(`${file} must hold a JSON object: { "endpoint": "…", "api_key": "sk_…" }`);
    }
    fromFile = parsed as Record<string, unknown>;
    const unknown = Object.keys(fromFile).filter((key) => !FILE_FIELDS.includes(key));
    if (unknown.length > 0) {
      warnings.push(
        `${file}: ignoring unknown field(s) ${unknown.join(', ')} (expected ${FILE_FIELDS.join(', ')})`,
      );
    }
  }
  const envEndpoint = env[ENV_ENDPOINT]?.trim() || undefined;
  const envKey = env[ENV_API_KEY]?.trim() || undefined;
  if (fileText === null && !envEndpoint && !envKey) {
    throw new ConfigError(
      `No configuration: ${file} does not exist and ${ENV_ENDPOINT} / ${ENV_API_KEY} are not set.\n` +
        `Create ${file} with { "endpoint": "https://<your server>/api/agent/report", "api_key": "sk_…" }, ` +
        `or pass --config <file>.`,
    );
  }
  const sources = {
    endpoint: envEndpoint ? ENV_ENDPOINT : `"endpoint" in ${file}`,
    api_key: envKey ? ENV_API_KEY : `"api_key" in ${file}`,
  };
  const result = settingsSchema.safeParse({
    endpoint: envEndpoint ?? fromFile.endpoint,
    api_key: envKey ?? fromFile.api_key,
  });
  if (!result.success) {
    const problems = result.error.issues.map((issue) => {
      const field = issue.path[0] === 'endpoint' ? 'endpoint' : 'api_key';
      if (issue.message === MISSING) {
        const variable = field === 'endpoint' ? ENV_ENDPOINT : ENV_API_KEY;
        return `- ${field} is missing: set "${field}" in ${file} or the environment variable ${variable}`;
      }
      return `- ${sources[field]} ${issue.message}`;
    });
    const notes = warnings.map((warning) => `- ${warning}`);
    throw new ConfigError(`Invalid agent configuration:\n${[...problems, ...notes].join('\n')}`);
  }
  const { endpoint, api_key } = result.data;
  if (new URL(endpoint).protocol === 'http:' && !isLoopback(endpoint)) {
    warnings.push(
      `The endpoint ${endpoint} is plain http: reports and the API key travel unencrypted; use https`,
    );
  }
  return { endpoint, apiKey: api_key, file, dir: path.dirname(file), warnings };
}

/** Reads and validates the configuration; --config must name an existing file. */
export function loadConfig(location: ConfigLocation, env: NodeJS.ProcessEnv = process.env): AgentConfig {
  const file = resolveConfigFile(location);
  let text: string | null = null;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT' || location.configArg) {
      throw new ConfigError(
        code === 'ENOENT'
          ? `Config file not found: ${file}`
          : `Cannot read ${file}: ${(error as Error).message}`,
      );
    }
  }
  return parseConfig(text, file, env);
}
