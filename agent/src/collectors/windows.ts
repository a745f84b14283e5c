import os from 'node:os';
import path from 'node:path';
import { AGENT_REPORT_SECTIONS, type AgentReportSection } from '../../../shared/agent-data';
import { execCommand, type CommandResult } from '../exec';
import {
  asArray,
  asBoolean,
  asCount,
  asNumber,
  asRecord,
  asString,
  bytesToGb,
  cleanSerial,
  parseJson,
  percentOf,
  tidySoftware,
  uniqueBy,
  type CpuInfo,
  type InstalledSoftware,
  type MachineFacts,
  type Printer,
  type SharedFolder,
  type StorageDevice,
} from './common';
import type { CollectedFacts, SectionErrors } from './sections';

/**
 * Windows collection: two PowerShell scripts (CIM for the machine, the registry's Uninstall keys
 * for software) whose JSON output is read by the pure parsers below. Win32_Product is never
 * queried: enumerating it makes Windows Installer re-check, and sometimes repair, every MSI package.
 */

/** Lines every script starts with: quiet errors, UTF-8 output, plain JSON arrays on PowerShell 5.1. */
const PRELUDE = `
$ErrorActionPreference = 'SilentlyContinue'
$ProgressPreference = 'SilentlyContinue'
[Console]::OutputEncoding = New-Object System.Text.UTF8Encoding $false
Remove-TypeData -TypeName System.Array -ErrorAction SilentlyContinue
`;

/**
 * The machine: one JSON object with a property per CIM class asked, and Failures naming each class
 * whose query threw (a stopped Print Spooler fails Win32_Printer), so that section is reported as
 * not collected instead of as empty.
 */
export const WINDOWS_SYSTEM_SCRIPT = `${PRELUDE}
$failures = [ordered]@{}
function Get-Part([string]$Name, [scriptblock]$Query) {
  $ErrorActionPreference = 'Stop'
  try { & $Query } catch { $failures[$Name] = $_.Exception.Message }
}
$owners = @(foreach ($process in @(Get-CimInstance -ClassName Win32_Process -Filter "Name = 'explorer.exe'")) {
  $owner = Invoke-CimMethod -InputObject $process -MethodName GetOwner
  if ($owner) { [pscustomobject]@{ ReturnValue = $owner.ReturnValue; Domain = $owner.Domain; User = $owner.User } }
})
$result = [pscustomobject]@{
  ComputerSystem = Get-Part 'ComputerSystem' { Get-CimInstance -ClassName Win32_ComputerSystem | Select-Object -First 1 -Property Name, DNSHostName, Domain, UserName, TotalPhysicalMemory, Manufacturer, Model }
  OperatingSystem = Get-Part 'OperatingSystem' { Get-CimInstance -ClassName Win32_OperatingSystem | Select-Object -First 1 -Property Caption, Version, BuildNumber, OSArchitecture }
  Processors = @(Get-Part 'Processors' { Get-CimInstance -ClassName Win32_Processor | Select-Object -Property Name, Architecture, NumberOfCores, NumberOfLogicalProcessors })
  LogicalDisks = @(Get-Part 'LogicalDisks' { Get-CimInstance -ClassName Win32_LogicalDisk -Filter 'DriveType = 3' | Select-Object -Property DeviceID, VolumeName, FileSystem, Size, FreeSpace })
  Printers = @(Get-Part 'Printers' { Get-CimInstance -ClassName Win32_Printer | Select-Object -Property Name, DriverName, PortName, Network, Local, Shared, ShareName })
  Shares = @(Get-Part 'Shares' { Get-CimInstance -ClassName Win32_Share -Filter 'Type = 0' | Select-Object -Property Name, Path, Description })
  Bios = Get-CimInstance -ClassName Win32_BIOS | Select-Object -First 1 -Property SerialNumber
  Enclosures = @(Get-CimInstance -ClassName Win32_SystemEnclosure | Select-Object -Property SerialNumber)
  Product = Get-CimInstance -ClassName Win32_ComputerSystemProduct | Select-Object -First 1 -Property UUID, IdentifyingNumber
  ExplorerOwners = $owners
  Failures = $failures
}
ConvertTo-Json -InputObject $result -Depth 4 -Compress
`;

/** Installed software: every Uninstall key of the machine (64- and 32-bit views) and of each loaded user hive. */
export const WINDOWS_SOFTWARE_SCRIPT = `${PRELUDE}
$suffix = 'Software\\Microsoft\\Windows\\CurrentVersion\\Uninstall'
$roots = @(
  "Registry::HKEY_LOCAL_MACHINE\\SOFTWARE\\Microsoft\\Windows\\CurrentVersion\\Uninstall",
  "Registry::HKEY_LOCAL_MACHINE\\SOFTWARE\\WOW6432Node\\Microsoft\\Windows\\CurrentVersion\\Uninstall"
)
foreach ($hive in @(Get-ChildItem -LiteralPath 'Registry::HKEY_USERS' | Where-Object { $_.PSChildName -notlike '*_Classes' })) {
  $roots += "Registry::HKEY_USERS\\$($hive.PSChildName)\\$suffix"
}
$entries = @(foreach ($root in $roots) {
  if (Test-Path -LiteralPath $root) {
    foreach ($key in @(Get-ChildItem -LiteralPath $root)) {
      $p = Get-ItemProperty -LiteralPath $key.PSPath
      [pscustomobject]@{
        DisplayName = $p.DisplayName
        DisplayVersion = $p.DisplayVersion
        Publisher = $p.Publisher
        SystemComponent = $p.SystemComponent
        ParentKeyName = $p.ParentKeyName
      }
    }
  }
})
ConvertTo-Json -InputObject $entries -Depth 4 -Compress
`;

/** A program of Windows' own System32 folder, by full path (a service's PATH may be minimal). */
export function windowsSystemTool(file: string): string {
  const root = process.env.SystemRoot ?? process.env.windir ?? 'C:\\Windows';
  return path.win32.join(root, 'System32', file);
}

/** Arguments running a script with Windows PowerShell; -EncodedCommand (UTF-16LE, base64) needs no quoting. */
export function powerShellArgs(script: string): string[] {
  return [
    '-NoProfile',
    '-NonInteractive',
    '-ExecutionPolicy',
    'Bypass',
    '-EncodedCommand',
    Buffer.from(script, 'utf16le').toString('base64'),
  ];
}

/** Win32_Processor.Architecture codes. */
const PROCESSOR_ARCHITECTURES: Record<number, string> = {
  0: 'x86',
  5: 'arm',
  6: 'ia64',
  9: 'x64',
  12: 'arm64',
};

/** What the system script tells, ready for the report (machine_id comes from the registry). */
export type WindowsSystemFacts = Omit<MachineFacts, 'machine_id' | 'installed_software'> & {
  /** Win32_ComputerSystemProduct.UUID: a fallback machine id when MachineGuid cannot be read. */
  hardware_uuid: string | null;
};

function cpuInfo(processors: unknown[], osArchitecture: string | null): CpuInfo | null {
  const records = processors.map(asRecord).filter((p) => p !== null);
  if (records.length === 0) return null;
  const first = records[0]!;
  const code = asNumber(first.Architecture);
  const fromOs = osArchitecture?.includes('64')
    ? osArchitecture.toLowerCase().includes('arm')
      ? 'arm64'
      : 'x64'
    : null;
  const sum = (key: string) => {
    const counts = records.map((r) => asCount(r[key]));
    return counts.every((c) => c !== null) ? counts.reduce<number>((a, b) => a + (b ?? 0), 0) : null;
  };
  return {
    processor: asString(first.Name)?.replace(/\s+/g, ' ') ?? null,
    architecture: (code !== null ? PROCESSOR_ARCHITECTURES[code] : undefined) ?? fromOs,
    cores_physical: sum('NumberOfCores'),
    cores_logical: sum('NumberOfLogicalProcessors'),
  };
}

function storage(disks: unknown[]): StorageDevice[] {
  return disks.flatMap((value) => {
    const disk = asRecord(value);
    const id = asString(disk?.DeviceID);
    if (!disk || !id) return [];
    const size = asNumber(disk.Size);
    const free = asNumber(disk.FreeSpace);
    const used = size !== null && free !== null ? Math.max(0, size - free) : null;
    return [
      {
        device: id,
        mountpoint: /^[a-z]:$/i.test(id) ? `${id}\\` : id,
        used_gb: bytesToGb(used),
        total_gb: bytesToGb(size),
        percent: percentOf(used, size),
      },
    ];
  });
}

/** A port reaching a printer over the network: TCP/IP (IP_…, x.x.x.x), WSD, IPP/HTTP or a UNC share. */
function isNetworkPort(port: string | null): boolean {
  if (!port) return false;
  return /^(IP_|WSD|TCPIP|https?:|ipps?:|\\\\)/i.test(port) || /^\d{1,3}(\.\d{1,3}){3}(:\d+)?$/.test(port);
}

function printers(values: unknown[]): Printer[] {
  const list = values.flatMap((value) => {
    const printer = asRecord(value);
    const name = asString(printer?.Name);
    if (!printer || !name) return [];
    const network = asBoolean(printer.Network) === true || isNetworkPort(asString(printer.PortName));
    return [{ name, driver: asString(printer.DriverName), network, shared: asBoolean(printer.Shared) }];
  });
  return uniqueBy(list, (p) => p.name.toLowerCase());
}

function shares(values: unknown[]): SharedFolder[] {
  const list = values.flatMap((value) => {
    const share = asRecord(value);
    const name = asString(share?.Name);
    return share && name ? [{ name, path: asString(share.Path) }] : [];
  });
  return uniqueBy(list, (s) => s.name.toLowerCase());
}

function loggedInUser(owners: unknown[], computerSystemUser: string | null): string | null {
  for (const value of owners) {
    const owner = asRecord(value);
    const user = asString(owner?.User);
    const code = asNumber(owner?.ReturnValue);
    if (!user || (code !== null && code !== 0)) continue;
    const domain = asString(owner?.Domain);
    return domain ? `${domain}\\${user}` : user;
  }
  return computerSystemUser;
}

/** Parses the output of WINDOWS_SYSTEM_SCRIPT; anything missing comes back null or empty. */
export function parseWindowsSystem(json: string | null, fallbackHostname = ''): WindowsSystemFacts {
  const root = asRecord(parseJson(json)) ?? {};
  const cs = asRecord(root.ComputerSystem) ?? {};
  const osInfo = asRecord(root.OperatingSystem) ?? {};
  const caption = asString(osInfo.Caption);
  const version = asString(osInfo.Version);
  const enclosureSerials = asArray(root.Enclosures).map((e) => cleanSerial(asRecord(e)?.SerialNumber));
  const product = asRecord(root.Product) ?? {};
  const uuid = asString(product.UUID);
  return {
    hostname: asString(cs.DNSHostName) ?? asString(cs.Name) ?? fallbackHostname,
    os_type: 'Windows',
    os_version: [caption, version].filter(Boolean).join(' ') || null,
    service_tag:
      cleanSerial(asRecord(root.Bios)?.SerialNumber) ??
      enclosureSerials.find((s) => s !== null) ??
      cleanSerial(product.IdentifyingNumber),
    logged_in_user: loggedInUser(asArray(root.ExplorerOwners), asString(cs.UserName)),
    memory_total_gb: bytesToGb(asNumber(cs.TotalPhysicalMemory)),
    cpu_info: cpuInfo(asArray(root.Processors), asString(osInfo.OSArchitecture)),
    storage_info: storage(asArray(root.LogicalDisks)),
    printers: printers(asArray(root.Printers)),
    shared_folders: shares(asArray(root.Shares)),
    hardware_uuid: uuid && cleanSerial(uuid) ? uuid.toUpperCase() : null,
  };
}

/**
 * Parses the output of WINDOWS_SOFTWARE_SCRIPT the way Programs and Features lists it: entries
 * without DisplayName, system components (SystemComponent = 1) and updates filed under a parent
 * product (ParentKeyName) are left out; duplicates across the registry views are merged.
 */
export function parseWindowsSoftware(json: string | null): InstalledSoftware[] {
  const entries = asArray(parseJson(json)).flatMap((value) => {
    const entry = asRecord(value);
    const name = asString(entry?.DisplayName);
    if (!entry || !name) return [];
    if (asNumber(entry.SystemComponent) === 1) return [];
    if (asString(entry.ParentKeyName)) return [];
    return [{ name, version: asString(entry.DisplayVersion) }];
  });
  return tidySoftware(entries);
}

/** The CIM queries of WINDOWS_SYSTEM_SCRIPT whose failure costs a section, and their class. */
const PART_SECTIONS: Record<string, { section: AgentReportSection; cimClass: string }> = {
  OperatingSystem: { section: 'system', cimClass: 'Win32_OperatingSystem' },
  ComputerSystem: { section: 'memory', cimClass: 'Win32_ComputerSystem' },
  Processors: { section: 'cpu_info', cimClass: 'Win32_Processor' },
  LogicalDisks: { section: 'storage_info', cimClass: 'Win32_LogicalDisk' },
  Printers: { section: 'printers', cimClass: 'Win32_Printer' },
  Shares: { section: 'shared_folders', cimClass: 'Win32_Share' },
};

/** The sections WINDOWS_SYSTEM_SCRIPT covers: all of them but installed software. */
const SYSTEM_SCRIPT_SECTIONS: AgentReportSection[] = AGENT_REPORT_SECTIONS.filter(
  (section) => section !== 'installed_software',
);

/**
 * The sections the system script could not collect: all of them when PowerShell failed or printed
 * no JSON, otherwise those whose CIM query is named in its Failures.
 */
export function windowsSystemErrors(result: CommandResult): SectionErrors {
  const root = result.ok ? asRecord(parseJson(result.stdout)) : null;
  if (!root) {
    const message = result.ok ? 'PowerShell printed no readable inventory' : `PowerShell ${result.reason}`;
    return Object.fromEntries(SYSTEM_SCRIPT_SECTIONS.map((section) => [section, message]));
  }
  const errors: SectionErrors = {};
  for (const [part, detail] of Object.entries(asRecord(root.Failures) ?? {})) {
    const known = PART_SECTIONS[part];
    if (!known) continue;
    const why = asString(detail) ?? 'failed';
    errors[known.section] = `Reading ${known.cimClass} failed: ${why}`.slice(0, 500);
  }
  return errors;
}

function runPowerShell(script: string, timeoutMs: number): Promise<CommandResult> {
  const powershell = windowsSystemTool('WindowsPowerShell\\v1.0\\powershell.exe');
  return execCommand(powershell, powerShellArgs(script), { timeoutMs, env: process.env });
}

export async function collectWindows(): Promise<CollectedFacts> {
  const [system, software] = await Promise.all([
    runPowerShell(WINDOWS_SYSTEM_SCRIPT, 120_000),
    runPowerShell(WINDOWS_SOFTWARE_SCRIPT, 180_000),
  ]);
  const errors = windowsSystemErrors(system);
  const installed = software.ok ? parseJson(software.stdout) : null;
  if (!software.ok) errors.installed_software = `PowerShell ${software.reason}`;
  else if (installed === null) errors.installed_software = 'PowerShell printed no readable program list';
  return {
    facts: {
      ...parseWindowsSystem(system.ok ? system.stdout : null, os.hostname()),
      installed_software: parseWindowsSoftware(software.ok ? software.stdout : null),
    },
    errors,
  };
}
