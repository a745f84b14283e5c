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

  it('keeps the same machine id from one run to the next', { timeout: 120_000 }, async () => {
    const [a, b] = [
      await collectReport({ stateDir: os.tmpdir() }),
      await collectReport({ stateDir: os.tmpdir() }),
    ];
    expect(a.machine_id).toBe(b.machine_id);
  });
});
