import { describe, expect, it } from 'vitest';
import type { AgentSummary } from '@shared/agent-data';
import {
  formatOs,
  formatPercent,
  formatRelative,
  staleMessage,
  storageLevel,
  storagePercent,
} from './agent-format';

const NOW = new Date('2028-01-15T12:00:00.000Z');
const ago = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000).toISOString();

describe('storage levels', () => {
  it('is red above 90 %, yellow above 75 %, green otherwise', () => {
    expect(storageLevel(95)).toBe('critical');
    expect(storageLevel(90.01)).toBe('critical');
    expect(storageLevel(90)).toBe('warning');
    expect(storageLevel(75.5)).toBe('warning');
    expect(storageLevel(75)).toBe('ok');
    expect(storageLevel(0)).toBe('ok');
  });

  it('works the percentage out from used and total when it was not reported', () => {
    expect(storagePercent({ percent: 37.9, used_gb: 1, total_gb: 2 })).toBe(37.9);
    expect(storagePercent({ percent: null, used_gb: 450, total_gb: 500 })).toBe(90);
    expect(storagePercent({ percent: null, used_gb: 450, total_gb: 0 })).toBeNull();
    expect(storagePercent({ percent: null, used_gb: null, total_gb: 500 })).toBeNull();
  });

  it('never rounds a percentage down onto the threshold it exceeds', () => {
    expect(formatPercent(95.04)).toBe('95%');
    expect(formatPercent(37.95)).toBe('38%');
    expect(formatPercent(90.4)).toBe('90.4%');
    expect(formatPercent(75.2)).toBe('75.2%');
    expect(formatPercent(90)).toBe('90%');
  });
});

describe('formatRelative', () => {
  it('speaks in the largest whole unit', () => {
    expect(formatRelative(ago(0.2), NOW)).toBe('just now');
    expect(formatRelative(ago(-3), NOW)).toBe('just now');
    expect(formatRelative(ago(1), NOW)).toBe('1 minute ago');
    expect(formatRelative(ago(12), NOW)).toBe('12 minutes ago');
    expect(formatRelative(ago(59.9), NOW)).toBe('59 minutes ago');
    expect(formatRelative(ago(60), NOW)).toBe('1 hour ago');
    expect(formatRelative(ago(119), NOW)).toBe('2 hours ago');
    expect(formatRelative(ago(125), NOW)).toBe('2 hours ago');
    expect(formatRelative(ago(3 * 24 * 60), NOW)).toBe('3 days ago');
  });
});

describe('machines', () => {
  const machine = {
    hostname: 'FINANCE-PC-01',
    logged_in_user: 'ACME\\jane',
    os_type: 'Windows',
    os_version: 'Windows 11 Pro 23H2',
    service_tag: '5CG1234XYZ',
  } as AgentSummary;

  it('names the OS once', () => {
    expect(formatOs(machine)).toBe('Windows 11 Pro 23H2');
    expect(formatOs({ os_type: 'Linux', os_version: 'Ubuntu 24.04' })).toBe('Linux Ubuntu 24.04');
    expect(formatOs({ os_type: null, os_version: null })).toBeNull();
  });
});

describe('stale sections', () => {
  it('says which section could not be collected, on which day and why', () => {
    expect(
      staleMessage('installed_software', { error: 'PowerShell timed out', at: '2026-11-25T12:00:00.000Z' }),
    ).toBe('Installed software could not be collected on 25 Nov 2026: PowerShell timed out');
    expect(
      staleMessage('cpu_info', { error: 'Not included in the report', at: '2026-03-02T12:00:00Z' }),
    ).toBe('CPU could not be collected on 2 Mar 2026: Not included in the report');
  });
});
