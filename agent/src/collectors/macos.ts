import { readFile } from 'node:fs/promises';
import os from 'node:os';
import si from 'systeminformation';
import type { AgentReportSection } from '../../../shared/agent-data';
import { execCommand } from '../exec';
import {
  asArray,
  asBoolean,
  asCount,
  asNumber,
  asRecord,
  asString,
  bytesToGb,
  cleanSerial,
  isNetworkUri,
  normalizeArchitecture,
  parseJson,
  round1,
  tidySoftware,
  uniqueBy,
  type InstalledSoftware,
  type Printer,
  type SharedFolder,
} from './common';
import { storageFromFileSystems } from './filesystems';
import {
  addressesFromInterfaces,
  bootTimeFromSysctl,
  bootTimeFromUptime,
  dnsDomain,
  vendorText,
  type NetworkAddresses,
} from './identity';
import { collectSection, SectionError, type CollectedFacts, type SectionErrors } from './sections';

/** macOS collection: system_profiler for the machine, software and printers; systeminformation for disks and CPU. */

export const SYSTEM_PROFILER_ARGS = [
  '-json',
  'SPHardwareDataType',
  'SPSoftwareDataType',
  'SPApplicationsDataType',
  'SPPrintersDataType',
];

export interface MacProfile {
  hostname: string | null;
  os_version: string | null;
  service_tag: string | null;
  /** The short name of the user system_profiler ran for ("John Appleseed (john)" → "john"). */
  user: string | null;
  memory_total_gb: number | null;
  processor: string | null;
  cores_physical: number | null;
  cores_logical: number | null;
  hardware_uuid: string | null;
  /** "MacBook Air (Mac14,2)": the marketing name and the model identifier that tells its generation. */
  model: string | null;
  /** The system firmware's version (boot_rom_version, on Intel and Apple silicon alike). */
  bios_version: string | null;
  /** The build in os_version's parentheses ("macOS 14.2.1 (23C71)" → "23C71"). */
  os_build: string | null;
  installed_software: InstalledSoftware[];
  printers: Printer[];
}

/** "16 GB" / "512 MB" / "1 TB" → gigabytes. */
export function parseMemorySize(value: unknown): number | null {
  const match = /^([\d.,]+)\s*([KMGT])B$/i.exec(asString(value) ?? '');
  if (!match?.[1] || !match[2]) return null;
  const amount = Number(match[1].replace(',', '.'));
  const factor = { K: 1 / 1024 ** 2, M: 1 / 1024, G: 1, T: 1024 }[
    match[2].toUpperCase() as 'K' | 'M' | 'G' | 'T'
  ];
  return Number.isFinite(amount) ? round1(amount * factor) : null;
}

/**
 * SPHardwareDataType's number_processors: an integer count of cores on Intel Macs, or
 * "proc TOTAL:PERFORMANCE:EFFICIENCY" on Apple silicon (which has one thread per core).
 */
function processorCounts(value: unknown): { physical: number | null; logical: number | null } {
  const proc = /^proc\s+(\d+)/.exec(asString(value) ?? '');
  if (proc?.[1]) {
    const cores = Number(proc[1]);
    return { physical: cores, logical: cores };
  }
  return { physical: asCount(value), logical: null };
}

/** Applications the user installed or can see: not macOS's own under /System, not helpers inside other bundles. */
function isListedApplication(path: string | null): boolean {
  if (path === null) return true;
  if (path.startsWith('/System/') || path.startsWith('/Library/Apple/')) return false;
  return !/\.app\/.+\.app$/i.test(path);
}

function printers(values: unknown[]): Printer[] {
  const list = values.flatMap((value) => {
    const printer = asRecord(value);
    const name = asString(printer?._name);
    if (!printer || !name || /^the printers list is empty/i.test(name)) return [];
    const uri = asString(printer.uri);
    return [
      {
        name,
        driver: asString(printer.ppd),
        network: uri === null ? null : isNetworkUri(uri),
        shared: asBoolean(printer.printersharing ?? printer.shared),
      },
    ];
  });
  return uniqueBy(list, (p) => p.name);
}

/** Parses `system_profiler -json SPHardwareDataType SPSoftwareDataType SPApplicationsDataType SPPrintersDataType`. */
export function parseSystemProfiler(json: string | null): MacProfile {
  const root = asRecord(parseJson(json)) ?? {};
  const hardware = asRecord(asArray(root.SPHardwareDataType)[0]) ?? {};
  const software = asRecord(asArray(root.SPSoftwareDataType)[0]) ?? {};
  const counts = processorCounts(hardware.number_processors);
  const userName = asString(software.user_name);
  const uuid = asString(hardware.platform_UUID);
  const applications = asArray(root.SPApplicationsDataType).flatMap((value) => {
    const app = asRecord(value);
    const name = asString(app?._name);
    if (!app || !name || !isListedApplication(asString(app.path))) return [];
    return [{ name, version: asString(app.version) }];
  });
  // Apple silicon names its chip ("Apple M2"); Intel Macs give a type and a speed.
  const chip = asString(hardware.chip_type);
  const cpuType = asString(hardware.cpu_type);
  const speed = asString(hardware.current_processor_speed);
  const osVersion = asString(software.os_version);
  const name = vendorText(hardware.machine_name);
  const identifier = vendorText(hardware.machine_model);
  return {
    hostname: asString(software.local_host_name),
    os_version: osVersion,
    service_tag: cleanSerial(hardware.serial_number),
    user: userName ? (/\(([^()]+)\)\s*$/.exec(userName)?.[1] ?? userName) : null,
    memory_total_gb: parseMemorySize(hardware.physical_memory),
    processor: chip ?? (cpuType && speed ? `${cpuType} @ ${speed}` : cpuType),
    cores_physical: counts.physical,
    cores_logical: counts.logical,
    hardware_uuid: uuid && cleanSerial(uuid) ? uuid.toUpperCase() : null,
    model: name && identifier && name !== identifier ? `${name} (${identifier})` : (name ?? identifier),
    bios_version: vendorText(hardware.boot_rom_version),
    os_build: /\(([0-9A-Za-z]+)\)\s*$/.exec(osVersion ?? '')?.[1] ?? null,
    installed_software: tidySoftware(applications),
    printers: printers(asArray(root.SPPrintersDataType)),
  };
}

/**
 * `sharing -l` (File Sharing's share points; needs root): each share starts with an unindented
 * "name:" line followed by its "path:", then indented per-protocol blocks.
 */
export function parseSharingList(stdout: string | null): SharedFolder[] {
  const shares: SharedFolder[] = [];
  for (const line of (stdout ?? '').split(/\r?\n/)) {
    const name = /^name:\s+(.+)$/.exec(line);
    if (name?.[1]) {
      shares.push({ name: name[1].trim(), path: null });
      continue;
    }
    const path = /^path:\s+(.+)$/.exec(line);
    const current = shares.at(-1);
    if (path?.[1] && current && current.path === null) current.path = path[1].trim();
  }
  return uniqueBy(shares, (s) => s.name);
}

/** What system_profiler could not give costs these sections (disks, CPU and memory come from systeminformation too). */
const PROFILER_SECTIONS: AgentReportSection[] = ['system', 'installed_software', 'printers'];

const noNetwork: NetworkAddresses = { ipv4_addresses: [], mac_addresses: [] };

export async function collectMac(): Promise<CollectedFacts> {
  const errors: SectionErrors = {};
  // systeminformation's answers each get a section's timeout; CPU and memory have the profiler
  // as a second source, so their failure costs the section only when it has no answer either.
  const fallbacks: SectionErrors = {};
  const [profileResult, sharing, cpu, mem, fileSystems, users, build, boottime, resolvConf] =
    await Promise.all([
      // Listing applications makes Spotlight walk the disks: it can take a minute or two.
      execCommand('/usr/sbin/system_profiler', SYSTEM_PROFILER_ARGS, { timeoutMs: 240_000 }),
      execCommand('/usr/sbin/sharing', ['-l'], { timeoutMs: 10_000 }),
      collectSection(fallbacks, 'cpu_info', null, () => si.cpu()),
      collectSection(fallbacks, 'memory', null, () => si.mem()),
      collectSection(errors, 'storage_info', [], async () => {
        const listed = await si.fsSize();
        if (listed.length === 0) throw new SectionError('no file systems could be listed (df)');
        return listed;
      }),
      collectSection({}, 'system', [], () => si.users()),
      execCommand('/usr/bin/sw_vers', ['-buildVersion'], { timeoutMs: 10_000 }),
      execCommand('/usr/sbin/sysctl', ['-n', 'kern.boottime'], { timeoutMs: 10_000 }),
      readFile('/etc/resolv.conf', 'utf8').catch(() => null),
    ]);
  const network = await collectSection(errors, 'network', noNetwork, async () =>
    addressesFromInterfaces(os.networkInterfaces()),
  );
  const profileJson = profileResult.ok ? profileResult.stdout : null;
  if (!profileResult.ok || asRecord(parseJson(profileJson)) === null) {
    const message = profileResult.ok
      ? 'system_profiler printed no readable inventory'
      : `system_profiler ${profileResult.reason}`;
    for (const section of PROFILER_SECTIONS) errors[section] = message;
  }
  // sharing -l needs root: without it the share points are unknown, not absent.
  if (!sharing.ok && !sharing.missing) errors.shared_folders = `sharing -l ${sharing.reason}`;
  const profile = parseSystemProfiler(profileJson);
  const physical = cpu && cpu.physicalCores > 0 ? cpu.physicalCores : profile.cores_physical;
  const logical = cpu && cpu.cores > 0 ? cpu.cores : profile.cores_logical;
  const brand = [cpu?.manufacturer, cpu?.brand].filter(Boolean).join(' ');
  const memoryTotal = mem && asNumber(mem.total) ? bytesToGb(mem.total) : profile.memory_total_gb;
  if (fallbacks.cpu_info && !profile.processor && physical === null) errors.cpu_info = fallbacks.cpu_info;
  if (fallbacks.memory && memoryTotal === null) errors.memory = fallbacks.memory;
  const hostname = os.hostname() || profile.hostname || '';
  return {
    facts: {
      hostname,
      os_type: 'macOS',
      os_version: profile.os_version ?? `macOS ${os.release()}`,
      service_tag: profile.service_tag,
      logged_in_user: users[0]?.user || profile.user || process.env.USER || null,
      manufacturer: 'Apple',
      model: profile.model,
      bios_version: profile.bios_version,
      os_build: (build.ok ? vendorText(build.stdout) : null) ?? profile.os_build,
      domain: dnsDomain({ hostname, resolvConf }),
      last_boot: bootTimeFromSysctl(boottime.ok ? boottime.stdout : null) ?? bootTimeFromUptime(os.uptime()),
      ...network,
      memory_total_gb: memoryTotal,
      cpu_info: {
        processor: profile.processor ?? (brand || null),
        architecture: normalizeArchitecture(os.machine()),
        cores_physical: physical,
        cores_logical: logical,
      },
      storage_info: storageFromFileSystems(fileSystems),
      shared_folders: parseSharingList(sharing.ok ? sharing.stdout : null),
      printers: profile.printers,
      installed_software: profile.installed_software,
      hardware_uuid: profile.hardware_uuid,
    },
    errors,
  };
}
