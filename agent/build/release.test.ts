/**
 * The whole release, built once (`npm run build:agent -- --out <tmp>`, about a minute) with a
 * throwaway code-signing certificate and ITAA_AGENT_VERSION, then read back with the tools an admin's
 * would use: msiinfo/msiextract, osslsigncode verify, dpkg-deb, unzip, and the Linux executable itself.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCodeSigningCertificate, type CodeSigningFiles } from '../../test/support/code-signing';
import { powershellSyntaxErrors } from '../../test/support/powershell-syntax';
import { verifyWindowsExecutable } from './executables';
import { collectorFiles, msiTable } from './msi';
import {
  AGENT_NODE_VERSION,
  debFileName,
  LINUX_EXE_NAME,
  MSI_NAME,
  MSI_UPGRADE_CODE,
  msiProductCode,
  zipEntries,
  ZIP_NAME,
} from './package';
import { assertAgentReleasePublishable, readReleaseManifest } from './release-manifest';
import { agentExecutableSizes } from './sizes';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const VERSION = '1.2.3';
const KEY = `sk_${'0123456789abcdef'.repeat(4)}`;
const HELP = 'https://assets.example.com/help';

let dir: string;
let out: string;
let signing: CodeSigningFiles;
let extracted: string;

function build(env: NodeJS.ProcessEnv) {
  return spawnSync(
    process.execPath,
    ['--import', 'tsx', path.join(ROOT, 'agent/build/build.ts'), '--out', out],
    {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, ...env },
      timeout: 240_000,
    },
  );
}

function verify(file: string): { ok: boolean; output: string } {
  const result = spawnSync('osslsigncode', ['verify', '-CAfile', signing.caFile, '-in', file], {
    encoding: 'utf8',
  });
  return { ok: result.status === 0, output: `${result.stdout}${result.stderr}` };
}

/** A copy with one byte changed in the middle of the file. */
function tampered(file: string): string {
  const copy = path.join(dir, `tampered-${path.basename(file)}`);
  const data = fs.readFileSync(file);
  const at = Math.floor(data.length / 2);
  data[at] = data[at]! ^ 0xff;
  fs.writeFileSync(copy, data);
  return copy;
}

const rowsOf = (table: string) => msiTable(path.join(out, MSI_NAME), table);

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agent-release-'));
  out = path.join(dir, 'out');
  signing = makeCodeSigningCertificate(dir);
  const result = build({
    ITAA_AGENT_VERSION: VERSION,
    ITAA_SIGNING_PFX: signing.pfxFile,
    ITAA_SIGNING_PASSWORD: signing.pfxPassword,
    ITAA_SIGNING_CA_FILE: signing.caFile,
    ITAA_AGENT_HELP_URL: HELP,
  });
  if (result.status !== 0) throw new Error(`build:agent failed:\n${result.stdout}\n${result.stderr}`);
  expect(result.stdout).not.toContain(signing.pfxPassword);
  extracted = path.join(dir, 'msi');
  execFileSync('msiextract', ['-C', extracted, path.join(out, MSI_NAME)]);
}, 300_000);

afterAll(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe('the Linux single executable', () => {
  it('is Node 24 with the agent inside and prints the version it was built as', () => {
    const exe = path.join(out, LINUX_EXE_NAME);
    expect(execFileSync(exe, ['--version'], { encoding: 'utf8' }).trim()).toBe(VERSION);
    // The Node inside: a preloaded script (NODE_OPTIONS) prints its version before the agent starts.
    const probe = path.join(dir, 'node-version.cjs');
    fs.writeFileSync(probe, 'process.stdout.write(process.version); process.exit(0);');
    const node = execFileSync(exe, ['--version'], {
      encoding: 'utf8',
      env: { ...process.env, NODE_OPTIONS: `--require ${probe}` },
    });
    expect(node).toBe(`v${AGENT_NODE_VERSION}`);
  });

  it('writes a configuration with its configure command', () => {
    const config = path.join(dir, 'etc', 'agent-config.json');
    const output = execFileSync(
      path.join(out, LINUX_EXE_NAME),
      ['configure', '--stdin', '--config', config],
      {
        input: `https://assets.example.com/api/agent/report|${KEY}|(unset)|(unset)`,
        encoding: 'utf8',
      },
    );
    expect(output).not.toContain(KEY);
    expect(JSON.parse(fs.readFileSync(config, 'utf8'))).toMatchObject({ api_key: KEY });
    expect(fs.statSync(config).mode & 0o777).toBe(0o600);
  });
});

describe('IT-Asset-Auditor-Agent.msi, read back with msiinfo', () => {
  it('installs the service: automatic, LocalSystem, started on install, stopped and removed on uninstall', () => {
    const [service] = rowsOf('ServiceInstall');
    // ServiceInstall, Name, DisplayName, ServiceType (16 own process), StartType (2 automatic), ErrorControl, …, StartName
    expect(service?.slice(1, 6)).toEqual(['ITAssetAuditorAgent', 'IT Asset Auditor Agent', '16', '2', '1']);
    expect(service?.[8]).toBe('LocalSystem');
    expect(service?.[11]).toBe('ServiceHost');
    const [control] = rowsOf('ServiceControl');
    // Event 163: start on install (1), stop on install and uninstall (2 + 32), delete on uninstall (128).
    expect(control?.slice(1, 3)).toEqual(['ITAssetAuditorAgent', '163']);
    const [recovery] = rowsOf('MsiServiceConfigFailureActions');
    expect(recovery?.slice(1)).toEqual([
      'ITAssetAuditorAgent',
      '5',
      '86400',
      '',
      '',
      '1[~]1[~]1',
      '30000[~]60000[~]60000',
      'ServiceHost',
    ]);
  });

  it('has the four properties (unset by default), hidden and secure where they must be, and its version', () => {
    const properties = new Map(rowsOf('Property').map((row) => [row[0], row[1]]));
    for (const name of ['SERVER_URL', 'ENROLL_KEY', 'PROXY_URL', 'CA_CERT_FILE']) {
      expect(properties.get(name), name).toBe('(unset)');
      expect(properties.get('SecureCustomProperties')?.split(';'), name).toContain(name);
    }
    expect(properties.get('SecureCustomProperties')?.split(';')).toContain('ALLOW_DOWNGRADE');
    expect(properties.get('MsiHiddenProperties')?.split(';')).toEqual([
      'ENROLL_KEY',
      'PROXY_URL',
      'ConfigureAgent',
    ]);
    expect(properties.get('ProductVersion')).toBe(VERSION);
    expect(properties.get('ProductCode')).toBe(msiProductCode(VERSION));
    expect(properties.get('UpgradeCode')).toBe(MSI_UPGRADE_CODE);
    expect(properties.get('Manufacturer')).toBe('IT Asset Auditor');
    expect(properties.get('ARPHELPLINK')).toBe(HELP);
    expect(properties.get('ALLUSERS')).toBe('1');
  });

  it('upgrades in place: its UpgradeCode finds older versions to remove, and newer ones only with ALLOW_DOWNGRADE=1', () => {
    const upgrade = rowsOf('Upgrade');
    // UpgradeCode, VersionMin, VersionMax, …, Attributes (1 migrate features; 0 remove, not only detect), …, ActionProperty
    expect(upgrade.map((row) => [row[0], row[1], row[2], row[4], row[6]])).toEqual(
      expect.arrayContaining([
        [MSI_UPGRADE_CODE, '', VERSION, '1', 'WIX_UPGRADE_DETECTED'],
        [MSI_UPGRADE_CODE, VERSION, '', '0', 'WIX_DOWNGRADE_DETECTED'],
      ]),
    );
    expect(rowsOf('LaunchCondition').map((row) => row[0])).toEqual([
      'NOT WIX_DOWNGRADE_DETECTED OR ALLOW_DOWNGRADE="1"',
    ]);
    const sequence = new Map(rowsOf('InstallExecuteSequence').map((row) => [row[0], Number(row[2])]));
    expect(sequence.get('RemoveExistingProducts')).toBeLessThan(sequence.get('InstallInitialize')!);
  });

  it('writes the configuration as SYSTEM between installing the files and starting the service, never logged', () => {
    const actions = new Map(rowsOf('CustomAction').map((row) => [row[0], row]));
    const type = Number(actions.get('ConfigureAgent')?.[1]);
    // JScript from the Binary table (5), deferred (1024), as SYSTEM (2048), its data never logged (8192).
    expect(type).toBe(5 + 1024 + 2048 + 8192);
    expect(actions.get('SetConfigureAgent')?.[3]).toBe(
      '[#AgentExe]|[SERVER_URL]|[ENROLL_KEY]|[PROXY_URL]|[CA_CERT_FILE]',
    );
    expect(actions.get('ForgetAgent')?.[3]).toBe('configure --remove');
    const sequence = new Map(rowsOf('InstallExecuteSequence').map((row) => [row[0], row]));
    const at = (action: string) => Number(sequence.get(action)?.[2]);
    expect(at('InstallFiles')).toBeLessThan(at('SetConfigureAgent'));
    expect(at('SetConfigureAgent')).toBeLessThan(at('ConfigureAgent'));
    expect(at('ConfigureAgent')).toBeLessThan(at('StartServices'));
    expect(at('InstallServices')).toBeLessThan(at('MsiConfigureServices'));
    expect(sequence.get('ForgetAgent')?.[1]).toBe('REMOVE~="ALL" AND NOT UPGRADINGPRODUCTCODE');
    expect(at('ForgetAgent')).toBeLessThan(at('RemoveFiles'));
  });

  it('installs the files to Program Files\\IT Asset Auditor\\Agent and registers its version', () => {
    expect(
      rowsOf('File')
        .map((row) => row[2])
        .sort(),
    ).toEqual(
      [
        'ITAssetAuditorAgent.exe',
        'ITAssetAuditorService.exe',
        'ITAssetAuditorService.exe.config',
        'ITAssetAuditorService.xml',
        'README.txt',
        'WinSW-LICENSE.txt',
        // agent/windows/collectors/, installed in collectors\
        ...collectorFiles(),
      ].sort(),
    );
    const directories = new Map(rowsOf('Directory').map((row) => [row[0], row]));
    expect(directories.get('INSTALLDIR')?.slice(1)).toEqual(['VendorFolder', 'Agent']);
    expect(directories.get('VendorFolder')?.slice(1)).toEqual(['ProgramFiles64Folder', 'IT Asset Auditor']);
    expect(rowsOf('Registry').map((row) => row.slice(1, 5))).toEqual(
      expect.arrayContaining([['2', 'SOFTWARE\\IT Asset Auditor\\Agent', 'Version', '[ProductVersion]']]),
    );
    const agent = path.join(extracted, 'IT Asset Auditor/Agent');
    expect(() => verifyWindowsExecutable(path.join(agent, 'ITAssetAuditorAgent.exe'))).not.toThrow();
    expect(fs.readFileSync(path.join(agent, 'ITAssetAuditorService.exe.config'), 'utf8')).toContain('v4.0');
  });
});

describe('Authenticode signatures (osslsigncode verify with the test CA)', () => {
  it('hold for the MSI, both executables inside it and the shipped scripts', () => {
    const zipDir = path.join(dir, 'zip');
    execFileSync('unzip', ['-q', path.join(out, ZIP_NAME), '-d', zipDir]);
    const agent = path.join(extracted, 'IT Asset Auditor/Agent');
    for (const file of [
      path.join(out, MSI_NAME),
      path.join(zipDir, MSI_NAME),
      path.join(agent, 'ITAssetAuditorAgent.exe'),
      path.join(agent, 'ITAssetAuditorService.exe'),
      path.join(zipDir, 'install.ps1'),
      path.join(zipDir, 'uninstall.ps1'),
      ...collectorFiles()
        .filter((name) => name.endsWith('.ps1'))
        .map((name) => path.join(agent, 'collectors', name)),
    ]) {
      const result = verify(file);
      expect(result.ok, `${file}\n${result.output}`).toBe(true);
    }
  });

  it('fail for a tampered copy', () => {
    const agent = path.join(extracted, 'IT Asset Auditor/Agent');
    for (const file of [path.join(out, MSI_NAME), path.join(agent, 'ITAssetAuditorAgent.exe')]) {
      expect(verify(tampered(file)).ok, file).toBe(false);
    }
    const script = path.join(dir, 'tampered.ps1');
    execFileSync('unzip', ['-o', '-q', path.join(out, ZIP_NAME), 'install.ps1', '-d', dir]);
    fs.writeFileSync(
      script,
      fs.readFileSync(path.join(dir, 'install.ps1'), 'utf8').replace('Administrator', 'Adminstrator'),
    );
    expect(verify(script).ok).toBe(false);
  });

  it('leave the signed scripts valid PowerShell', async () => {
    execFileSync('unzip', ['-o', '-q', path.join(out, ZIP_NAME), 'install.ps1', 'uninstall.ps1', '-d', dir]);
    const signed = fs.readFileSync(path.join(dir, 'install.ps1'), 'utf8');
    expect(signed).toContain('# SIG # Begin signature block');
    expect(await powershellSyntaxErrors(signed)).toEqual([]);
  });
});

describe('the .deb and the zip', () => {
  it('packages the executable, the unit and the maintainer scripts', () => {
    const deb = path.join(out, debFileName(VERSION));
    const control = execFileSync('dpkg-deb', ['--field', deb, 'Package', 'Version', 'Architecture'], {
      encoding: 'utf8',
    });
    expect(control).toBe(`Package: it-asset-auditor-agent\nVersion: ${VERSION}\nArchitecture: amd64\n`);
    const contents = execFileSync('dpkg-deb', ['--contents', deb], { encoding: 'utf8' });
    expect(contents).toMatch(
      /-rwxr-xr-x root\/root +\d+ .* \.\/opt\/it-asset-auditor-agent\/it-asset-auditor-agent\n/,
    );
    expect(contents).toContain('./lib/systemd/system/it-asset-auditor-agent.service');
    const control_dir = path.join(dir, 'DEBIAN');
    execFileSync('dpkg-deb', ['--control', deb, control_dir]);
    for (const script of ['postinst', 'prerm', 'postrm']) {
      expect(fs.statSync(path.join(control_dir, script)).mode & 0o111, script).toBe(0o111);
      expect(spawnSync('sh', ['-n', path.join(control_dir, script)]).status, script).toBe(0);
    }
  });

  it('says in agent-release.json what was built, signed', () => {
    expect(readReleaseManifest(out)).toEqual({
      version: VERSION,
      node_version: AGENT_NODE_VERSION,
      msi_product_code: msiProductCode(VERSION),
      signed: true,
      files: [MSI_NAME, LINUX_EXE_NAME, debFileName(VERSION), ZIP_NAME],
    });
    expect(() => assertAgentReleasePublishable(out, 'prod')).not.toThrow();
  });

  it('zips exactly the listed files, and the bench can read the sizes', () => {
    const names = execFileSync('unzip', ['-Z1', path.join(out, ZIP_NAME)], { encoding: 'utf8' })
      .trim()
      .split('\n');
    expect(names).toEqual(zipEntries(VERSION).map((entry) => entry.name));
    const sizes = agentExecutableSizes(out);
    expect(sizes.windowsExe).toBe(
      fs.statSync(path.join(extracted, 'IT Asset Auditor/Agent/ITAssetAuditorAgent.exe')).size,
    );
    expect(sizes.linuxExe).toBeGreaterThan(50 * 1024 * 1024);
    for (const size of Object.values(sizes)) expect(size).toBeGreaterThan(1024 * 1024);
  });
});

describe('a production build', () => {
  it('refuses to build unsigned', () => {
    const result = build({
      ITAA_STAGE: 'prod',
      ITAA_SIGNING_PFX: '',
      ITAA_SIGNING_CERT: '',
      ITAA_SIGNING_KEY: '',
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(
      /ITAA_STAGE=prod is a production build and no code-signing certificate is configured/,
    );
  });
});
