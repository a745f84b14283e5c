import { describe, expect, it } from 'vitest';
import { AGENT_REPORT_SECTIONS, type AgentMachine, type AgentReportInput } from '../../shared/agent-data';
import { createKey, EMPTY_SECTIONS, machine, sendReport } from '../support/agents';
import { callHandler, signUpCompanyInProcess as signUpCompany, useHandlerClock } from '../support/handlers';

/**
 * Reports never wipe data (issue 24): a section a report did not collect keeps its stored value and
 * is marked stale with the collector's error and the report's time, until a report collects it
 * again. Sent through the report handler on the handlers' clock.
 */
const clock = useHandlerClock();

async function setUp() {
  clock.set('2026-11-25T09:00:00.000Z');
  const company = await signUpCompany();
  const { key } = await createKey(company, callHandler);
  const reportAt = async (time: string, body: unknown) => {
    clock.set(time);
    const response = await sendReport(key, body, callHandler);
    expect(response.status, JSON.stringify(response.body)).toBe(202);
  };
  const detail = async (machineId = 'MACHINE-GUID-1') => {
    const response = await callHandler<AgentMachine>(`/api/agents/${machineId}`, {
      token: company.accessToken,
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body;
  };
  return { key, reportAt, detail };
}

const FULL = machine({
  storage_info: [
    { device: 'C:', mountpoint: 'C:\\', used_gb: 180, total_gb: 475, percent: 37.9 },
    { device: 'D:', mountpoint: 'D:\\', used_gb: 20, total_gb: 931, percent: 2.1 },
  ],
  installed_software: Array.from({ length: 825 }, (_, index) => ({
    name: `Program ${index}`,
    version: '1.0',
  })),
});

/** What the machine view shows of each section. */
const sectionsOf = (detail: AgentMachine) => ({
  os_version: detail.os_version,
  service_tag: detail.service_tag,
  logged_in_user: detail.logged_in_user,
  cpu_info: detail.cpu_info,
  memory_total_gb: detail.memory_total_gb,
  storage_info: detail.storage_info,
  shared_folders: detail.shared_folders,
  printers: detail.printers,
  installed_software: detail.installed_software,
});

const IDENTITY = { machine_id: 'MACHINE-GUID-1', hostname: 'FINANCE-PC-01', os_type: 'Windows' };

describe('a report whose collectors failed', () => {
  it('keeps every section of the last good report, marks each stale, and a good report clears the marks', async () => {
    const { reportAt, detail } = await setUp();
    await reportAt('2026-11-25T09:00:00.000Z', FULL);
    const good = sectionsOf(await detail());
    expect(good.installed_software).toHaveLength(825);
    expect((await detail()).stale_sections).toEqual({});

    // Every collector failed and said so; the agent sent empty sections beside the errors.
    const failed: AgentReportInput = {
      ...IDENTITY,
      ...EMPTY_SECTIONS,
      collection_errors: AGENT_REPORT_SECTIONS.map((section) => ({
        section,
        message: `${section}: PowerShell timed out`,
      })),
    };
    await reportAt('2026-11-25T09:30:00.000Z', failed);
    const afterErrors = await detail();
    expect(sectionsOf(afterErrors)).toEqual(good);
    expect(afterErrors.last_seen).toBe('2026-11-25T09:30:00.000Z');
    expect(afterErrors.stale_sections).toEqual(
      Object.fromEntries(
        AGENT_REPORT_SECTIONS.map((section) => [
          section,
          { error: `${section}: PowerShell timed out`, at: '2026-11-25T09:30:00.000Z' },
        ]),
      ),
    );

    // An agent that sends no section at all loses nothing either.
    await reportAt('2026-11-25T10:00:00.000Z', IDENTITY);
    const afterAbsent = await detail();
    expect(sectionsOf(afterAbsent)).toEqual(good);
    expect(afterAbsent.stale_sections).toEqual(
      Object.fromEntries(
        AGENT_REPORT_SECTIONS.map((section) => [
          section,
          { error: 'Not included in the report', at: '2026-11-25T10:00:00.000Z' },
        ]),
      ),
    );

    // One collector failing marks that section alone; the others take the report's values.
    await reportAt('2026-11-25T10:30:00.000Z', {
      ...FULL,
      logged_in_user: 'ACME\\john',
      installed_software: [],
      collection_errors: [{ section: 'installed_software', message: 'PowerShell timed out' }],
    });
    const oneFailed = await detail();
    expect(oneFailed).toMatchObject({
      logged_in_user: 'ACME\\john',
      installed_software: good.installed_software,
    });
    expect(oneFailed.stale_sections).toEqual({
      installed_software: { error: 'PowerShell timed out', at: '2026-11-25T10:30:00.000Z' },
    });

    // A good report clears the marks; an empty section it collected really is empty.
    await reportAt('2026-11-25T11:00:00.000Z', { ...FULL, printers: [], installed_software: [] });
    const cleared = await detail();
    expect(cleared.stale_sections).toEqual({});
    expect(sectionsOf(cleared)).toEqual({ ...good, printers: [], installed_software: [] });
  });

  it("stores nothing of a new machine's missing sections, and marks them stale", async () => {
    const { reportAt, detail } = await setUp();
    await reportAt('2026-11-25T09:00:00.000Z', {
      ...IDENTITY,
      memory_total_gb: 16,
      collection_errors: [{ section: 'cpu_info', message: 'WMI is not available' }],
    });
    const first = await detail();
    expect(sectionsOf(first)).toMatchObject({
      os_version: null,
      memory_total_gb: 16,
      cpu_info: null,
      storage_info: [],
      installed_software: [],
    });
    expect(Object.keys(first.stale_sections).sort()).toEqual(
      AGENT_REPORT_SECTIONS.filter((section) => section !== 'memory').sort(),
    );
    expect(first.stale_sections.cpu_info).toEqual({
      error: 'WMI is not available',
      at: '2026-11-25T09:00:00.000Z',
    });
    expect(first.stale_sections.printers?.error).toBe('Not included in the report');
  });

  it('refuses two errors for one section and an unknown section', async () => {
    const { key } = await setUp();
    for (const collection_errors of [
      [
        { section: 'printers', message: 'a' },
        { section: 'printers', message: 'b' },
      ],
      [{ section: 'gpu', message: 'a' }],
      [{ section: 'printers', message: '' }],
      [{ section: 'printers', message: 'x'.repeat(501) }],
    ]) {
      const response = await sendReport(key, { ...IDENTITY, collection_errors }, callHandler);
      expect(response.status, JSON.stringify(collection_errors)).toBe(400);
    }
  });
});
