import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Language, Parser } from 'web-tree-sitter';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CommandOptions, CommandResult } from '../exec';
import {
  collectorScriptsDir,
  collectWindows,
  powerShellArgs,
  WINDOWS_COLLECTOR_SCRIPTS,
  WINDOWS_SCRIPT_TIMEOUT_MS,
} from './windows';

/**
 * The collector scripts as files (agent/windows/collectors, shipped signed in collectors\), parsed
 * by a PowerShell grammar, and the command lines the agent builds to run them: never an encoded
 * command, never a policy bypass.
 */

const SCRIPTS_DIR = collectorScriptsDir({
  isSingleExecutable: false,
  execPath: process.execPath,
  mainScript: path.resolve('agent/src/main.ts'),
});
const script = (name: keyof typeof WINDOWS_COLLECTOR_SCRIPTS) =>
  readFileSync(path.join(SCRIPTS_DIR, WINDOWS_COLLECTOR_SCRIPTS[name]), 'utf8');

let parser: Parser;
beforeAll(async () => {
  const require = createRequire(import.meta.url);
  await Parser.init();
  parser = new Parser();
  parser.setLanguage(
    await Language.load(require.resolve('tree-sitter-powershell/tree-sitter-powershell.wasm')),
  );
});

describe('where the scripts are', () => {
  it('beside the installed executable, in collectors\\', () => {
    expect(
      collectorScriptsDir({
        isSingleExecutable: true,
        execPath: '/opt/itaa/agent.exe',
        mainScript: 'ignored',
      }),
    ).toBe('/opt/itaa/collectors');
  });
  it('in agent/windows/collectors when run from source', () => {
    expect(SCRIPTS_DIR).toBe(path.resolve('agent/windows/collectors'));
  });
});

describe('the PowerShell scripts', () => {
  it.each(['system', 'software'] as const)('%s.ps1 parses as PowerShell, in plain ASCII', (name) => {
    const text = script(name);
    const tree = parser.parse(text);
    expect(tree?.rootNode.hasError).toBe(false);
    // Windows PowerShell 5.1 reads a file without a BOM in the ANSI code page: ASCII reads the same.
    expect(
      [...text].every(
        (char) => char === '\t' || char === '\n' || char === '\r' || (char >= ' ' && char <= '~'),
      ),
    ).toBe(true);
    expect(text).toContain('ConvertTo-Json -InputObject');
  });
  it('never enumerate Win32_Product', () => {
    expect(script('system')).not.toMatch(/Win32_Product\b/);
    expect(script('software')).not.toMatch(/Win32_Product\b/);
  });
  it('read the machine and user Uninstall keys', () => {
    expect(script('software')).toContain(
      'HKEY_LOCAL_MACHINE\\SOFTWARE\\Microsoft\\Windows\\CurrentVersion\\Uninstall',
    );
    expect(script('software')).toContain(
      'HKEY_LOCAL_MACHINE\\SOFTWARE\\WOW6432Node\\Microsoft\\Windows\\CurrentVersion\\Uninstall',
    );
    expect(script('software')).toContain('HKEY_USERS');
  });
  it('ask for the CIM classes the report needs, disks and shares filtered', () => {
    const system = script('system');
    for (const cls of [
      'Win32_ComputerSystem',
      'Win32_OperatingSystem',
      'Win32_Processor',
      'Win32_Printer',
      'Win32_BIOS',
      'Win32_SystemEnclosure',
    ]) {
      expect(system).toContain(cls);
    }
    expect(system).toContain("Win32_LogicalDisk -Filter 'DriveType = 3'");
    expect(system).toContain("Win32_Share -Filter 'Type = 0'");
    expect(system).toContain('GetOwner');
    expect(system).toContain('ConvertTo-Json -InputObject $result -Depth 4');
  });
  it('ask for the identity of issue 27: domain or workgroup, BIOS version, build and boot time, adapters', () => {
    const system = script('system');
    expect(system).toMatch(/Win32_ComputerSystem .*'Manufacturer', 'Model', 'PartOfDomain', 'Workgroup'/);
    expect(system).toMatch(/Win32_BIOS .*'SMBIOSBIOSVersion'/);
    // The boot time leaves PowerShell as ISO 8601 in UTC, not as 5.1's "/Date(ms)/" or a local text.
    expect(system).toContain("$_.LastBootUpTime.ToUniversalTime().ToString('o')");
    expect(system).toMatch(/Windows NT\\CurrentVersion' .*'UBR'/);
    expect(system).toContain("Win32_NetworkAdapterConfiguration -Filter 'IPEnabled = True'");
    expect(system).toContain("Win32_NetworkAdapter -Filter 'PhysicalAdapter = True'");
    // Each CIM query of a section runs in Get-Part, so its failure is named and costs its section only.
    for (const part of ['Bios', 'NetworkAdapters', 'PhysicalAdapters']) {
      expect(system).toContain(`Get-Part '${part}'`);
    }
  });
});

/** A recorder of the programs the collector runs, answering as PowerShell would. */
function recorder(answer: (args: readonly string[]) => CommandResult) {
  const calls: { file: string; args: readonly string[]; options: CommandOptions | undefined }[] = [];
  const run = async (file: string, args: readonly string[], options?: CommandOptions) => {
    calls.push({ file, args, options });
    return answer(args);
  };
  return { calls, run };
}

const SYSTEM_OUTPUT = JSON.stringify({
  ComputerSystem: { DNSHostName: 'FINANCE-PC-01', TotalPhysicalMemory: 17179869184 },
  OperatingSystem: { Caption: 'Microsoft Windows 11 Pro', Version: '10.0.22631' },
  Failures: { Printers: 'The RPC server is unavailable.' },
});

describe('collectWindows', () => {
  it('runs each script file with -File under RemoteSigned: no encoded command, no bypass', async () => {
    const { calls, run } = recorder((args) =>
      args.at(-1)?.endsWith('system.ps1')
        ? { ok: true, stdout: SYSTEM_OUTPUT }
        : { ok: true, stdout: '[{"DisplayName":"7-Zip 23.01 (x64)","DisplayVersion":"23.01"}]' },
    );
    const { facts, errors } = await collectWindows({ scriptsDir: SCRIPTS_DIR, run });
    expect(calls.map((call) => call.args)).toEqual([
      [
        '-NoProfile',
        '-NonInteractive',
        '-ExecutionPolicy',
        'RemoteSigned',
        '-File',
        path.join(SCRIPTS_DIR, 'system.ps1'),
      ],
      [
        '-NoProfile',
        '-NonInteractive',
        '-ExecutionPolicy',
        'RemoteSigned',
        '-File',
        path.join(SCRIPTS_DIR, 'software.ps1'),
      ],
    ]);
    for (const call of calls) {
      expect(call.file).toMatch(/System32\\WindowsPowerShell\\v1\.0\\powershell\.exe$/);
      const commandLine = [call.file, ...call.args].join(' ');
      expect(commandLine).not.toMatch(/EncodedCommand|-enc\b|-e\b|Bypass|Unrestricted|-Command/i);
    }
    expect(calls.map((call) => call.options?.timeoutMs)).toEqual([
      WINDOWS_SCRIPT_TIMEOUT_MS.system,
      WINDOWS_SCRIPT_TIMEOUT_MS.software,
    ]);
    expect(facts).toMatchObject({ hostname: 'FINANCE-PC-01', memory_total_gb: 16 });
    expect(facts.installed_software).toEqual([{ name: '7-Zip 23.01 (x64)', version: '23.01' }]);
    expect(errors).toEqual({ printers: 'Reading Win32_Printer failed: The RPC server is unavailable.' });
  });
  it('names every section of a script that timed out, never an empty inventory', async () => {
    const { run } = recorder((args) =>
      args.at(-1)?.endsWith('software.ps1')
        ? { ok: false, missing: false, reason: 'timed out after 180 s' }
        : { ok: true, stdout: SYSTEM_OUTPUT },
    );
    const { errors } = await collectWindows({ scriptsDir: SCRIPTS_DIR, run });
    expect(errors.installed_software).toBe('PowerShell timed out after 180 s');
  });
  it('says a script is missing from the installation rather than running PowerShell on nothing', async () => {
    const { calls, run } = recorder(() => ({ ok: true, stdout: '{}' }));
    const empty = path.resolve('agent/src');
    const { errors } = await collectWindows({ scriptsDir: empty, run });
    expect(calls).toEqual([]);
    expect(errors.installed_software).toBe(
      `PowerShell could not run ${path.join(empty, 'software.ps1')}: the file is missing (reinstall the agent)`,
    );
    expect(errors.system).toContain('system.ps1: the file is missing');
    expect(errors.cpu_info).toContain('system.ps1: the file is missing');
  });
  it('builds the same arguments for any path, spaces included (no quoting needed without a shell)', () => {
    const file = 'C:\\Program Files\\IT Asset Auditor Agent\\collectors\\system.ps1';
    expect(powerShellArgs(file)).toEqual([
      '-NoProfile',
      '-NonInteractive',
      '-ExecutionPolicy',
      'RemoteSigned',
      '-File',
      file,
    ]);
  });
});
