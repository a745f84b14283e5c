import { access } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { AGENT_REPORT_SECTIONS, type AgentReportSection } from '../../../shared/agent-data';
import { execCommand, type CommandResult } from '../exec';
import { isSingleExecutable } from '../executable';
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
import {
  distinct,
  usableIpv4,
  usableMac,
  vendorText,
  windowsBootTime,
  type NetworkAddresses,
} from './identity';
import type { CollectedFacts, SectionErrors } from './sections';

/**
 * Windows collection: two PowerShell scripts shipped (and signed) with the agent in collectors\ —
 * agent/windows/collectors/system.ps1 (CIM for the machine) and software.ps1 (the registry's
 * Uninstall keys) — whose JSON output the pure parsers below read. They run as files, with the
 * RemoteSigned policy: no inline encoded command and no policy bypass, the pattern endpoint
 * detection tools alert on; under a Group Policy of AllSigned the signed files still run.
 * Win32_Product is never queried: enumerating it makes Windows Installer re-check, and sometimes
 * repair, every MSI package.
 */

export const WINDOWS_COLLECTOR_SCRIPTS = { system: 'system.ps1', software: 'software.ps1' } as const;

/** How long each script may take: CIM on a busy machine is slow; a large registry slower. */
export const WINDOWS_SCRIPT_TIMEOUT_MS = { system: 120_000, software: 180_000 } as const;

/**
 * The folder of the collector scripts: collectors\ beside the executable when installed (the
 * package ships them there), agent/windows/collectors in the repository when run from source
 * (the entry is agent/src/main.ts).
 */
export function collectorScriptsDir(location: {
  isSingleExecutable: boolean;
  execPath: string;
  mainScript: string;
}): string {
  return location.isSingleExecutable
    ? path.join(path.dirname(location.execPath), 'collectors')
    : path.resolve(path.dirname(location.mainScript), '..', 'windows', 'collectors');
}

/** A program of Windows' own System32 folder, by full path (a service's PATH may be minimal). */
export function windowsSystemTool(file: string): string {
  const root = process.env.SystemRoot ?? process.env.windir ?? 'C:\\Windows';
  return path.win32.join(root, 'System32', file);
}

/** Arguments running a collector script file with Windows PowerShell, under the RemoteSigned policy. */
export function powerShellArgs(scriptFile: string): string[] {
  return ['-NoProfile', '-NonInteractive', '-ExecutionPolicy', 'RemoteSigned', '-File', scriptFile];
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

/** Network adapters that are software, whatever Windows says of them: VM host-only networks, VPN taps, miniports. */
const VIRTUAL_ADAPTERS =
  /VirtualBox|VMware Virtual|TAP-Windows|Wintun|WireGuard|WAN Miniport|Loopback|Npcap|Teredo|ISATAP|Kernel Debug|Wi-Fi Direct Virtual/i;

/**
 * The IPv4 and MAC addresses of the IP-enabled adapters (Win32_NetworkAdapterConfiguration) that
 * are hardware: Win32_NetworkAdapter's PhysicalAdapter, when that list was read, and not a known
 * software adapter by description.
 */
export function windowsAddresses(configurations: unknown[], physical: unknown[]): NetworkAddresses {
  const physicalIndexes = new Set(physical.map((adapter) => asNumber(asRecord(adapter)?.Index)));
  const adapters = configurations.flatMap((value) => {
    const adapter = asRecord(value);
    if (!adapter || VIRTUAL_ADAPTERS.test(asString(adapter.Description) ?? '')) return [];
    if (physical.length > 0 && !physicalIndexes.has(asNumber(adapter.Index))) return [];
    return [adapter];
  });
  return {
    ipv4_addresses: distinct(adapters.flatMap((adapter) => asArray(adapter.IPAddress).map(usableIpv4))),
    mac_addresses: distinct(adapters.map((adapter) => usableMac(adapter.MACAddress))),
  };
}

/** Version and update build revision: "10.0.22631" and UBR 4460 → "10.0.22631.4460", what winver shows. */
function osBuild(osInfo: Record<string, unknown>, currentVersion: Record<string, unknown>): string | null {
  const version = asString(osInfo.Version) ?? asString(osInfo.BuildNumber);
  const ubr = asCount(currentVersion.UBR);
  return version && ubr !== null ? `${version}.${ubr}` : version;
}

/** A domain member's DNS domain, else the workgroup it is in (Win32_ComputerSystem.Domain holds either). */
function domainOrWorkgroup(cs: Record<string, unknown>): string | null {
  if (asBoolean(cs.PartOfDomain) === false) return asString(cs.Workgroup) ?? asString(cs.Domain);
  return asString(cs.Domain);
}

/** Parses the output of system.ps1; anything missing comes back null or empty. */
export function parseWindowsSystem(json: string | null, fallbackHostname = ''): WindowsSystemFacts {
  const root = asRecord(parseJson(json)) ?? {};
  const cs = asRecord(root.ComputerSystem) ?? {};
  const osInfo = asRecord(root.OperatingSystem) ?? {};
  const caption = asString(osInfo.Caption);
  const version = asString(osInfo.Version);
  const enclosureSerials = asArray(root.Enclosures).map((e) => cleanSerial(asRecord(e)?.SerialNumber));
  const product = asRecord(root.Product) ?? {};
  const uuid = asString(product.UUID);
  const bios = asRecord(root.Bios) ?? {};
  return {
    hostname: asString(cs.DNSHostName) ?? asString(cs.Name) ?? fallbackHostname,
    os_type: 'Windows',
    os_version: [caption, version].filter(Boolean).join(' ') || null,
    service_tag:
      cleanSerial(bios.SerialNumber) ??
      enclosureSerials.find((s) => s !== null) ??
      cleanSerial(product.IdentifyingNumber),
    logged_in_user: loggedInUser(asArray(root.ExplorerOwners), asString(cs.UserName)),
    manufacturer: vendorText(cs.Manufacturer),
    model: vendorText(cs.Model),
    bios_version: vendorText(bios.SMBIOSBIOSVersion),
    os_build: osBuild(osInfo, asRecord(root.CurrentVersion) ?? {}),
    domain: domainOrWorkgroup(cs),
    last_boot: windowsBootTime(osInfo.LastBootUpTime),
    ...windowsAddresses(asArray(root.NetworkAdapters), asArray(root.PhysicalAdapters)),
    memory_total_gb: bytesToGb(asNumber(cs.TotalPhysicalMemory)),
    cpu_info: cpuInfo(asArray(root.Processors), asString(osInfo.OSArchitecture)),
    storage_info: storage(asArray(root.LogicalDisks)),
    printers: printers(asArray(root.Printers)),
    shared_folders: shares(asArray(root.Shares)),
    hardware_uuid: uuid && cleanSerial(uuid) ? uuid.toUpperCase() : null,
  };
}

/**
 * Parses the output of software.ps1 the way Programs and Features lists it: entries
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

/**
 * The CIM queries of system.ps1 whose failure costs sections, and their class. Win32_ComputerSystem
 * gives the memory size and the manufacturer, model and domain; without it the system section is
 * not sent rather than sent with those empty.
 */
const PART_SECTIONS: Record<string, { sections: AgentReportSection[]; cimClass: string }> = {
  OperatingSystem: { sections: ['system'], cimClass: 'Win32_OperatingSystem' },
  ComputerSystem: { sections: ['system', 'memory'], cimClass: 'Win32_ComputerSystem' },
  Bios: { sections: ['system'], cimClass: 'Win32_BIOS' },
  Processors: { sections: ['cpu_info'], cimClass: 'Win32_Processor' },
  LogicalDisks: { sections: ['storage_info'], cimClass: 'Win32_LogicalDisk' },
  Printers: { sections: ['printers'], cimClass: 'Win32_Printer' },
  Shares: { sections: ['shared_folders'], cimClass: 'Win32_Share' },
  NetworkAdapters: { sections: ['network'], cimClass: 'Win32_NetworkAdapterConfiguration' },
  PhysicalAdapters: { sections: ['network'], cimClass: 'Win32_NetworkAdapter' },
};

/** The sections system.ps1 covers: all of them but installed software. */
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
    for (const section of known.sections) {
      errors[section] ??= `Reading ${known.cimClass} failed: ${why}`.slice(0, 500);
    }
  }
  return errors;
}

export type CommandRunner = typeof execCommand;

/** Runs one collector script; a script missing from the installation is said so, not left to PowerShell. */
async function runScript(
  dir: string,
  script: keyof typeof WINDOWS_COLLECTOR_SCRIPTS,
  run: CommandRunner,
): Promise<CommandResult> {
  const file = path.join(dir, WINDOWS_COLLECTOR_SCRIPTS[script]);
  try {
    await access(file);
  } catch {
    return {
      ok: false,
      missing: false,
      reason: `could not run ${file}: the file is missing (reinstall the agent)`,
    };
  }
  const powershell = windowsSystemTool('WindowsPowerShell\\v1.0\\powershell.exe');
  return run(powershell, powerShellArgs(file), {
    timeoutMs: WINDOWS_SCRIPT_TIMEOUT_MS[script],
    env: process.env,
  });
}

export interface WindowsCollectOptions {
  /** Where system.ps1 and software.ps1 are; by default collectorScriptsDir of this process. */
  scriptsDir?: string;
  /** How a program is run (tests record the command lines here). */
  run?: CommandRunner;
}

async function defaultScriptsDir(): Promise<string> {
  return collectorScriptsDir({
    isSingleExecutable: await isSingleExecutable(),
    execPath: process.execPath,
    mainScript: process.argv[1] ?? process.cwd(),
  });
}

export async function collectWindows(options: WindowsCollectOptions = {}): Promise<CollectedFacts> {
  const dir = options.scriptsDir ?? (await defaultScriptsDir());
  const run = options.run ?? execCommand;
  const [system, software] = await Promise.all([
    runScript(dir, 'system', run),
    runScript(dir, 'software', run),
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
