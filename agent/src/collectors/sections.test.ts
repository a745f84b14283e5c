import { describe, expect, it } from 'vitest';
import { agentReportSchema } from '../../../shared/agent-data';
import { collectReport } from '../collect';
import { execCommand } from '../exec';
import { serializeReport } from '../report';
import { collectSection, SectionError, type CollectedFacts, type SectionErrors } from './sections';
import { windowsSystemErrors } from './windows';

const facts: CollectedFacts['facts'] = {
  hostname: 'pc-7',
  os_type: 'Windows',
  os_version: 'Microsoft Windows 11 Pro 10.0.22631',
  service_tag: 'ABC1234',
  logged_in_user: 'CORP\\alice',
  manufacturer: 'Dell Inc.',
  model: 'OptiPlex 7090',
  bios_version: '1.24.0',
  os_build: '10.0.22631.4460',
  domain: 'corp.example.com',
  last_boot: '2026-11-25T06:58:02.000Z',
  ipv4_addresses: ['10.20.1.17'],
  mac_addresses: ['B0:7B:25:0A:11:3C'],
  memory_total_gb: 16,
  cpu_info: { processor: 'Intel Core i7', architecture: 'x64', cores_physical: 8, cores_logical: 16 },
  storage_info: [{ device: 'C:', mountpoint: 'C:\\', used_gb: 100, total_gb: 500, percent: 20 }],
  shared_folders: [],
  printers: [{ name: 'HP', driver: null, network: true, shared: false }],
  installed_software: [],
  hardware_uuid: 'A1B2C3D4-0000-1111-2222-333344445555',
};

describe('collectSection', () => {
  it('gives the value when the section is collected', async () => {
    const errors: SectionErrors = {};
    expect(await collectSection(errors, 'printers', [], async () => ['x'])).toEqual(['x']);
    expect(errors).toEqual({});
  });
  it('records a throw as the section error and gives the fallback', async () => {
    const errors: SectionErrors = {};
    const value = await collectSection(errors, 'installed_software', [], async () => {
      throw new SectionError('dpkg-query timed out after 60 s');
    });
    expect(value).toEqual([]);
    expect(errors).toEqual({ installed_software: 'dpkg-query timed out after 60 s' });
  });
  it('gives up a section that does not answer', async () => {
    const errors: SectionErrors = {};
    const never = () => new Promise<number>(() => {});
    expect(await collectSection(errors, 'memory', null, never, 50)).toBeNull();
    expect(errors.memory).toBe('no answer within 0.05 s');
  });
});

describe('a section that cannot be collected', () => {
  it('becomes a collection error and is left out of the report sent', async () => {
    const report = await collectReport({
      platform: 'win32',
      stateDir: null,
      collector: async () => ({
        facts: { ...facts, installed_software: [] },
        errors: { installed_software: 'PowerShell timed out after 180 s' },
      }),
    });
    expect(report.collection_errors).toEqual([
      { section: 'installed_software', message: 'PowerShell timed out after 180 s' },
    ]);
    const body = JSON.parse(serializeReport(report)) as Record<string, unknown>;
    expect(body).not.toHaveProperty('installed_software');
    expect(body.printers).toEqual(facts.printers);
    expect(body.collection_errors).toEqual(report.collection_errors);
    expect(agentReportSchema.safeParse(body).success).toBe(true);
  });
  it('leaves out the addresses, not the identity, when only the network section failed', async () => {
    const report = await collectReport({
      platform: 'linux',
      stateDir: null,
      collector: async () => ({
        facts: { ...facts, ipv4_addresses: [], mac_addresses: [] },
        errors: { network: 'failed: EACCES reading /sys/class/net' },
      }),
    });
    const body = JSON.parse(serializeReport(report)) as Record<string, unknown>;
    expect(body).not.toHaveProperty('ipv4_addresses');
    expect(body).not.toHaveProperty('mac_addresses');
    expect(body).toMatchObject({
      manufacturer: 'Dell Inc.',
      os_build: '10.0.22631.4460',
      last_boot: '2026-11-25T06:58:02.000Z',
      collection_errors: [{ section: 'network', message: 'failed: EACCES reading /sys/class/net' }],
    });
  });
  it('keeps collection error messages within 500 characters', async () => {
    const report = await collectReport({
      platform: 'linux',
      stateDir: null,
      collector: async () => ({ facts, errors: { printers: 'x'.repeat(900) } }),
    });
    expect(report.collection_errors[0]?.message).toHaveLength(500);
  });
});

describe('windowsSystemErrors', () => {
  it('fails every section of the system script when PowerShell times out', () => {
    const errors = windowsSystemErrors({ ok: false, missing: false, reason: 'timed out after 120 s' });
    expect(Object.keys(errors).sort()).toEqual(
      ['cpu_info', 'memory', 'network', 'printers', 'shared_folders', 'storage_info', 'system'].sort(),
    );
    expect(errors.printers).toBe('PowerShell timed out after 120 s');
  });
  it('fails only the section whose CIM query threw', () => {
    const stdout = JSON.stringify({
      Printers: [],
      Failures: { Printers: 'The RPC server is unavailable.' },
    });
    expect(windowsSystemErrors({ ok: true, stdout })).toEqual({
      printers: 'Reading Win32_Printer failed: The RPC server is unavailable.',
    });
  });
  it('fails the system section too when Win32_ComputerSystem (manufacturer, model, domain) threw', () => {
    const stdout = JSON.stringify({
      Failures: { ComputerSystem: 'Access denied', NetworkAdapters: 'Quota' },
    });
    expect(windowsSystemErrors({ ok: true, stdout })).toEqual({
      system: 'Reading Win32_ComputerSystem failed: Access denied',
      memory: 'Reading Win32_ComputerSystem failed: Access denied',
      network: 'Reading Win32_NetworkAdapterConfiguration failed: Quota',
    });
  });
  it('fails them all when PowerShell printed no JSON', () => {
    expect(windowsSystemErrors({ ok: true, stdout: '' }).system).toBe(
      'PowerShell printed no readable inventory',
    );
  });
});

describe.runIf(process.platform !== 'win32')('execCommand', () => {
  it('says a command timed out, or is not installed', async () => {
    expect(await execCommand('sleep', ['5'], { timeoutMs: 100 })).toEqual({
      ok: false,
      missing: false,
      reason: 'timed out after 0.1 s',
    });
    expect(await execCommand('itaa-no-such-tool', [])).toMatchObject({ ok: false, missing: true });
    expect(await execCommand('sh', ['-c', 'echo nope >&2; exit 3'])).toEqual({
      ok: false,
      missing: false,
      reason: 'exited with code 3: nope',
    });
  });
});
