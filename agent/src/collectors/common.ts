import type { z } from 'zod';
import type {
  CompleteAgentReport,
  cpuInfoSchema,
  installedSoftwareSchema,
  printerSchema,
  sharedFolderSchema,
  storageDeviceSchema,
} from '../../../shared/agent-data';
import { cleanSerialNumber } from '../../../shared/serial-number';

/** What a collector finds about its machine: the report without the agent's own fields. */
export type MachineFacts = Omit<
  CompleteAgentReport,
  'agent_version' | 'update_available' | 'collection_errors'
>;
export type CpuInfo = z.output<typeof cpuInfoSchema>;
export type StorageDevice = z.output<typeof storageDeviceSchema>;
export type SharedFolder = z.output<typeof sharedFolderSchema>;
export type Printer = z.output<typeof printerSchema>;
export type InstalledSoftware = z.output<typeof installedSoftwareSchema>;

const GIB = 1024 ** 3;

export function round1(value: number): number {
  return Math.round(value * 10) / 10;
}

/** Bytes to gigabytes (1024³, as Windows Explorer and `df -h` count them), rounded to 0.1. */
export function bytesToGb(bytes: number | null): number | null {
  if (bytes === null || !Number.isFinite(bytes) || bytes < 0) return null;
  return round1(bytes / GIB);
}

export function percentOf(used: number | null, total: number | null): number | null {
  if (used === null || total === null || total <= 0) return null;
  return Math.min(100, Math.max(0, round1((used / total) * 100)));
}

/**
 * JSON printed by another program, or null. Tolerates a byte order mark and stray text before the
 * JSON (a banner or a warning some tools print on stdout).
 */
export function parseJson(text: string | null): unknown {
  const trimmed = text?.replace(/^\uFEFF/, '').trim() ?? '';
  if (trimmed === '') return null;
  try {
    return JSON.parse(trimmed) as unknown;
  } catch {
    const start = trimmed.search(/[[{]/);
    if (start <= 0) return null;
    try {
      return JSON.parse(trimmed.slice(start)) as unknown;
    } catch {
      return null;
    }
  }
}

export function asRecord(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

/**
 * A list from JSON that may hold a list, a single object (ConvertTo-Json unwraps one-element
 * arrays), Windows PowerShell 5.1's `{"value": [...], "Count": n}` wrapping, or nothing.
 */
export function asArray(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (value === null || value === undefined) return [];
  const record = asRecord(value);
  if (record && Array.isArray(record.value) && 'Count' in record) return record.value;
  return [value];
}

/** A trimmed, non-empty string (numbers are written out), otherwise null. */
export function asString(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

export function asNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = Number(value.trim());
    return Number.isFinite(parsed) ? parsed : null;
  }
  return null;
}

export function asBoolean(value: unknown): boolean | null {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value !== 0;
  if (typeof value === 'string') {
    const lower = value.trim().toLowerCase();
    if (['true', 'yes', '1'].includes(lower)) return true;
    if (['false', 'no', '0'].includes(lower)) return false;
  }
  return null;
}

/** A whole, non-negative count, or null. */
export function asCount(value: unknown): number | null {
  const number = asNumber(value);
  return number !== null && Number.isInteger(number) && number >= 0 ? number : null;
}

/**
 * A hardware serial number usable as a service tag, cleaned as the inventory matches it
 * (shared/serial-number.ts: trimmed, upper-cased, placeholders and runs of one character dropped);
 * numbers some tools print are read as text.
 */
export function cleanSerial(value: unknown): string | null {
  return cleanSerialNumber(asString(value));
}

/** One vocabulary for CPU architectures across operating systems: x64, x86, arm64, arm. */
export function normalizeArchitecture(value: string | null): string | null {
  if (value === null) return null;
  const lower = value.trim().toLowerCase();
  if (['x86_64', 'amd64', 'x64', 'x86-64'].includes(lower)) return 'x64';
  if (['aarch64', 'arm64', 'armv8', 'arm64e'].includes(lower)) return 'arm64';
  if (['i386', 'i486', 'i586', 'i686', 'x86', 'ia32'].includes(lower)) return 'x86';
  if (/^arm(v[0-7].*)?$/.test(lower)) return 'arm';
  return lower === '' ? null : lower;
}

/** CUPS device URI schemes that reach a printer over the network (Linux and macOS). */
const NETWORK_SCHEMES = new Set([
  'ipp',
  'ipps',
  'http',
  'https',
  'socket',
  'lpd',
  'smb',
  'dnssd',
  'implicitclass',
]);

export function isNetworkUri(uri: string | null | undefined): boolean {
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(uri ?? '')?.[1]?.toLowerCase();
  return scheme !== undefined && NETWORK_SCHEMES.has(scheme);
}

/** Keeps the first item of each key, in order. */
export function uniqueBy<T>(items: readonly T[], key: (item: T) => string): T[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const k = key(item);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/** Installed software, without duplicates (same name and version), sorted by name. */
export function tidySoftware(items: readonly InstalledSoftware[]): InstalledSoftware[] {
  return uniqueBy(items, (item) => `${item.name.toLowerCase()}\u0000${item.version ?? ''}`).sort(
    (a, b) =>
      a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) ||
      (a.version ?? '').localeCompare(b.version ?? ''),
  );
}
