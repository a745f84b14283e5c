import { API_KEY_HEADER, type AgentReportInput } from '../../shared/agent-data';
import type { CreatedApiKey } from '../../shared/api-keys';
import { api, expectStatus, type BenchStack, type Company } from './local-stack';

/** The bench's fleet: realistic reports of Windows machines, and how they reach the gateway. */

export const REPORT_PATH = '/api/agent/report';

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

export interface Sender {
  /** Sends one report, fails unless it is taken (202), and returns the answer's length. */
  send(report: AgentReportInput): Promise<number>;
}

export function gatewaySender(stack: BenchStack, key: string): Sender {
  return {
    async send(report) {
      const response = await fetch(`${stack.baseUrl}${REPORT_PATH}`, {
        method: 'POST',
        headers: { [API_KEY_HEADER]: key, 'content-type': 'application/json' },
        body: JSON.stringify(report),
      });
      const text = await response.text();
      if (response.status !== 202) {
        throw new Error(`Report of ${report.machine_id}: expected HTTP 202, got ${response.status}: ${text}`);
      }
      return text.length;
    },
  };
}
