import type { AgentFreshness, AgentReportSection, AgentSummary, StaleSection } from '@shared/agent-data';
import { formatDayOf, lazyFormat } from '../../../components/format';

/** What each freshness colour means, in words, so colour is never the only signal. */
export const FRESHNESS_LABELS: Record<AgentFreshness, string> = {
  green: 'Online',
  yellow: 'Late',
  red: 'Offline',
};

/** Storage bars: red above 90 %, yellow above 75 %, green otherwise (SPEC 9). */
export const STORAGE_CRITICAL_PERCENT = 90;
export const STORAGE_WARNING_PERCENT = 75;

export type StorageLevel = 'critical' | 'warning' | 'ok';

export function storageLevel(percent: number): StorageLevel {
  if (percent > STORAGE_CRITICAL_PERCENT) return 'critical';
  if (percent > STORAGE_WARNING_PERCENT) return 'warning';
  return 'ok';
}

/** The reported percentage, or one worked out from used and total; null when unknown. */
export function storagePercent(device: {
  percent: number | null;
  used_gb: number | null;
  total_gb: number | null;
}): number | null {
  if (device.percent !== null) return device.percent;
  if (device.used_gb !== null && device.total_gb) {
    return Math.min(100, (device.used_gb / device.total_gb) * 100);
  }
  return null;
}

const GIGABYTES = lazyFormat(() => new Intl.NumberFormat('en-GB', { maximumFractionDigits: 1 }));
const PERCENT = lazyFormat(() => new Intl.NumberFormat('en-GB', { maximumFractionDigits: 1 }));

/** 475 → "475 GB", 15.94 → "15.9 GB". */
export function formatGigabytes(value: number): string {
  return `${GIGABYTES().format(value)} GB`;
}

/** 95.04 → "95%", 37.95 → "38%": whole numbers, except that 90.4 never reads as the 90 it exceeds. */
export function formatPercent(value: number): string {
  const whole = Math.round(value);
  const crossesThreshold =
    (value > STORAGE_CRITICAL_PERCENT && whole <= STORAGE_CRITICAL_PERCENT) ||
    (value > STORAGE_WARNING_PERCENT && whole <= STORAGE_WARNING_PERCENT);
  return `${crossesThreshold ? PERCENT().format(value) : whole}%`;
}

/** Each report section by the name the machine view gives it. */
export const SECTION_LABELS: Record<AgentReportSection, string> = {
  system: 'System',
  network: 'Network',
  cpu_info: 'CPU',
  memory: 'Memory',
  storage_info: 'Storage',
  shared_folders: 'Shared folders',
  printers: 'Printers',
  installed_software: 'Installed software',
};

/** "Installed software could not be collected on 25 Nov 2026: PowerShell timed out". */
export function staleMessage(section: AgentReportSection, stale: StaleSection): string {
  return `${SECTION_LABELS[section]} could not be collected on ${formatDayOf(stale.at)}: ${stale.error}`;
}

const RELATIVE = lazyFormat(() => new Intl.RelativeTimeFormat('en-GB', { numeric: 'always' }));

/** "just now", "12 minutes ago" (whole minutes), "2 hours ago", "3 days ago" (nearest). */
export function formatRelative(iso: string, now: Date): string {
  const seconds = (now.getTime() - Date.parse(iso)) / 1000;
  if (Number.isNaN(seconds)) return iso;
  if (seconds < 60) return 'just now';
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return RELATIVE().format(-minutes, 'minute');
  // From an hour on, the nearest unit: 1 h 59 min is "2 hours ago".
  const hours = Math.round(minutes / 60);
  if (hours < 24) return RELATIVE().format(-hours, 'hour');
  const days = Math.round(minutes / 1440);
  if (days < 30) return RELATIVE().format(-days, 'day');
  const months = Math.floor(days / 30.44);
  if (months < 12) return RELATIVE().format(-months, 'month');
  return RELATIVE().format(-Math.floor(days / 365.25), 'year');
}

/** "Windows 11 Pro 23H2" from type and version, without saying "Windows" twice. */
export function formatOs(machine: Pick<AgentSummary, 'os_type' | 'os_version'>): string | null {
  const { os_type: type, os_version: version } = machine;
  if (type && version) {
    return version.toLowerCase().startsWith(type.toLowerCase()) ? version : `${type} ${version}`;
  }
  return type ?? version;
}
