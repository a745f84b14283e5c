import { expect } from 'vitest';
import type { MeResponse } from '../../shared/api';
import { agentReportSchema, type AgentReportInput } from '../../shared/agent-data';
import type { CreatedApiKey } from '../../shared/api-keys';
import type { DisposalItem } from '../../shared/disposal';
import type { HardwareAssetFormValues } from '../../shared/hardware';
import { recordAgentReport } from '../../functions/agent-reports/service';
import {
  addMember,
  api,
  createHardwareAsset,
  signIn,
  uniqueEmail,
  useFunctionEnv,
  type TestCompany,
} from './api';
import { enrolInProcess, sendReport } from './agents';
import { dateIn } from './dates';
import { TEST_SUPER_ADMIN } from './global-setup';

/**
 * A company that looks lived in, for the screenshots (test/e2e/screenshots.e2e.test.ts): hardware of
 * every type and status, items on the disposal list, a fleet of machines in each state the cards
 * show, a member and an invitation, and plans to buy.
 */

export const MACHINE: AgentReportInput = {
  machine_id: 'MACHINE-GUID-FIN-01',
  hostname: 'FIN-LT-014',
  os_type: 'Windows',
  os_version: 'Windows 11 Pro 23H2',
  service_tag: '5CG3241XQZ',
  logged_in_user: 'NORTHWIND\\j.doe',
  manufacturer: 'Dell Inc.',
  model: 'Latitude 7440',
  bios_version: '1.12.0',
  os_build: '10.0.22631.4460',
  domain: 'NORTHWIND',
  last_boot: new Date(Date.now() - 26 * 3_600_000).toISOString(),
  ipv4_addresses: ['10.40.12.87'],
  mac_addresses: ['3C:52:82:4A:1F:0E'],
  agent_version: '1.2.0',
  update_available: false,
  memory_total_gb: 32,
  cpu_info: { processor: 'Intel Core i7-1365U', architecture: 'x64', cores_physical: 10, cores_logical: 12 },
  storage_info: [
    { device: 'C:', mountpoint: 'C:\\', used_gb: 431.5, total_gb: 475, percent: 91 },
    { device: 'D:', mountpoint: 'D:\\', used_gb: 212, total_gb: 931, percent: 23 },
  ],
  shared_folders: [
    { name: 'Scans', path: 'D:\\Scans' },
    { name: 'Finance', path: 'D:\\Shares\\Finance' },
  ],
  printers: [
    { name: 'HP LaserJet M404', driver: 'HP Universal Printing PCL 6', network: true, shared: false },
    { name: 'Microsoft Print to PDF', driver: 'Microsoft Print To PDF', network: false, shared: false },
  ],
  installed_software: [
    { name: '7-Zip', version: '23.01' },
    { name: 'Adobe Acrobat Reader', version: '24.001.20604' },
    { name: 'Google Chrome', version: '122.0.6261.112' },
    { name: 'Microsoft 365 Apps for enterprise', version: '16.0.17328.20162' },
    { name: 'Microsoft Teams', version: '24033.811.2738.2546' },
    { name: 'Mozilla Firefox', version: '123.0.1' },
    { name: 'Notepad++', version: '8.6.2' },
    { name: 'Sage 50 Accounts', version: '30.1.0' },
    { name: 'VLC media player', version: '3.0.20' },
    { name: 'Zoom Workplace', version: '5.17.11' },
  ],
};

/** A fleet with one of each state the cards show: online, an update waiting, late. */
export const OTHER_MACHINES: (AgentReportInput & { minutesAgo: number })[] = [
  {
    minutesAgo: 0,
    machine_id: 'MACHINE-GUID-WH-07',
    hostname: 'WAREHOUSE-LT-07',
    os_type: 'Windows',
    os_version: 'Windows 10 Enterprise 22H2',
    service_tag: '7XK9PQ2',
    logged_in_user: 'NORTHWIND\\b.smith',
    agent_version: '1.1.0',
    update_available: true,
    memory_total_gb: 8,
    storage_info: [{ device: 'C:', mountpoint: 'C:\\', used_gb: 120, total_gb: 238, percent: 50 }],
  },
  {
    minutesAgo: 5,
    machine_id: 'MACHINE-GUID-RECEPTION',
    hostname: 'RECEPTION-PC',
    os_type: 'Windows',
    os_version: 'Windows 11 Pro 23H2',
    service_tag: 'CZC2391K7L',
    logged_in_user: 'NORTHWIND\\reception',
    agent_version: '1.2.0',
    memory_total_gb: 16,
  },
  {
    minutesAgo: 12,
    machine_id: 'MACHINE-GUID-DESIGN-MAC',
    hostname: 'DESIGN-MBP-03',
    os_type: 'macOS',
    os_version: 'macOS 14.4 Sonoma',
    service_tag: 'C02FK3XHMD6R',
    logged_in_user: 'sofia.rossi',
    agent_version: '1.2.0',
    memory_total_gb: 36,
  },
  {
    minutesAgo: 20,
    machine_id: 'MACHINE-GUID-BUILD-01',
    hostname: 'nw-build-01',
    os_type: 'Linux',
    os_version: 'Ubuntu 22.04.4 LTS',
    service_tag: 'VMware-56 4d 2a',
    logged_in_user: 'ci',
    agent_version: '1.2.0',
    memory_total_gb: 64,
  },
  {
    minutesAgo: 95,
    machine_id: 'MACHINE-GUID-SALES-12',
    hostname: 'SALES-LT-12',
    os_type: 'Windows',
    os_version: 'Windows 11 Pro 22H2',
    service_tag: '4CE0291BQW',
    logged_in_user: 'NORTHWIND\\t.clarke',
    agent_version: '1.1.0',
    update_available: true,
    memory_total_gb: 16,
  },
  {
    minutesAgo: 60 * 26,
    machine_id: 'MACHINE-GUID-SRV-01',
    hostname: 'NW-FILESRV-01',
    os_type: 'Windows',
    os_version: 'Windows Server 2022 Standard',
    service_tag: 'J8QW2M3',
    logged_in_user: '',
    agent_version: '1.2.0',
    memory_total_gb: 64,
  },
];

const PEOPLE = [
  'Jane Doe',
  'Bob Smith',
  'Priya Patel',
  'Tom Clarke',
  'Aisha Khan',
  'Liam Murphy',
  'Sofia Rossi',
  'Chen Wei',
];
const LOCATIONS = ['London HQ', 'Manchester office', 'Leeds warehouse', 'Remote', 'London HQ'];
const MODELS: Pick<HardwareAssetFormValues, 'asset_type' | 'manufacturer' | 'model' | 'cpu' | 'os'>[] = [
  {
    asset_type: 'Laptop',
    manufacturer: 'Dell',
    model: 'Latitude 7440',
    cpu: 'Intel Core i7-1365U',
    os: 'Windows 11 Pro',
  },
  {
    asset_type: 'Laptop',
    manufacturer: 'Lenovo',
    model: 'ThinkPad T14 Gen 4',
    cpu: 'AMD Ryzen 7 7840U',
    os: 'Windows 11 Pro',
  },
  {
    asset_type: 'Laptop',
    manufacturer: 'Apple',
    model: 'MacBook Pro 14',
    cpu: 'Apple M3 Pro',
    os: 'macOS 14',
  },
  {
    asset_type: 'Desktop',
    manufacturer: 'HP',
    model: 'EliteDesk 800 G9',
    cpu: 'Intel Core i5-12500',
    os: 'Windows 11 Pro',
  },
  { asset_type: 'Monitor', manufacturer: 'Dell', model: 'U2723QE' },
  { asset_type: 'Monitor', manufacturer: 'LG', model: '27UP850' },
  { asset_type: 'Phone', manufacturer: 'Apple', model: 'iPhone 15', os: 'iOS 17' },
  { asset_type: 'Tablet', manufacturer: 'Samsung', model: 'Galaxy Tab S9', os: 'Android 14' },
  { asset_type: 'Printer', manufacturer: 'HP', model: 'LaserJet Pro M404dn' },
  { asset_type: 'Network Device', manufacturer: 'Ubiquiti', model: 'UniFi Switch 24 PoE' },
  {
    asset_type: 'Server',
    manufacturer: 'Dell',
    model: 'PowerEdge R650',
    cpu: 'Intel Xeon Silver 4314',
    os: 'Windows Server 2022',
  },
];
const STATUSES: HardwareAssetFormValues['status'][] = [
  'Active',
  'Active',
  'Active',
  'In Storage',
  'Active',
  'In Repair',
  'Active',
  'Retired',
];

/** About three dozen assets of every type, most active, a few in storage, repair or retired. */
export async function seedHardware(company: TestCompany): Promise<number> {
  for (let index = 0; index < 34; index += 1) {
    const model = MODELS[index % MODELS.length]!;
    const status = STATUSES[index % STATUSES.length]!;
    const personal = ['Laptop', 'Phone', 'Tablet', 'Desktop'].includes(model.asset_type ?? '');
    await createHardwareAsset(company, {
      ...model,
      serial_number: `${(model.manufacturer ?? 'XX').slice(0, 2).toUpperCase()}${String(482_913 + index * 7919)}`,
      asset_tag: `NW-${String(1001 + index)}`,
      status,
      location: ['Server', 'Network Device'].includes(model.asset_type ?? '')
        ? 'Server room'
        : LOCATIONS[index % LOCATIONS.length],
      assigned_to: personal && status === 'Active' ? PEOPLE[index % PEOPLE.length] : '',
      purchase_date: dateIn(-120 - index * 37),
      // A handful run out within the dashboard's 90-day window.
      warranty_expiry: dateIn(index % 6 === 0 ? 10 + index * 2 : 400 + index * 11),
      ram_gb: model.cpu ? [16, 32, 8][index % 3] : 0,
      storage_gb: model.cpu ? [512, 1024, 256][index % 3] : 0,
    });
  }
  // On their way out: these put themselves on the disposal list.
  await createHardwareAsset(company, {
    asset_type: 'Laptop',
    manufacturer: 'Lenovo',
    model: 'ThinkPad X1 Carbon Gen 6',
    serial_number: 'PF1C9K2M',
    asset_tag: 'NW-0412',
    status: 'Disposal Pending',
    disposal_reason: 'End of Life',
    location: 'Leeds warehouse',
  });
  await createHardwareAsset(company, {
    asset_type: 'Desktop',
    manufacturer: 'HP',
    model: 'ProDesk 600 G3',
    serial_number: 'CZC7301LMN',
    asset_tag: 'NW-0218',
    status: 'Disposal Pending',
    disposal_reason: 'Broken/Defective',
    location: 'Manchester office',
  });
  // The laptop the detailed machine (MACHINE) is: its agent links to it by serial (issue 27). A
  // person entered 16 GB; the agent reports 32, which the editor shows with Accept.
  await createHardwareAsset(company, {
    asset_type: 'Laptop',
    manufacturer: 'Dell',
    model: 'Latitude 7440',
    serial_number: '5cg3241xqz',
    asset_tag: 'NW-1042',
    status: 'Active',
    location: 'London HQ',
    assigned_to: 'Jane Doe',
    purchase_date: dateIn(-300),
    warranty_expiry: dateIn(430),
    ram_gb: 16,
    storage_gb: 0,
  });
  return 37;
}

/** MACHINE two days before its latest report: what its timeline shows as changed since. */
function machineBefore(): AgentReportInput {
  const programs = (MACHINE.installed_software ?? []).filter((program) => program.name !== 'Microsoft Teams');
  return {
    ...MACHINE,
    os_version: 'Windows 11 Pro 22H2',
    os_build: '10.0.22621.3007',
    logged_in_user: 'NORTHWIND\\a.smith',
    memory_total_gb: 16,
    installed_software: programs.map((program) =>
      program.name === 'Google Chrome'
        ? { ...program, version: '121.0.6167.185' }
        : program.name === 'Zoom Workplace'
          ? { ...program, version: '5.16.10' }
          : program,
    ),
  };
}

export async function seedDisposals(company: TestCompany) {
  const items = [
    {
      asset_type: 'Software',
      asset_name: 'Microsoft Office 2016 Standard',
      disposal_reason: 'Upgrade',
      disposal_notes: 'Replaced by Microsoft 365',
    },
    {
      asset_type: 'Other',
      asset_name: 'Epson EB-X41 projector',
      serial_number: 'X4KF2301',
      disposal_reason: 'Damaged',
    },
    {
      asset_type: 'Hardware',
      asset_name: 'Cisco SG300-28 switch',
      serial_number: 'DNI1738A0P2',
      asset_tag: 'NW-0077',
      disposal_reason: 'Obsolete',
    },
  ];
  const created: DisposalItem[] = [];
  for (const body of items) {
    const response = await api<DisposalItem>('/api/disposals', {
      method: 'POST',
      token: company.accessToken,
      body,
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    created.push(response.body);
  }
  const completed = await api(`/api/disposals/${created[2]!.id}/complete`, {
    method: 'POST',
    token: company.accessToken,
  });
  expect(completed.status, JSON.stringify(completed.body)).toBe(200);
}

export async function seedAgents(company: TestCompany) {
  const key = await api<CreatedApiKey>('/api/api-keys', {
    method: 'POST',
    token: company.accessToken,
    body: { name: 'Head office rollout' },
  });
  expect(key.status, JSON.stringify(key.body)).toBe(201);
  const organizationId = (await api<MeResponse>('/api/me', { token: company.accessToken })).body.organization
    .id;
  useFunctionEnv();
  // Older reports first: the fleet lists machines newest first, so the detailed one leads.
  for (const { minutesAgo, ...report } of [...OTHER_MACHINES].reverse()) {
    await recordAgentReport(
      await enrolInProcess(organizationId, report),
      agentReportSchema.parse(report),
      new Date(Date.now() - minutesAgo * 60_000),
    );
  }
  // MACHINE reported two days ago as it was then, and now as it is: its timeline has the difference.
  const before = machineBefore();
  await recordAgentReport(
    await enrolInProcess(organizationId, before),
    agentReportSchema.parse(before),
    new Date(Date.now() - 2 * 86_400_000),
  );
  const reported = await sendReport(key.body.key, MACHINE);
  expect(reported.status).toBe(202);
}

export async function seedTeam(company: TestCompany) {
  await addMember(company, 'user');
  const invited = await api('/api/invitations', {
    method: 'POST',
    token: company.accessToken,
    body: { email: uniqueEmail('new-starter'), role: 'user' },
  });
  expect(invited.status, JSON.stringify(invited.body)).toBe(201);
}

/** The billing tab lists plans once the super_admin has synced them from Stripe (the sandbox). */
export async function syncPlans() {
  const root = await signIn(TEST_SUPER_ADMIN.email, TEST_SUPER_ADMIN.password);
  const sync = await api('/api/billing/sync-plans', { method: 'POST', token: root.AccessToken! });
  expect(sync.status).toBe(200);
}
