import { isIPv4 } from 'node:net';
import type { NetworkInterfaceInfo } from 'node:os';
import { asString } from './common';

/**
 * The machine's identity beyond its serial (issue 27): vendor texts, boot time, DNS domain and
 * network addresses, read the same way by the three collectors. Pure functions: the collectors
 * hand them what the operating system printed.
 */

/** A machine's IPv4 and MAC addresses, distinct, in the order first seen. */
export interface NetworkAddresses {
  ipv4_addresses: string[];
  mac_addresses: string[];
}

/** Placeholders firmware vendors leave in the manufacturer, model and BIOS fields, compared in lower case. */
const VENDOR_PLACEHOLDERS = new Set([
  'to be filled by o.e.m.',
  'to be filled by oem',
  'system manufacturer',
  'system product name',
  'system version',
  'default string',
  'not specified',
  'not applicable',
  'not available',
  'o.e.m.',
  'oem',
  'none',
  'unknown',
  'n/a',
  '-',
]);

/** A manufacturer, model or BIOS version, or null for an empty value or a vendor placeholder. */
export function vendorText(value: unknown): string | null {
  const text = asString(value)?.replace(/\s+/g, ' ') ?? null;
  return text === null || VENDOR_PLACEHOLDERS.has(text.toLowerCase()) ? null : text;
}

/** An ISO 8601 time from seconds since 1970, or null when it is not a plausible boot time. */
export function isoFromEpochSeconds(seconds: number | null, now = Date.now()): string | null {
  if (seconds === null || !Number.isFinite(seconds) || seconds <= 0) return null;
  const ms = Math.round(seconds) * 1000;
  return ms > now + 60_000 ? null : new Date(ms).toISOString();
}

/**
 * /proc/stat's "btime" line: the boot time in whole seconds, the same in every report (a time
 * worked out from the uptime would move by a fraction of a second each time).
 */
export function bootTimeFromProcStat(text: string | null): string | null {
  const match = /^btime\s+(\d+)\s*$/m.exec(text ?? '');
  return isoFromEpochSeconds(match?.[1] ? Number(match[1]) : null);
}

/** macOS `sysctl -n kern.boottime`: "{ sec = 1700000000, usec = 123456 } Tue Nov 14 22:13:20 2023". */
export function bootTimeFromSysctl(text: string | null): string | null {
  const match = /\bsec\s*=\s*(\d+)/.exec(text ?? '');
  return isoFromEpochSeconds(match?.[1] ? Number(match[1]) : null);
}

/** The boot time worked out from the uptime, to the second: when the system's own record is unreadable. */
export function bootTimeFromUptime(uptimeSeconds: number, now = Date.now()): string | null {
  return isoFromEpochSeconds(Math.floor(now / 1000 - uptimeSeconds), now);
}

/**
 * Windows' LastBootUpTime as system.ps1 writes it (ISO 8601), or as PowerShell 5.1 serialises a
 * date left as it is ("/Date(1700000000000)/"), or in CIM's DMTF form ("20231114221320.500000+060").
 */
export function windowsBootTime(value: unknown): string | null {
  const text = asString(value);
  if (text === null) return null;
  const epoch = /^\/Date\((-?\d+)([+-]\d{4})?\)\/$/.exec(text);
  if (epoch?.[1]) return isoFromEpochSeconds(Number(epoch[1]) / 1000);
  const dmtf = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(?:\.\d+)?([+-])(\d{3})$/.exec(text);
  if (dmtf) {
    const [, y, mo, d, h, mi, s, sign, offset] = dmtf;
    const utc = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
    const minutes = Number(offset) * (sign === '-' ? -1 : 1);
    return isoFromEpochSeconds((utc - minutes * 60_000) / 1000);
  }
  const parsed = Date.parse(text);
  if (!/^\d{4}-\d{2}-\d{2}T/.test(text) || Number.isNaN(parsed)) return null;
  return isoFromEpochSeconds(Math.floor(parsed / 1000));
}

/** Names that are not a DNS domain: mDNS's, and the placeholders of /etc/hosts and `hostname -d`. */
const NOT_DOMAINS = new Set(['local', 'localdomain', 'localhost', '(none)']);

function domainName(value: string | null | undefined): string | null {
  const domain = value?.trim().toLowerCase().replace(/\.$/, '') ?? '';
  if (domain === '' || NOT_DOMAINS.has(domain) || !/^[a-z0-9_-]+(\.[a-z0-9_-]+)*$/.test(domain)) return null;
  return domain;
}

/** /etc/resolv.conf's "domain", else the first "search" entry; the last of each line wins, as for the resolver. */
export function resolvConfDomain(text: string | null): string | null {
  let domain: string | null = null;
  let search: string | null = null;
  for (const raw of (text ?? '').split(/\r?\n/)) {
    const [keyword, ...values] = raw
      .replace(/[#;].*$/, '')
      .trim()
      .split(/\s+/);
    if (keyword === 'domain') domain = domainName(values[0]);
    if (keyword === 'search') search = values.map(domainName).find((d) => d !== null) ?? null;
  }
  return domain ?? search;
}

/**
 * A Linux or macOS machine's DNS domain: its host name's when that is fully qualified, else what
 * `hostname -d` resolved, else the resolver's domain or first search domain; null when none.
 */
export function dnsDomain(sources: {
  hostname: string;
  hostnameDomain?: string | null;
  resolvConf?: string | null;
}): string | null {
  const dot = sources.hostname.indexOf('.');
  return (
    (dot > 0 ? domainName(sources.hostname.slice(dot + 1)) : null) ??
    domainName(sources.hostnameDomain) ??
    resolvConfDomain(sources.resolvConf ?? null)
  );
}

/** An IPv4 address of a real adapter: not loopback (127/8), link-local (169.254/16) or unspecified. */
export function usableIpv4(value: unknown): string | null {
  const address = asString(value);
  if (address === null || !isIPv4(address)) return null;
  if (/^(127\.|169\.254\.|0\.)/.test(address) || address === '255.255.255.255') return null;
  return address;
}

/** A MAC address written AA:BB:CC:DD:EE:FF, or null when malformed, all zero or broadcast. */
export function usableMac(value: unknown): string | null {
  const hex = asString(value)?.replace(/[:-]/g, '').toUpperCase() ?? '';
  if (!/^[0-9A-F]{12}$/.test(hex) || /^0+$/.test(hex) || /^F+$/.test(hex)) return null;
  return hex.replace(/(..)(?!$)/g, '$1:');
}

/**
 * Adapters that are not the machine's own hardware: loopback, container and VM bridges, veth
 * pairs, tunnels (Linux); Apple's tunnels, AirDrop and Thunderbolt bridge (macOS).
 */
const VIRTUAL_INTERFACES =
  /^(lo\d*|docker\d*|veth|br-|virbr|vnet|vmnet|vboxnet|cni|flannel|cali|weave|kube-|tun|tap|wg|zt|tailscale|ifb|dummy|sit|ip6tnl|gre|utun|awdl|llw|bridge|anpi|ap\d|gif|stf|vmenet|feth)/i;

export function isVirtualInterface(name: string): boolean {
  return VIRTUAL_INTERFACES.test(name);
}

/** Distinct values, in the order first seen, without the nulls. */
export function distinct(values: readonly (string | null)[]): string[] {
  return [...new Set(values.filter((value) => value !== null))];
}

/**
 * The addresses of os.networkInterfaces(): real adapters only (not internal, not a virtual
 * bridge or tunnel by name), IPv4 without loopback or link-local, MACs without all-zero ones.
 */
export function addressesFromInterfaces(
  interfaces: NodeJS.Dict<NetworkInterfaceInfo[]>,
  extraMacs: readonly string[] = [],
): NetworkAddresses {
  const entries = Object.entries(interfaces).flatMap(([name, infos]) =>
    isVirtualInterface(name) ? [] : (infos ?? []).filter((info) => !info.internal),
  );
  return {
    ipv4_addresses: distinct(
      entries.map((info) => (info.family === 'IPv4' ? usableIpv4(info.address) : null)),
    ),
    mac_addresses: distinct([...entries.map((info) => usableMac(info.mac)), ...extraMacs.map(usableMac)]),
  };
}
