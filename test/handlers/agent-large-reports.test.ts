import { describe, expect, it } from 'vitest';
import { AGENT_REPORT_MAX_BYTES, type AgentMachine, type AgentReportInput } from '../../shared/agent-data';
import { cutMessage, REPORT_LISTS_BYTES } from '../../functions/agent-reports/sections';
import { createKey, machine, sendReport } from '../support/agents';
import { callHandler, signUpCompanyInProcess as signUpCompany } from '../support/handlers';

/**
 * Every schema-valid report is stored whole or refused with 413, never a 5xx (issue 24): no item
 * of a machine passes DynamoDB's 400 KB, storage included, and no report's writes pass what one
 * transaction takes.
 */

/** A text of exactly `length` characters, unique by its prefix; '€' is three bytes in UTF-8. */
const long = (prefix: string, length: number, fill = 'x') =>
  `${prefix}${fill.repeat(length - prefix.length)}`;

const storage = (count: number, fill = 'x') =>
  Array.from({ length: count }, (_, index) => ({
    device: long(`Disk ${index} `, 300, fill),
    mountpoint: long(`/mnt/${index}/`, 500, fill),
    used_gb: 999_999.9,
    total_gb: 1_000_000,
    percent: 99.9,
  }));
const printers = (count: number) =>
  Array.from({ length: count }, (_, index) => ({
    name: long(`Printer ${index} `, 300),
    driver: long(`Driver ${index} `, 300),
    network: true,
    shared: false,
  }));
const folders = (count: number, nameLength: number, pathLength: number) =>
  Array.from({ length: count }, (_, index) => ({
    name: long(`Share ${index} `, nameLength),
    path: long(`D:\\Shares\\${index}\\`, pathLength),
  }));
const programs = (count: number) =>
  Array.from({ length: count }, (_, index) => ({
    name: long(`Program ${index} `, 500),
    version: long(`${index}.`, 200, '9'),
  }));

const bytes = (report: unknown) => Buffer.byteLength(JSON.stringify(report));

/** Adds the longest programs until the report's JSON reaches `target` bytes. */
function filledTo(report: AgentReportInput, target: number): AgentReportInput {
  const perProgram = bytes(programs(1)[0]) + 1;
  return { ...report, installed_software: programs(Math.floor((target - bytes(report)) / perProgram)) };
}

async function setUp() {
  const company = await signUpCompany();
  const { key } = await createKey(company, callHandler);
  const detail = async () => {
    const response = await callHandler<AgentMachine>('/api/agents/MACHINE-GUID-1', {
      token: company.accessToken,
    });
    expect(response.status).toBe(200);
    return response.body;
  };
  return { send: (body: unknown) => sendReport(key, body, callHandler), detail };
}

const heavy = (detail: AgentMachine) => ({
  storage_info: detail.storage_info,
  shared_folders: detail.shared_folders,
  printers: detail.printers,
  installed_software: detail.installed_software,
});

describe('the largest reports', () => {
  it('refuses the largest schema-valid report with 413, not a 5xx', async () => {
    const { send } = await setUp();
    const largest = machine({
      storage_info: storage(500, '€'),
      printers: printers(1_000),
      shared_folders: folders(5_000, 300, 1_000),
      installed_software: programs(20_000),
    });
    const response = await send(largest);
    expect(response.status).toBe(413);
    expect(JSON.stringify(response.body)).toContain('larger than');
  });

  it('stores a report whose lists fit one write whole, 500 of the longest disks included', async () => {
    const { send, detail } = await setUp();
    const report = filledTo(
      machine({
        storage_info: storage(500, '€'),
        printers: printers(1_000),
        shared_folders: folders(2_000, 100, 200),
      }),
      REPORT_LISTS_BYTES - 200_000,
    );
    expect(report.installed_software?.length).toBeGreaterThan(0);
    expect(bytes(report)).toBeLessThan(AGENT_REPORT_MAX_BYTES);
    const response = await send(report);
    expect(response.status, JSON.stringify(response.body)).toBe(202);
    const stored = await detail();
    expect(heavy(stored)).toEqual({
      storage_info: report.storage_info,
      shared_folders: report.shared_folders,
      printers: report.printers,
      installed_software: report.installed_software,
    });

    // Storage small again rides in the machine; large again, in parts.
    expect((await send({ ...report, storage_info: storage(2) })).status).toBe(202);
    expect((await detail()).storage_info).toEqual(storage(2));
    expect((await send(report)).status).toBe(202);
    expect(heavy(await detail())).toEqual(heavy(stored));
  });

  it('stores a report within the body limit whose lists one write cannot hold cut, and says so', async () => {
    const { send, detail } = await setUp();
    expect((await send(machine())).status).toBe(202);
    // DynamoDB takes at most 4 MB of items in one transaction: this report's lists pass it, so the
    // largest is stored cut from its start and marked stale (issue 35: never refused forever).
    const report = filledTo(machine({ storage_info: storage(500, '€') }), AGENT_REPORT_MAX_BYTES - 10_000);
    const response = await send(report);
    expect(response.status, JSON.stringify(response.body).slice(0, 300)).toBe(202);
    const stored = await detail();
    const reported = report.installed_software ?? [];
    const kept = stored.installed_software.length;
    expect(kept).toBeGreaterThan(0);
    expect(kept).toBeLessThan(reported.length);
    expect(stored.installed_software.map((program) => program.name)).toEqual(
      reported.slice(0, kept).map((program) => program.name),
    );
    expect(stored.stale_sections.installed_software?.error).toBe(cutMessage(kept, reported.length));
    expect(stored.storage_info).toEqual(report.storage_info);
  });
});
