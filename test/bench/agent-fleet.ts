import {
  agentEnrollmentResponseSchema,
  API_KEY_HEADER,
  DEVICE_TOKEN_HEADER,
  ENROLMENTS_PER_MINUTE,
  type AgentReportInput,
} from '../../shared/agent-data';
import type { CreatedApiKey } from '../../shared/api-keys';
import { api, expectStatus, gatewayRequest, type BenchStack, type Company } from './local-stack';

/** The bench's fleet: realistic reports of Windows machines, and how they reach the gateway. */

export const REPORT_PATH = '/api/agent/report';
export const ENROL_PATH = '/api/agent/enroll';

/** A machine's report: `programs` installed programs, `usedGb` used on its system disk. */
export function typicalReport(machine: number, programs: number, usedGb: number): AgentReportInput {
  const name = `BENCH-PC-${String(machine).padStart(4, '0')}`;
  return {
    machine_id: `5c0f3f8e-bench-4a61-9d7e-${String(machine).padStart(12, '0')}`,
    hostname: name,
    os_type: 'Windows',
    os_version: 'Microsoft Windows 11 Pro 10.0.22631',
    service_tag: `8H${String(machine).padStart(5, '0')}`,
    logged_in_user: `CONTOSO\\user${machine}`,
    manufacturer: 'Dell Inc.',
    model: 'Latitude 7440',
    bios_version: '1.12.0',
    os_build: '10.0.22631.4460',
    domain: 'CONTOSO',
    last_boot: '2026-11-23T07:58:12.000Z',
    ipv4_addresses: [`10.20.${Math.floor(machine / 250)}.${(machine % 250) + 1}`],
    mac_addresses: [
      `3C:52:82:${[16, 8, 0].map((shift) => ((machine >> shift) & 255).toString(16).padStart(2, '0')).join(':')}`,
    ],
    agent_version: '1.0.0',
    update_available: false,
    memory_total_gb: 15.7,
    cpu_info: {
      processor: '13th Gen Intel(R) Core(TM) i7-1365U',
      architecture: 'AMD64',
      cores_physical: 10,
      cores_logical: 12,
    },
    storage_info: [
      { device: 'C:', mountpoint: 'C:\\', used_gb: usedGb, total_gb: 475.8, percent: (usedGb / 475.8) * 100 },
      { device: 'D:', mountpoint: 'D:\\', used_gb: 112.4, total_gb: 931.5, percent: 12.1 },
    ],
    shared_folders: [
      { name: 'Scans', path: 'D:\\Scans' },
      { name: 'Users', path: 'C:\\Users' },
    ],
    printers: [
      { name: 'HP LaserJet Pro M404', driver: 'HP Universal Printing PCL 6', network: true, shared: false },
      { name: 'Microsoft Print to PDF', driver: 'Microsoft Print To PDF', network: false, shared: false },
    ],
    installed_software: Array.from({ length: programs }, (_, index) => ({
      name: `Contoso ${['Office', 'Runtime', 'Driver', 'Tools', 'Viewer'][index % 5]} Component ${index}`,
      version: `${(index % 9) + 1}.${index % 13}.${1000 + index}`,
    })),
  };
}

export async function createApiKey(stack: BenchStack, company: Company): Promise<string> {
  const created = expectStatus(
    await api<CreatedApiKey>(stack, '/api/api-keys', {
      method: 'POST',
      token: company.accessToken,
      json: { name: 'Agent API Key' },
    }),
    201,
    'Creating an API key',
  );
  return created.key;
}

/** Enrols one machine through the gateway with the organisation's key, as the agent does first. */
export async function enrolThroughGateway(stack: BenchStack, key: string, machine: number): Promise<string> {
  const { machine_id, hostname } = typicalReport(machine, 0, 0);
  const response = await fetch(`${stack.baseUrl}${ENROL_PATH}`, {
    method: 'POST',
    headers: { [API_KEY_HEADER]: key, 'content-type': 'application/json' },
    body: JSON.stringify({ machine_id, hostname }),
  });
  const text = await response.text();
  if (response.status !== 201) throw new Error(`Enrolling ${machine_id}: HTTP ${response.status}: ${text}`);
  return agentEnrollmentResponseSchema.parse(JSON.parse(text)).device_token;
}

const MINUTE_MS = 60_000;
const minuteOf = (time: number) => Math.floor(time / MINUTE_MS);

/**
 * The bench's enrolled devices, machine i's token at index i. An organisation enrols at most
 * ENROLMENTS_PER_MINUTE devices a minute, so the bench enrols its fleet through the enrolment
 * service in this process (the gateway runs it here too), its clock stepped back one minute per
 * 100 devices: the same items, counters and checks as POST /api/agent/enroll.
 */
export async function enrolFleet(organizationId: string, machines: number): Promise<string[]> {
  const { enrolDevice } = await import('../../functions/agent-reports/enrolment');
  const minutes = Math.ceil(machines / ENROLMENTS_PER_MINUTE);
  const firstMinute = Date.now() - (minutes + 1) * MINUTE_MS;
  const tokens: string[] = new Array<string>(machines);
  let next = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < machines) {
        const machine = next++;
        const { machine_id, hostname } = typicalReport(machine, 0, 0);
        const now = new Date(firstMinute + Math.floor(machine / ENROLMENTS_PER_MINUTE) * MINUTE_MS);
        const caller = { organizationId, apiKeyId: 'bench', subscription: null };
        tokens[machine] = (await enrolDevice(caller, { machine_id, hostname }, now)).device_token;
        if ((machine + 1) % 1_000 === 0) console.log(`  ${machine + 1} devices enrolled`);
      }
    }),
  );
  return tokens;
}

/**
 * Hands out machines so that none reports twice in a clock minute: the agent reports every 30
 * minutes, and a device's second report within a minute is counted by the slower read-then-write
 * path (functions/agent-reports/report-window.ts), its eleventh refused with 429. A machine is
 * free again once the minute in which its last answer arrived has passed (the server's minute of
 * that report is no later).
 */
export class MachineRotation {
  private readonly answeredInMinute: number[];
  private cursor = 0;
  /** Times a machine had to wait for the next minute: 0 when the fleet is large enough. */
  waits = 0;

  constructor(
    private readonly first: number,
    private readonly count: number,
  ) {
    this.answeredInMinute = new Array<number>(count).fill(minuteOf(Date.now()));
  }

  async next(): Promise<number> {
    for (;;) {
      const minute = minuteOf(Date.now());
      for (let tried = 0; tried < this.count; tried++) {
        const slot = this.cursor;
        this.cursor = (this.cursor + 1) % this.count;
        if (this.answeredInMinute[slot]! < minute) {
          // Taken until its answer comes back (answered() sets the real minute).
          this.answeredInMinute[slot] = Number.MAX_SAFE_INTEGER;
          return this.first + slot;
        }
      }
      this.waits += 1;
      await new Promise((resolve) => setTimeout(resolve, (minute + 1) * MINUTE_MS - Date.now() + 5));
    }
  }

  answered(machine: number): void {
    this.answeredInMinute[machine - this.first] = minuteOf(Date.now());
  }
}

export interface Sender {
  /** Sends machine's report with its device token, fails unless it is taken (202), and returns the answer's length. */
  send(machine: number, report: AgentReportInput): Promise<number>;
}

export function gatewaySender(stack: BenchStack, tokens: string[]): Sender {
  return {
    async send(machine, report) {
      const token = tokens[machine];
      if (!token) throw new Error(`Machine ${machine} is not enrolled`);
      const response = await gatewayRequest(stack, REPORT_PATH, {
        method: 'POST',
        headers: { [DEVICE_TOKEN_HEADER]: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(report),
      });
      const { text } = response;
      if (response.status !== 202) {
        throw new Error(`Report of ${report.machine_id}: expected HTTP 202, got ${response.status}: ${text}`);
      }
      return text.length;
    },
  };
}
