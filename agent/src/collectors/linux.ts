import { access, readdir, readFile } from 'node:fs/promises';
import os from 'node:os';
import si from 'systeminformation';
import { execCommand, runCommand, type CommandResult } from '../exec';
import {
  bytesToGb,
  cleanSerial,
  isNetworkUri,
  normalizeArchitecture,
  tidySoftware,
  uniqueBy,
  type CpuInfo,
  type InstalledSoftware,
  type Printer,
  type SharedFolder,
} from './common';
import { storageFromFileSystems } from './filesystems';
import {
  addressesFromInterfaces,
  bootTimeFromProcStat,
  bootTimeFromUptime,
  dnsDomain,
  isVirtualInterface,
  vendorText,
  type NetworkAddresses,
} from './identity';
import { collectSection, outputOf, SectionError, type CollectedFacts, type SectionErrors } from './sections';

/** Linux collection: systeminformation for the hardware, the distribution's tools for the rest. */

/** Query formats, passed as written: dpkg-query and rpm expand the backslash escapes themselves. */
export const DPKG_FORMAT = '${db:Status-Abbrev}\\t${Package}\\t${Version}\\n';
export const RPM_FORMAT = '%{NAME}\\t%{VERSION}-%{RELEASE}\\n';

/**
 * `dpkg-query -W -f='${db:Status-Abbrev}\t${Package}\t${Version}\n'`: installed packages only
 * (status "ii" or held "hi"; removed packages whose configuration remains are "rc").
 * Lines without a status column (`${Package}\t${Version}`) are all taken.
 */
export function parseDpkgQuery(stdout: string | null): InstalledSoftware[] {
  const items = (stdout ?? '').split('\n').flatMap((line) => {
    const fields = line.replace(/\r$/, '').split('\t');
    const [status, name, version] = fields.length >= 3 ? fields : [null, fields[0], fields[1]];
    if (status !== null && !/^[ih]i/.test(status ?? '')) return [];
    const trimmed = name?.trim();
    return trimmed ? [{ name: trimmed, version: version?.trim() || null }] : [];
  });
  return tidySoftware(items);
}

/** `rpm -qa --queryformat '%{NAME}\t%{VERSION}-%{RELEASE}\n'`; the gpg-pubkey pseudo-packages are skipped. */
export function parseRpmQuery(stdout: string | null): InstalledSoftware[] {
  const items = (stdout ?? '').split('\n').flatMap((line) => {
    const [name, version] = line.replace(/\r$/, '').split('\t');
    const trimmed = name?.trim();
    if (!trimmed || trimmed === 'gpg-pubkey') return [];
    const clean = version?.trim().replace(/-\(none\)$/, '');
    return [{ name: trimmed, version: clean || null }];
  });
  return tidySoftware(items);
}

/** `lpstat -v`: "device for NAME: URI" per queue → name → device URI. */
export function parseLpstatDevices(stdout: string | null): Map<string, string> {
  const devices = new Map<string, string>();
  for (const line of (stdout ?? '').split('\n')) {
    const match = /^device for (.+?):\s+(\S.*)$/.exec(line.trim());
    if (match?.[1] && match[2]) devices.set(match[1], match[2].trim());
  }
  return devices;
}

/** `lpstat -p`: "printer NAME is idle. …" / "printer NAME disabled since …" → queue names. */
export function parseLpstatPrinters(stdout: string | null): string[] {
  return (stdout ?? '').split('\n').flatMap((line) => {
    const match = /^printer (\S+)/.exec(line);
    return match?.[1] ? [match[1]] : [];
  });
}

/** Splits `lpoptions` output (space-separated key=value, values quoted with ' or " or backslash-escaped). */
export function parseLpoptions(stdout: string | null): Map<string, string> {
  const options = new Map<string, string>();
  const text = stdout ?? '';
  let i = 0;
  while (i < text.length) {
    while (i < text.length && /\s/.test(text[i]!)) i++;
    let key = '';
    while (i < text.length && text[i] !== '=' && !/\s/.test(text[i]!)) key += text[i++];
    let value = '';
    if (text[i] === '=') {
      i++;
      let quote: string | null = null;
      while (i < text.length) {
        const c = text[i]!;
        if (quote) {
          if (c === quote) quote = null;
          else if (c === '\\' && i + 1 < text.length) value += text[++i];
          else value += c;
        } else if (c === "'" || c === '"') quote = c;
        else if (c === '\\' && i + 1 < text.length) value += text[++i];
        else if (/\s/.test(c)) break;
        else value += c;
        i++;
      }
    }
    if (key) options.set(key, value);
  }
  return options;
}

/** Printers from `lpstat -p` and `lpstat -v`, with driver and sharing from each queue's `lpoptions -p`. */
export function printersFromCups(
  lpstatPrinters: string | null,
  lpstatDevices: string | null,
  lpoptionsByPrinter: ReadonlyMap<string, string | null> = new Map(),
): Printer[] {
  const devices = parseLpstatDevices(lpstatDevices);
  const names = uniqueBy([...parseLpstatPrinters(lpstatPrinters), ...devices.keys()], (n) => n);
  return names.map((name) => {
    const options = parseLpoptions(lpoptionsByPrinter.get(name) ?? null);
    const uri = devices.get(name) ?? options.get('device-uri') ?? null;
    const shared = options.get('printer-is-shared');
    return {
      name,
      driver: options.get('printer-make-and-model')?.trim() || null,
      network: uri === null ? null : isNetworkUri(uri),
      shared: shared === 'true' ? true : shared === 'false' ? false : null,
    };
  });
}

/** Samba sections that are not folders shared by this machine. */
const NOT_SHARES = new Set(['global', 'printers', 'print$']);

/**
 * Share sections of an smb.conf-style text (also `net usershare info`): name and `path`
 * (or its synonym `directory`). [global], [printers], [print$], printable and unavailable
 * sections are skipped.
 */
export function parseSmbConf(text: string | null): SharedFolder[] {
  const sections: { name: string; values: Map<string, string> }[] = [];
  const lines = (text ?? '').replace(/\\\r?\n/g, ' ').split(/\r?\n/);
  for (const raw of lines) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#') || line.startsWith(';')) continue;
    const section = /^\[(.+)\]$/.exec(line);
    if (section?.[1]) {
      sections.push({ name: section[1].trim(), values: new Map() });
      continue;
    }
    const eq = line.indexOf('=');
    const current = sections.at(-1);
    if (eq > 0 && current) {
      const key = line.slice(0, eq).trim().toLowerCase().replace(/\s+/g, ' ');
      current.values.set(key, line.slice(eq + 1).trim());
    }
  }
  const no = (value: string | undefined) => ['no', 'false', '0'].includes((value ?? '').toLowerCase());
  const yes = (value: string | undefined) => ['yes', 'true', '1'].includes((value ?? '').toLowerCase());
  const shares = sections.filter(
    (s) =>
      s.name !== '' &&
      !NOT_SHARES.has(s.name.toLowerCase()) &&
      !no(s.values.get('available')) &&
      !yes(s.values.get('printable')) &&
      !yes(s.values.get('print ok')),
  );
  return uniqueBy(
    shares.map((s) => ({ name: s.name, path: (s.values.get('path') ?? s.values.get('directory')) || null })),
    (s) => s.name.toLowerCase(),
  );
}

/** The first serial number that is not a placeholder, in the order given. */
export function pickServiceTag(...candidates: unknown[]): string | null {
  for (const candidate of candidates) {
    const serial = cleanSerial(candidate);
    if (serial) return serial;
  }
  return null;
}

/** "Intel" + "Xeon® Processor" → "Intel Xeon® Processor", without repeating a brand already named. */
export function processorName(manufacturer: string, brand: string): string | null {
  const m = manufacturer.trim();
  const b = brand.trim().replace(/\s+/g, ' ');
  if (!b) return m || null;
  return m && !b.toLowerCase().startsWith(m.toLowerCase()) ? `${m} ${b}` : b;
}

async function readText(file: string): Promise<string | null> {
  try {
    return await readFile(file, 'utf8');
  } catch {
    return null;
  }
}

/** dpkg, else rpm; a machine with neither, or whose package database does not answer, has no list. */
async function installedSoftware(): Promise<InstalledSoftware[]> {
  const dpkg = await execCommand('dpkg-query', ['-W', `-f=${DPKG_FORMAT}`], { timeoutMs: 60_000 });
  if (dpkg.ok || !dpkg.missing) return parseDpkgQuery(outputOf(dpkg, 'dpkg-query'));
  const rpm = await execCommand('rpm', ['-qa', '--queryformat', RPM_FORMAT], { timeoutMs: 120_000 });
  if (rpm.ok || !rpm.missing) return parseRpmQuery(outputOf(rpm, 'rpm'));
  throw new SectionError('no package database found (neither dpkg-query nor rpm is installed)');
}

/**
 * A printing or sharing tool's output. Not installed, or exiting with an error ("No destinations
 * added", usershares disabled), means there is nothing of that kind; a hang is a failure.
 */
function optionalOutput(result: CommandResult, program: string): string | null {
  if (result.ok) return result.stdout;
  if (result.missing || result.reason.startsWith('exited')) return null;
  throw new SectionError(`${program} ${result.reason}`);
}

/** CUPS queues; at most this many `lpoptions` calls per report. */
const MAX_PRINTER_LOOKUPS = 100;

async function cupsPrinters(): Promise<Printer[]> {
  const [printersOut, devicesOut] = await Promise.all([
    execCommand('lpstat', ['-p'], { timeoutMs: 10_000 }).then((r) => optionalOutput(r, 'lpstat -p')),
    execCommand('lpstat', ['-v'], { timeoutMs: 10_000 }).then((r) => optionalOutput(r, 'lpstat -v')),
  ]);
  const names = uniqueBy(
    [...parseLpstatPrinters(printersOut), ...parseLpstatDevices(devicesOut).keys()],
    (n) => n,
  );
  const lpoptions = new Map<string, string | null>();
  for (const name of names.slice(0, MAX_PRINTER_LOOKUPS)) {
    lpoptions.set(name, await runCommand('lpoptions', ['-p', name], { timeoutMs: 10_000 }));
  }
  return printersFromCups(printersOut, devicesOut, lpoptions);
}

async function sambaShares(): Promise<SharedFolder[]> {
  const [usershares, smbConf] = await Promise.all([
    execCommand('net', ['usershare', 'info'], { timeoutMs: 10_000 }).then((r) =>
      optionalOutput(r, 'net usershare info'),
    ),
    readText('/etc/samba/smb.conf'),
  ]);
  return uniqueBy([...parseSmbConf(smbConf), ...parseSmbConf(usershares)], (s) => s.name.toLowerCase());
}

type LinuxSystem = Pick<
  CollectedFacts['facts'],
  | 'hostname'
  | 'os_version'
  | 'service_tag'
  | 'logged_in_user'
  | 'manufacturer'
  | 'model'
  | 'bios_version'
  | 'os_build'
  | 'domain'
  | 'last_boot'
>;

/** The firmware's DMI fields as the kernel exposes them (absent in containers and on most ARM boards). */
const DMI = '/sys/class/dmi/id';

/** `hostname -d` resolves the host name: a broken resolver must not hold the report up. */
async function hostnameDomain(): Promise<string | null> {
  const result = await execCommand('hostname', ['-d'], { timeoutMs: 5_000 });
  return result.ok ? result.stdout.trim() : null;
}

async function linuxSystem(): Promise<LinuxSystem> {
  const [osInfo, system, chassis, users, vendor, product, bios, procStat, domainOut, resolvConf] =
    await Promise.all([
      si.osInfo(),
      si.system(),
      si.chassis(),
      si.users(),
      readText(`${DMI}/sys_vendor`),
      readText(`${DMI}/product_name`),
      readText(`${DMI}/bios_version`),
      readText('/proc/stat'),
      hostnameDomain(),
      readText('/etc/resolv.conf'),
    ]);
  const distro = [osInfo.distro, osInfo.release].filter((s) => s && s !== 'unknown').join(' ');
  const hostname = osInfo.hostname || os.hostname();
  return {
    hostname,
    os_version: distro || `Linux ${os.release()}`,
    service_tag: pickServiceTag(system.serial, chassis.serial),
    logged_in_user: users[0]?.user || process.env.USER || process.env.LOGNAME || null,
    manufacturer: vendorText(vendor),
    model: vendorText(product),
    bios_version: vendorText(bios),
    os_build: os.release() || null,
    domain: dnsDomain({ hostname, hostnameDomain: domainOut, resolvConf }),
    last_boot: bootTimeFromProcStat(procStat) ?? bootTimeFromUptime(os.uptime()),
  };
}

/** Whether /sys/class/net/<name> is a device on a bus (PCI, USB, virtio), not a software interface. */
async function hasDevice(name: string): Promise<boolean> {
  try {
    await access(`/sys/class/net/${name}/device`);
    return true;
  } catch {
    return false;
  }
}

/**
 * The addresses of the adapters that are up, and the MAC of every hardware adapter, up or not (a
 * laptop's Wi-Fi when it is on the cable): the MACs an asset record may hold.
 */
async function linuxNetwork(): Promise<NetworkAddresses> {
  const interfaces = os.networkInterfaces();
  let names: string[] = [];
  try {
    names = await readdir('/sys/class/net');
  } catch {
    // no sysfs (a restricted container): the interfaces that are up are all there is to read
  }
  const hardware = (
    await Promise.all(
      names
        .filter((name) => !isVirtualInterface(name))
        .map(async (name) => ((await hasDevice(name)) ? readText(`/sys/class/net/${name}/address`) : null)),
    )
  ).flatMap((mac) => (mac ? [mac.trim()] : []));
  return addressesFromInterfaces(interfaces, hardware);
}

async function linuxCpu(): Promise<CpuInfo> {
  const cpu = await si.cpu();
  return {
    processor: processorName(cpu.manufacturer, cpu.brand),
    architecture: normalizeArchitecture(os.machine()),
    cores_physical: cpu.physicalCores > 0 ? cpu.physicalCores : null,
    cores_logical: cpu.cores > 0 ? cpu.cores : null,
  };
}

export async function collectLinux(): Promise<CollectedFacts> {
  const errors: SectionErrors = {};
  const noSystem: LinuxSystem = {
    hostname: os.hostname(),
    os_version: null,
    service_tag: null,
    logged_in_user: null,
    manufacturer: null,
    model: null,
    bios_version: null,
    os_build: null,
    domain: null,
    last_boot: null,
  };
  const noNetwork: NetworkAddresses = { ipv4_addresses: [], mac_addresses: [] };
  const [system, network, cpuInfo, memory, storage, software, printers, shares] = await Promise.all([
    collectSection(errors, 'system', noSystem, linuxSystem),
    collectSection(errors, 'network', noNetwork, linuxNetwork),
    collectSection(errors, 'cpu_info', null, linuxCpu),
    collectSection(errors, 'memory', null, async () => {
      const total = bytesToGb((await si.mem()).total);
      if (!total) throw new SectionError('the memory size could not be read');
      return total;
    }),
    collectSection(errors, 'storage_info', [], async () => {
      // Every Linux machine has file systems: none listed means df failed.
      const fileSystems = await si.fsSize();
      if (fileSystems.length === 0) throw new SectionError('no file systems could be listed (df)');
      return storageFromFileSystems(fileSystems);
    }),
    collectSection(errors, 'installed_software', [], installedSoftware),
    collectSection(errors, 'printers', [], cupsPrinters),
    collectSection(errors, 'shared_folders', [], sambaShares),
  ]);
  return {
    facts: {
      ...system,
      ...network,
      os_type: 'Linux',
      memory_total_gb: memory,
      cpu_info: cpuInfo,
      storage_info: storage,
      shared_folders: shares,
      printers,
      installed_software: software,
      hardware_uuid: null,
    },
    errors,
  };
}
