import { describe, expect, it } from 'vitest';
import {
  AGENT_REPORT_MAX_BYTES,
  AGENT_REPORT_SECTIONS,
  agentMachineSchema,
  agentReportSchema,
  type AgentMachine,
  type AgentReportInput,
} from '../../shared/agent-data';
import { cutMessage } from '../../functions/agent-reports/sections';
import { apiErrorBodySchema } from '../../shared/api';
import { baseUrl, signUpUnlimitedCompany, type TestCompany } from '../support/api';
import { createKey, deviceHeaders, EMPTY_SECTIONS, enrollDevice, machine } from '../support/agents';
import { send } from '../support/bad-input/sending';

/**
 * What a report must never do to a machine (issue 24), through the local gateway: a device's token
 * cannot write another machine's record, a report whose every collector failed loses nothing of
 * the last good one, and a huge but schema-valid report is stored (whole, or its lists cut and
 * marked stale, issue 35) or refused with 413 past the body limit, never answered with a 5xx.
 */

interface Raw {
  status: number;
  text: string;
}

async function raw(
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: unknown },
) {
  const response = await fetch(`${baseUrl()}${path}`, {
    method: init.method ?? 'GET',
    headers: { ...init.headers, ...(init.body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: response.status, text: await response.text() } satisfies Raw;
}

const report = (token: string, body: unknown) =>
  raw('/api/agent/report', { method: 'POST', headers: deviceHeaders(token), body });

/** GET /api/agents/{machine_id} exactly as sent: its bytes, not a parse of them. */
async function detailText(company: TestCompany, machineId: string): Promise<string> {
  const answer = await raw(`/api/agents/${encodeURIComponent(machineId)}`, {
    headers: { authorization: `Bearer ${company.accessToken}` },
  });
  expect(answer.status, answer.text).toBe(200);
  return answer.text;
}

const detail = async (company: TestCompany, machineId: string): Promise<AgentMachine> =>
  agentMachineSchema.parse(JSON.parse(await detailText(company, machineId)));

const long = (prefix: string, length: number) => `${prefix}${'x'.repeat(length - prefix.length)}`;

/** A machine with something in every section: 4,000 programs (parts of their own) and 40 disks. */
function fullReport(machineId: string, hostname: string): AgentReportInput {
  return machine({
    machine_id: machineId,
    hostname,
    memory_total_gb: 64,
    cpu_info: { processor: 'AMD EPYC 9654', architecture: 'x64', cores_physical: 96, cores_logical: 192 },
    storage_info: Array.from({ length: 40 }, (_, index) => ({
      device: `Disk ${index}`,
      mountpoint: `/mnt/data${index}`,
      used_gb: index * 10,
      total_gb: 1000,
      percent: index,
    })),
    shared_folders: [
      { name: 'Finance', path: 'D:\\Finance' },
      { name: 'Scans', path: 'D:\\Scans' },
    ],
    printers: [{ name: 'Canon iR', driver: 'Canon Generic', network: true, shared: true }],
    installed_software: Array.from({ length: 4_000 }, (_, index) => ({
      name: long(`Program ${index} `, 80),
      version: `${index}.0`,
    })),
  });
}

/** The machine's sections, which no failed or forged report may change. */
const sectionsOf = (machineDetail: AgentMachine) => ({
  os_version: machineDetail.os_version,
  service_tag: machineDetail.service_tag,
  logged_in_user: machineDetail.logged_in_user,
  cpu_info: machineDetail.cpu_info,
  memory_total_gb: machineDetail.memory_total_gb,
  storage_info: machineDetail.storage_info,
  shared_folders: machineDetail.shared_folders,
  printers: machineDetail.printers,
  installed_software: machineDetail.installed_software,
});

async function company() {
  const owner = await signUpUnlimitedCompany('Reported Ltd');
  const { key } = await createKey(owner);
  return { owner, key };
}

describe('a device cannot overwrite another machine', () => {
  it("leaves the first machine's record byte for byte as it was, whichever way the body names it", async () => {
    const { owner, key } = await company();
    const first = await enrollDevice(key, { machine_id: 'FIRST-MACHINE', hostname: 'FIRST-PC' });
    expect((await report(first, fullReport('FIRST-MACHINE', 'FIRST-PC'))).status).toBe(202);
    const second = await enrollDevice(key, { machine_id: 'SECOND-MACHINE', hostname: 'SECOND-PC' });
    expect(
      (await report(second, machine({ machine_id: 'SECOND-MACHINE', hostname: 'SECOND-PC' }))).status,
    ).toBe(202);
    const before = await detailText(owner, 'FIRST-MACHINE');

    const forged = (machineId: string) =>
      machine({
        machine_id: machineId,
        hostname: 'FORGED-PC',
        os_version: 'Forged OS',
        installed_software: [],
        storage_info: [],
        printers: [],
        shared_folders: [],
      });
    const aims = ['FIRST-MACHINE', 'first-machine', '  FIRST-MACHINE  ', 'FIRST-MACHINE\t'];
    const answers = [];
    for (const aim of aims) answers.push((await report(second, forged(aim))).status);
    // A collector that failed everything, aimed at the first machine, marks nothing stale on it.
    answers.push(
      (
        await report(second, {
          machine_id: 'FIRST-MACHINE',
          hostname: 'FORGED-PC',
          collection_errors: AGENT_REPORT_SECTIONS.map((section) => ({ section, message: 'forged' })),
        })
      ).status,
    );
    const after = await detailText(owner, 'FIRST-MACHINE');
    const secondDetail = await detail(owner, 'SECOND-MACHINE');
    console.log(
      `[reliability] overwrite: ${answers.length} reports of the second device naming the first machine (${answers.join(', ')}); first machine's record ${before === after ? 'byte for byte unchanged' : 'CHANGED'} (${before.length} bytes)`,
    );
    // Each was the second device's report of its own machine, the last one included.
    expect(answers).toEqual(aims.map(() => 202).concat(202));
    expect(after).toBe(before);
    expect(secondDetail).toMatchObject({ machine_id: 'SECOND-MACHINE', hostname: 'FORGED-PC' });
  });
});

describe('a report whose every collector failed', () => {
  it('loses nothing of the last good report and marks every section stale', async () => {
    const { owner, key } = await company();
    const token = await enrollDevice(key, { machine_id: 'WIPE-MACHINE', hostname: 'WIPE-PC' });
    expect((await report(token, fullReport('WIPE-MACHINE', 'WIPE-PC'))).status).toBe(202);
    const good = await detail(owner, 'WIPE-MACHINE');
    expect(good.stale_sections).toEqual({});
    expect(good.installed_software).toHaveLength(4_000);

    const everyError = AGENT_REPORT_SECTIONS.map((section) => ({
      section,
      message: `${section}: collector timed out`,
    }));
    const identity = {
      machine_id: 'WIPE-MACHINE',
      hostname: 'WIPE-PC',
      os_type: 'Linux',
      agent_version: '1.0.0',
    };
    // Every section absent and named in collection_errors; then every section sent empty (what a
    // broken collector might send) but named in collection_errors; then every section simply absent.
    const failedReports: AgentReportInput[] = [
      { ...identity, collection_errors: everyError },
      { ...identity, ...EMPTY_SECTIONS, collection_errors: everyError },
      identity,
    ];
    const lost: string[] = [];
    for (const [index, failed] of failedReports.entries()) {
      expect((await report(token, failed)).status).toBe(202);
      const after = await detail(owner, 'WIPE-MACHINE');
      if (JSON.stringify(sectionsOf(after)) !== JSON.stringify(sectionsOf(good)))
        lost.push(`report ${index + 1}`);
      expect(sectionsOf(after)).toEqual(sectionsOf(good));
      expect(Object.keys(after.stale_sections).sort()).toEqual([...AGENT_REPORT_SECTIONS].sort());
      const expectedError =
        index < 2 ? 'installed_software: collector timed out' : 'Not included in the report';
      expect(after.stale_sections.installed_software).toEqual({
        error: expectedError,
        at: expect.any(String),
      });
      expect(after.last_seen > good.last_seen).toBe(true);
    }
    // A good report again clears the marks.
    expect((await report(token, fullReport('WIPE-MACHINE', 'WIPE-PC'))).status).toBe(202);
    expect((await detail(owner, 'WIPE-MACHINE')).stale_sections).toEqual({});
    console.log(
      `[reliability] wipe: ${failedReports.length} reports whose every collector failed after a full one (4,000 programs, 40 disks, CPU, memory, printers, shares): sections lost in ${lost.length}, all ${AGENT_REPORT_SECTIONS.length} marked stale`,
    );
  });
});

/** Schema-valid reports as large as each of its lists and texts allows, and beyond the body limit. */
function hugeReports(): { name: string; body: AgentReportInput }[] {
  const programs = (count: number, nameLength: number) =>
    Array.from({ length: count }, (_, index) => ({
      name: long(`Program ${index} `, nameLength),
      version: long(`${index}.`, 200),
    }));
  const disks = Array.from({ length: 500 }, (_, index) => ({
    device: long(`Disk ${index} `, 300),
    mountpoint: long(`/mnt/${index}/`, 500),
    used_gb: 999_999.9,
    total_gb: 1_000_000,
    percent: 99.9,
  }));
  return [
    {
      name: '20,000 programs with 500-character names',
      body: machine({ installed_software: programs(20_000, 500) }),
    },
    {
      name: '20,000 programs with short names',
      body: machine({ installed_software: programs(20_000, 20).map((p) => ({ ...p, version: '1.0' })) }),
    },
    {
      name: 'programs with 500-character names to just under 4 MB',
      body: machine({ installed_software: programs(5_300, 500) }),
    },
    { name: '500 storage devices with the longest strings', body: machine({ storage_info: disks }) },
    {
      name: '5,000 shares with 1,000-character paths',
      body: machine({
        shared_folders: Array.from({ length: 5_000 }, (_, index) => ({
          name: long(`Share ${index} `, 300),
          path: long(`D:\\${index}\\`, 1_000),
        })),
      }),
    },
    {
      name: '1,000 printers with the longest strings',
      body: machine({
        printers: Array.from({ length: 1_000 }, (_, index) => ({
          name: long(`Printer ${index} `, 300),
          driver: long(`Driver ${index} `, 300),
          network: true,
          shared: true,
        })),
      }),
    },
    {
      name: 'shares and programs together to just under 4 MB',
      body: machine({
        shared_folders: Array.from({ length: 2_000 }, (_, index) => ({
          name: long(`Share ${index} `, 300),
          path: long(`D:\\${index}\\`, 1_000),
        })),
        installed_software: programs(1_600, 500),
      }),
    },
    {
      name: 'every list at its longest',
      body: machine({
        storage_info: disks,
        installed_software: programs(20_000, 500),
        printers: [],
        shared_folders: [],
      }),
    },
  ];
}

describe('huge but schema-valid reports', () => {
  it('stores each (whole, or cut and marked stale) or refuses it with 413, never a 5xx', async () => {
    const { owner, key } = await company();
    const lines: string[] = [];
    let serverErrors = 0;
    for (const [index, { name, body }] of hugeReports().entries()) {
      expect(agentReportSchema.safeParse(body).success, name).toBe(true);
      const machineId = `HUGE-${index}`;
      const token = await enrollDevice(key, { machine_id: machineId, hostname: `HUGE-PC-${index}` });
      const good = fullReport(machineId, `HUGE-PC-${index}`);
      expect((await report(token, good)).status).toBe(202);
      const before = await detailText(owner, machineId);

      const sent = { ...body, machine_id: machineId, hostname: `HUGE-PC-${index}` };
      const bytes = Buffer.byteLength(JSON.stringify(sent));
      // Node's own client, which reads the gateway's 413 to a body past 10 MB that it stops reading
      // (fetch sees the connection reset while it still sends).
      const started = Date.now();
      const answer = await send({
        defect: name,
        method: 'POST',
        path: '/api/agent/report',
        query: '',
        headers: { ...deviceHeaders(token), 'content-type': 'application/json' },
        body: JSON.stringify(sent),
      });
      if (answer.status >= 500) serverErrors++;
      // The time taken tells a timeout (29 s on a loaded machine) from a refusal.
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      lines.push(`${name} (${(bytes / 1_000_000).toFixed(1)} MB): ${answer.status} in ${seconds} s`);
      expect([202, 413], `${name}: ${answer.text.slice(0, 200)}`).toContain(answer.status);
      if (bytes > AGENT_REPORT_MAX_BYTES) expect(answer.status, name).toBe(413);
      if (answer.status === 413) {
        expect(apiErrorBodySchema.safeParse(JSON.parse(answer.text)).success, answer.text).toBe(true);
        // Refused whole: the machine is as its last good report left it.
        expect(await detailText(owner, machineId)).toBe(before);
        continue;
      }
      const stored = await detail(owner, machineId);
      const parsed = agentReportSchema.parse(sent);
      for (const section of ['installed_software', 'storage_info', 'shared_folders', 'printers'] as const) {
        // Issue 35: a list past what one report can store is kept cut, from its start, and marked so.
        const reported = parsed[section] ?? [];
        const kept = stored[section].length;
        if (kept === reported.length) {
          expect(stored[section], `${name}: ${section}`).toEqual(reported);
          continue;
        }
        lines.push(
          `${section} cut to ${kept.toLocaleString('en')} of ${reported.length.toLocaleString('en')}`,
        );
        expect(kept, `${name}: ${section} stored nothing`).toBeGreaterThan(0);
        expect(stored[section], `${name}: ${section}`).toEqual(reported.slice(0, kept));
        expect(stored.stale_sections[section]?.error, `${name}: ${section}`).toBe(
          cutMessage(kept, reported.length),
        );
      }
    }
    console.log(`[reliability] huge reports: ${lines.join('; ')}; ${serverErrors} server errors`);
    expect(serverErrors).toBe(0);
  }, 300_000);
});
