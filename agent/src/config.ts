import { X509Certificate } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import * as z from 'zod';
import { API_KEY_PATTERN } from '../../shared/api-keys';

export const CONFIG_FILE_NAME = 'agent-config.json';
export const ENV_ENDPOINT = 'ITAA_ENDPOINT';
export const ENV_API_KEY = 'ITAA_API_KEY';
export const ENV_PROXY_URL = 'ITAA_PROXY_URL';
export const ENV_CA_CERT_FILE = 'ITAA_CA_CERT_FILE';
/** The report route under the server's address: what a bare origin such as https://assets.example.com means. */
export const REPORT_PATH = '/api/agent/report';

/** The proxy every request of the agent goes through. */
export interface ProxySetting {
  /** http(s)://[user:password@]host:port: credentials included, so never log it (maskProxyUrl). */
  url: string;
  /** Where it was set, for messages: `"proxy_url" in <file>`, ITAA_PROXY_URL, HTTPS_PROXY… */
  source: string;
  /**
   * NO_PROXY's hosts when the proxy comes from the environment (HTTPS_PROXY), as curl reads them;
   * null for a configured proxy_url, which an admin sets for this agent and applies to every request.
   */
  noProxy: string | null;
}

export interface AgentConfig {
  /** The full URL of the report route, e.g. https://assets.example.com/api/agent/report. */
  endpoint: string;
  apiKey: string;
  proxy: ProxySetting | null;
  /** The private CA bundle trusted besides Node's roots (a TLS-inspecting proxy's, a company CA). */
  caCertFile: string | null;
  /** Its certificates, PEM, read and checked when the configuration was. */
  caCertificates: string[];
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

const FILE_FIELDS = ['endpoint', 'api_key', 'proxy_url', 'ca_cert_file'];

const MISSING = 'is missing';
const requiredText = () =>
  z
    .string({
      error: (issue) => (issue.input === undefined || issue.input === null ? MISSING : 'must be a string'),
    })
    .trim()
    .min(1, { error: MISSING });

/** A proxy typed without a scheme (proxy.corp:8080, as HTTPS_PROXY often is) is an http proxy. */
const withScheme = (value: string) => (/^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `http://${value}`);

const optionalText = z
  .string({ error: 'must be a string' })
  .trim()
  .optional()
  .transform((value) => value || undefined);

const settingsSchema = z.object({
  endpoint: requiredText().pipe(
    z.url({
      protocol: /^https?$/,
      error:
        "must be the server's http(s) address (https://assets.example.com) or the full URL of the report route (https://assets.example.com/api/agent/report)",
    }),
  ),
  api_key: requiredText().regex(API_KEY_PATTERN, {
    error:
      'must be "sk_" followed by 64 lower-case hexadecimal characters, as copied from Settings → API Keys',
  }),
  // The messages never quote the value: a proxy URL may carry a password.
  proxy_url: optionalText.pipe(
    z
      .string()
      .transform(withScheme)
      .pipe(
        z.url({
          protocol: /^https?$/,
          error:
            "must be the proxy's http(s) URL, e.g. http://proxy.example.com:8080 (user:password@ allowed)",
        }),
      )
      .optional(),
  ),
  ca_cert_file: optionalText,
});

type Field = keyof z.input<typeof settingsSchema>;

/** An endpoint given as the server's bare address means its report route. */
export function reportEndpoint(endpoint: string): string {
  const url = new URL(endpoint);
  if (url.pathname !== '/' || url.search || url.hash) return endpoint;
  url.pathname = REPORT_PATH;
  return url.toString();
}

/** A proxy URL fit for a log line: any user name and password replaced. */
export function maskProxyUrl(proxyUrl: string): string {
  try {
    const url = new URL(proxyUrl);
    const credentials = url.username || url.password ? '***@' : '';
    return `${url.protocol}//${credentials}${url.host}`;
  } catch {
    return '(a proxy URL that cannot be read)';
  }
}

const PEM_CERTIFICATE = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

/**
 * The certificates of a CA bundle: PEM (one or more, as exported for Linux tools), or one DER
 * certificate (a Windows .cer export). Throws a message naming the file when it holds none.
 */
export function readCaCertificates(file: string, read: (file: string) => Buffer = fs.readFileSync): string[] {
  let bytes: Buffer;
  try {
    bytes = read(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new Error(
      code === 'ENOENT' ? `${file} does not exist` : `${file} cannot be read (${code ?? String(error)})`,
    );
  }
  const blocks = bytes.toString('latin1').match(PEM_CERTIFICATE) ?? [];
  const certificates: string[] = [];
  for (const block of blocks) {
    try {
      certificates.push(new X509Certificate(block).toString());
    } catch {
      throw new Error(`${file} holds a PEM block that is not a readable certificate`);
    }
  }
  if (certificates.length > 0) return certificates;
  try {
    return [new X509Certificate(bytes).toString()];
  } catch {
    throw new Error(
      `${file} holds no certificate: expected the CA's certificate in PEM ("-----BEGIN CERTIFICATE-----")`,
    );
  }
}

const PROXY_VARIABLES = ['https_proxy', 'HTTPS_PROXY'] as const;
const NO_PROXY_VARIABLES = ['no_proxy', 'NO_PROXY'] as const;

/** The first of the variables set (lower case first, as curl and undici read them). */
function fromEnvironment(env: NodeJS.ProcessEnv, names: readonly string[]) {
  for (const name of names) {
    const value = env[name]?.trim();
    if (value) return { name, value };
  }
  return null;
}

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
 * ITAA_ENDPOINT, ITAA_API_KEY, ITAA_PROXY_URL and ITAA_CA_CERT_FILE override the file's fields; with
 * no proxy configured, HTTPS_PROXY (and NO_PROXY) is honoured. Every problem is named with where
 * the value came from, so the message says what to fix. The CA bundle is read here, so a wrong
 * path stops the agent at start with its name rather than failing every report.
 */
export function parseConfig(
  fileText: string | null,
  file: string,
  env: NodeJS.ProcessEnv,
  readFile: (file: string) => Buffer = fs.readFileSync,
): AgentConfig {
  const warnings: string[] = [];
  let fromFile: Record<string, unknown> = {};
  if (fileText !== null) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(fileText.replace(/^\uFEFF/, ''));
    } catch (error) {
      throw new ConfigError(`${file} is not valid JSON: ${(error as Error).message}`);
    }
    const object = z.record(z.string(), z.unknown()).safeParse(parsed);
    if (!object.success || Array.isArray(parsed)) {
      throw new ConfigError(`${file} must hold a JSON object: { "endpoint": "…", "api_key": "sk_…" }`);
    }
    fromFile = object.data;
    const unknown = Object.keys(fromFile).filter((key) => !FILE_FIELDS.includes(key));
    if (unknown.length > 0) {
      warnings.push(
        `${file}: ignoring unknown field(s) ${unknown.join(', ')} (expected ${FILE_FIELDS.join(', ')})`,
      );
    }
  }
  const fromEnv = (name: string) => env[name]?.trim() || undefined;
  const overrides: Record<Field, string | undefined> = {
    endpoint: fromEnv(ENV_ENDPOINT),
    api_key: fromEnv(ENV_API_KEY),
    proxy_url: fromEnv(ENV_PROXY_URL),
    ca_cert_file: fromEnv(ENV_CA_CERT_FILE),
  };
  if (fileText === null && !overrides.endpoint && !overrides.api_key) {
    throw new ConfigError(
      `No configuration: ${file} does not exist and ${ENV_ENDPOINT} / ${ENV_API_KEY} are not set.\n` +
        `Create ${file} with { "endpoint": "https://<your server>", "api_key": "sk_…" }, ` +
        `or pass --config <file>.`,
    );
  }
  const variables: Record<Field, string> = {
    endpoint: ENV_ENDPOINT,
    api_key: ENV_API_KEY,
    proxy_url: ENV_PROXY_URL,
    ca_cert_file: ENV_CA_CERT_FILE,
  };
  const source = (field: Field) => (overrides[field] ? variables[field] : `"${field}" in ${file}`);
  const proxyFromEnv =
    overrides.proxy_url || fromFile.proxy_url ? null : fromEnvironment(env, PROXY_VARIABLES);
  const result = settingsSchema.safeParse({
    endpoint: overrides.endpoint ?? fromFile.endpoint,
    api_key: overrides.api_key ?? fromFile.api_key,
    proxy_url: overrides.proxy_url ?? fromFile.proxy_url ?? proxyFromEnv?.value,
    ca_cert_file: overrides.ca_cert_file ?? fromFile.ca_cert_file,
  });
  const problems: string[] = [];
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = FILE_FIELDS.find((name): name is Field => name === issue.path[0]) ?? 'endpoint';
      if (issue.message === MISSING) {
        problems.push(
          `- ${field} is missing: set "${field}" in ${file} or the environment variable ${variables[field]}`,
        );
      } else {
        problems.push(
          `- ${field === 'proxy_url' && proxyFromEnv ? proxyFromEnv.name : source(field)} ${issue.message}`,
        );
      }
    }
  }
  let caCertFile: string | null = null;
  let caCertificates: string[] = [];
  if (result.success && result.data.ca_cert_file) {
    // A relative path is the config file's neighbour, wherever the service was started from.
    caCertFile = path.resolve(path.dirname(file), result.data.ca_cert_file);
    try {
      caCertificates = readCaCertificates(caCertFile, readFile);
    } catch (error) {
      problems.push(`- ${source('ca_cert_file')}: ${(error as Error).message}`);
    }
  }
  if (!result.success || problems.length > 0) {
    const notes = warnings.map((warning) => `- ${warning}`);
    throw new ConfigError(`Invalid agent configuration:\n${[...problems, ...notes].join('\n')}`);
  }
  const { api_key, proxy_url } = result.data;
  const endpoint = reportEndpoint(result.data.endpoint);
  if (new URL(endpoint).protocol === 'http:' && !isLoopback(endpoint)) {
    warnings.push(
      `The endpoint ${endpoint} is plain http: reports and the API key travel unencrypted; use https`,
    );
  }
  const proxy: ProxySetting | null = proxy_url
    ? {
        url: proxy_url,
        source: proxyFromEnv ? proxyFromEnv.name : source('proxy_url'),
        noProxy: proxyFromEnv ? (fromEnvironment(env, NO_PROXY_VARIABLES)?.value ?? '') : null,
      }
    : null;
  return {
    endpoint,
    apiKey: api_key,
    proxy,
    caCertFile,
    caCertificates,
    file,
    dir: path.dirname(file),
    warnings,
  };
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
