import { describe, expect, it } from 'vitest';
import { AGENT_REPORT_MAX_BYTES, agentReportSchema } from '../../shared/agent-data';
import {
  fitReport,
  InvalidReportError,
  REPORT_LIMITS,
  ReportTooLargeError,
  serializeReport,
  validateReport,
  type DraftReport,
} from './report';

const draft: DraftReport = {
  machine_id: '3d1219c7c4c5404aaa1f6d2a48adfda4',
  hostname: 'pc-1',
  os_type: 'Linux',
  os_version: 'Debian GNU/Linux 12',
  service_tag: null,
  logged_in_user: 'alice',
  manufacturer: 'LENOVO',
  model: '20XW0026GE',
  bios_version: 'N32ET86W (1.62 )',
  os_build: '6.1.0-27-amd64',
  domain: 'corp.example.com',
  last_boot: '2026-11-20T07:42:13.000Z',
  ipv4_addresses: ['10.1.4.23'],
  mac_addresses: ['8C:8C:AA:10:2B:4F', '3C:E9:F7:21:05:9A'],
  agent_version: '1.0.0',
  memory_total_gb: 15.6,
  cpu_info: { processor: 'Intel Core i5', architecture: 'x64', cores_physical: 4, cores_logical: 8 },
  storage_info: [{ device: '/dev/sda1', mountpoint: '/', used_gb: 10, total_gb: 100, percent: 10 }],
  shared_folders: [{ name: 'Projects', path: '/srv/projects' }],
  printers: [{ name: 'HP', driver: null, network: true, shared: null }],
  installed_software: [{ name: 'bash', version: '5.2' }],
};

describe('fitReport', () => {
  it('leaves a normal report as it is', () => {
    expect(fitReport(draft)).toEqual({ report: draft, notes: [] });
  });

  it('shortens every text to what the schema accepts (REPORT_LIMITS matches agentReportSchema)', () => {
    const long = (n: number) => 'é'.repeat(n + 50);
    const L = REPORT_LIMITS;
    const { report } = fitReport({
      ...draft,
      machine_id: long(L.machine_id),
      hostname: long(L.hostname),
      os_type: long(L.os_type),
      os_version: long(L.os_version),
      service_tag: long(L.service_tag),
      logged_in_user: long(L.logged_in_user),
      manufacturer: long(L.manufacturer),
      model: long(L.model),
      bios_version: long(L.bios_version),
      os_build: long(L.os_build),
      domain: long(L.domain),
      agent_version: long(L.agent_version),
      cpu_info: {
        processor: long(L.processor),
        architecture: long(L.architecture),
        cores_physical: 1,
        cores_logical: 1,
      },
      storage_info: [
        { device: long(L.device), mountpoint: long(L.mountpoint), used_gb: 1, total_gb: 2, percent: 50 },
      ],
      shared_folders: [{ name: long(L.folderName), path: long(L.folderPath) }],
      printers: [{ name: long(L.printerName), driver: long(L.driver), network: null, shared: null }],
      installed_software: [{ name: long(L.softwareName), version: long(L.softwareVersion) }],
    });
    expect(report.hostname).toHaveLength(L.hostname);
    expect(report.hostname.endsWith('…')).toBe(true);
    expect(report.os_build).toHaveLength(L.os_build);
    expect(report.domain).toHaveLength(L.domain);
    expect(agentReportSchema.safeParse(report).success).toBe(true);
  });

  it('would be refused without fitting (the limits are not looser than the schema)', () => {
    const L = REPORT_LIMITS;
    const tooLong = {
      ...draft,
      installed_software: [{ name: 'x'.repeat(L.softwareName + 1), version: null }],
    };
    expect(agentReportSchema.safeParse(tooLong).success).toBe(false);
    const tooMany = {
      ...draft,
      printers: Array.from({ length: L.printerItems + 1 }, (_, i) => ({ name: `p${i}` })),
    };
    expect(agentReportSchema.safeParse(tooMany).success).toBe(false);
    for (const [field, max] of [
      ['manufacturer', L.manufacturer],
      ['model', L.model],
      ['bios_version', L.bios_version],
      ['os_build', L.os_build],
      ['domain', L.domain],
    ] as const) {
      expect(agentReportSchema.safeParse({ ...draft, [field]: 'x'.repeat(max + 1) }).success).toBe(false);
    }
    const addresses = Array.from({ length: L.addressItems + 1 }, (_, i) => `10.0.${i >> 8}.${i & 255}`);
    expect(agentReportSchema.safeParse({ ...draft, ipv4_addresses: addresses }).success).toBe(false);
  });

  it('caps long lists and says so', () => {
    const many = Array.from({ length: REPORT_LIMITS.softwareItems + 5 }, (_, i) => ({
      name: `pkg${i}`,
      version: '1',
    }));
    const { report, notes } = fitReport({ ...draft, installed_software: many });
    expect(report.installed_software).toHaveLength(REPORT_LIMITS.softwareItems);
    expect(notes).toEqual([
      `installed software: ${REPORT_LIMITS.softwareItems + 5} found, only the first 20000 are reported`,
    ]);
    expect(agentReportSchema.safeParse(report).success).toBe(true);
  });

  it('caps the address lists at what the schema accepts', () => {
    const macs = Array.from({ length: 70 }, (_, i) => `02:00:00:00:00:${i.toString(16).padStart(2, '0')}`);
    const { report, notes } = fitReport({ ...draft, mac_addresses: macs });
    expect(report.mac_addresses).toHaveLength(REPORT_LIMITS.addressItems);
    expect(notes).toEqual(['MAC addresses: 70 found, only the first 64 are reported']);
    expect(agentReportSchema.safeParse(report).success).toBe(true);
  });
});

describe('validateReport', () => {
  it('returns the normalised report', () => {
    expect(validateReport(draft)).toEqual({ ...draft, update_available: false, collection_errors: [] });
  });
  it('explains what is wrong in a report the server would refuse', () => {
    const broken = { ...draft, hostname: '', memory_total_gb: -3 };
    expect(() => validateReport(broken)).toThrow(InvalidReportError);
    try {
      validateReport(broken);
    } catch (error) {
      expect((error as Error).message).toContain('hostname is required');
      expect((error as Error).message).toContain('memory_total_gb');
    }
  });
});

describe('serializeReport', () => {
  it('refuses locally a body over the server limit', () => {
    const huge = validateReport({
      ...draft,
      installed_software: Array.from({ length: 20_000 }, (_, i) => ({
        name: `${'n'.repeat(300)}${i}`,
        version: 'v'.repeat(150),
      })),
    });
    expect(() => serializeReport(huge)).toThrow(ReportTooLargeError);
    expect(Buffer.byteLength(serializeReport(validateReport(draft)))).toBeLessThan(AGENT_REPORT_MAX_BYTES);
  });
  it('leaves out update_available, and collection_errors when every section was collected', () => {
    const body = JSON.parse(serializeReport(validateReport(draft))) as Record<string, unknown>;
    expect(body).not.toHaveProperty('update_available');
    expect(body).not.toHaveProperty('collection_errors');
    expect(body).toMatchObject({
      installed_software: draft.installed_software,
      os_version: draft.os_version,
    });
  });
  it('leaves out each section named in collection_errors, fields and all', () => {
    const report = validateReport({
      ...draft,
      collection_errors: [
        { section: 'installed_software', message: 'PowerShell timed out after 180 s' },
        { section: 'system', message: 'Reading Win32_OperatingSystem failed: Access denied' },
      ],
    });
    const body = JSON.parse(serializeReport(report)) as Record<string, unknown>;
    for (const field of [
      'installed_software',
      'os_version',
      'service_tag',
      'logged_in_user',
      'manufacturer',
      'os_build',
      'last_boot',
    ]) {
      expect(body).not.toHaveProperty(field);
    }
    expect(body).toMatchObject({
      hostname: 'pc-1',
      memory_total_gb: draft.memory_total_gb,
      ipv4_addresses: draft.ipv4_addresses,
    });
    expect(body.collection_errors).toEqual(report.collection_errors);
    expect(agentReportSchema.safeParse(body).success).toBe(true);
  });
});
