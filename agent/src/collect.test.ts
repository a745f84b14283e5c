import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { agentReportSchema } from '../../shared/agent-data';
import { collectReport } from './collect';
import { AGENT_VERSION } from './version';

/** Real collection on the machine running the tests: no mocks. */
describe.runIf(process.platform === 'linux')('collectReport on this Linux machine', () => {
  it('produces a report the server schema accepts', { timeout: 120_000 }, async () => {
    const report = await collectReport({ stateDir: os.tmpdir() });
    expect(agentReportSchema.safeParse(report).success).toBe(true);
    expect(report.hostname.length).toBeGreaterThan(0);
    expect(report.machine_id.length).toBeGreaterThan(0);
    expect(report.os_type).toBe('Linux');
    expect(report.agent_version).toBe(AGENT_VERSION);
    expect(report.cpu_info).not.toBeNull();
    expect(report.cpu_info?.processor).toBeTruthy();
    expect(report.cpu_info?.cores_logical).toBeGreaterThan(0);
    expect(report.memory_total_gb).toBeGreaterThan(0);
    expect(report.storage_info?.length).toBeGreaterThanOrEqual(1);
    for (const disk of report.storage_info ?? []) {
      expect(disk.total_gb).toBeGreaterThan(0);
      expect(disk.percent).toBeGreaterThanOrEqual(0);
      expect(disk.percent).toBeLessThanOrEqual(100);
    }
  });

  it('reports the identity facts of issue 27, read from this machine', { timeout: 120_000 }, async () => {
    const report = await collectReport({ stateDir: os.tmpdir() });
    expect(report.collection_errors).not.toContainEqual(expect.objectContaining({ section: 'system' }));
    expect(report.collection_errors).not.toContainEqual(expect.objectContaining({ section: 'network' }));
    expect(report.os_build).toBe(os.release());
    // Booted before now and after the uptime says, to the second.
    const boot = Date.parse(report.last_boot ?? '');
    expect(boot).toBeLessThanOrEqual(Date.now());
    expect(Math.abs(boot - (Date.now() - os.uptime() * 1000))).toBeLessThan(5_000);
    // A container has no DMI table: null then, never a placeholder or an empty text.
    for (const field of ['manufacturer', 'model', 'bios_version', 'domain'] as const) {
      const value = report[field];
      expect(value === null || (typeof value === 'string' && value.trim() !== '')).toBe(true);
    }
    expect(report.ipv4_addresses?.length).toBeGreaterThan(0);
    expect(report.mac_addresses?.length).toBeGreaterThan(0);
    const own = Object.values(os.networkInterfaces()).flatMap((infos) => infos ?? []);
    for (const address of report.ipv4_addresses ?? []) {
      expect(address).not.toMatch(/^(127\.|169\.254\.)/);
      expect(own.map((info) => info.address)).toContain(address);
    }
    for (const mac of report.mac_addresses ?? []) {
      expect(mac).toMatch(/^([0-9A-F]{2}:){5}[0-9A-F]{2}$/);
      expect(mac).not.toBe('00:00:00:00:00:00');
    }
  });

  it('keeps the same machine id from one run to the next', { timeout: 120_000 }, async () => {
    const [a, b] = [
      await collectReport({ stateDir: os.tmpdir() }),
      await collectReport({ stateDir: os.tmpdir() }),
    ];
    expect(a.machine_id).toBe(b.machine_id);
  });
});
