import * as z from 'zod';
import { storageDeviceSchema } from './agent-data';
import { hardwareAssetSchema, ulidSchema } from './hardware';
import { optionalChoice, pageSchema, pagingFields, searchText } from './list';

/**
 * Agents and the inventory (issue 27): one record per device (a monitored machine linked to its
 * hardware asset), the machine timeline (change events) and the organisation's software inventory.
 * API.md, "Inventory across agents".
 */

// ---- One record per device ----

/** Hardware fields an agent's facts fill when they are empty, and never overwrite. */
export const AGENT_FILLED_FIELDS = ['manufacturer', 'model', 'cpu', 'ram_gb', 'storage_gb', 'os'] as const;
export type AgentFilledField = (typeof AGENT_FILLED_FIELDS)[number];

/** What the agent says of its machine, as the hardware editor shows it beside the record. */
export const agentLiveFactsSchema = z.object({
  machine_id: z.string(),
  hostname: z.string(),
  last_seen: z.string(),
  logged_in_user: z.string().nullable(),
  serial_number: z.string().nullable(),
  manufacturer: z.string().nullable(),
  model: z.string().nullable(),
  /** The OS as a hardware record writes it: "Windows 11 Pro 23H2". */
  os: z.string().nullable(),
  cpu: z.string().nullable(),
  ram_gb: z.number().nullable(),
  /** The disks' total size, whole gigabytes. */
  storage_gb: z.number().nullable(),
  disks: z.array(storageDeviceSchema),
});
export type AgentLiveFacts = z.output<typeof agentLiveFactsSchema>;

/** A field where the record and the agent disagree: "Agent reports 32 GB; record says 16 GB". */
export const factDifferenceSchema = z.object({
  field: z.enum(AGENT_FILLED_FIELDS),
  record: z.union([z.string(), z.number()]).nullable(),
  agent: z.union([z.string(), z.number()]),
});
export type FactDifference = z.output<typeof factDifferenceSchema>;

/** What GET /api/hardware/{id} adds to an asset: its machine, null when not monitored. */
export const hardwareMonitoringSchema = z.object({
  machine_id: z.string().nullable(),
  agent: agentLiveFactsSchema.nullable(),
  differences: z.array(factDifferenceSchema),
  /**
   * Issue 35: another machine reports this asset's serial number and an admin has not decided which
   * machine the asset is; the editor offers no Accept meanwhile. Absent otherwise.
   */
  possible_duplicate: z.literal(true).optional(),
});
export type HardwareMonitoring = z.output<typeof hardwareMonitoringSchema>;
/** GET /api/hardware/{id}: the asset, with its machine's live facts and where they differ. */
export const hardwareAssetDetailSchema = hardwareAssetSchema.extend(hardwareMonitoringSchema.shape);
export type HardwareAssetDetail = z.output<typeof hardwareAssetDetailSchema>;

/** POST /api/agents/{machine_id}/link */
export const agentLinkRequestSchema = z.strictObject({ hardware_asset_id: ulidSchema });
export type AgentLinkRequest = z.output<typeof agentLinkRequestSchema>;
/** The answer of link, unlink and add-to-inventory: the machine's asset now. */
export const agentLinkResponseSchema = z.object({
  machine_id: z.string(),
  hardware_asset_id: z.string().nullable(),
});
export type AgentLinkResponse = z.output<typeof agentLinkResponseSchema>;

export const INVENTORY_MESSAGES = {
  monitored: 'Monitored',
  notMonitored: 'Not monitored',
  notInInventory: 'Not in inventory',
  inInventory: 'In inventory',
  addToInventory: 'Add to inventory',
  linkToAsset: 'Link to an asset',
  unlink: 'Unlink',
  unlinkConfirm:
    'Unlink this machine from its hardware asset? The asset stays in the inventory; the machine will not be linked again automatically.',
  accept: 'Accept',
  autoAddLabel: 'Add new machines to the inventory',
  autoAddDescription:
    'Every machine that reports for the first time and matches no hardware asset by serial number becomes a hardware asset.',
  autoAddOn: 'New machines will be added to the inventory.',
  autoAddOff: 'New machines will wait for you to add or link them.',
  alreadyLinked: 'This hardware asset is already linked to another machine',
  machineAlreadyLinked: 'This machine is already linked to a hardware asset',
  notFound: 'Machine not found',
  assetNotFound: 'Hardware asset not found',
} as const;

/** "Agent reports 32 GB; record says 16 GB" */
export function differenceMessage(difference: FactDifference): string {
  const show = (value: string | number | null) =>
    value === null || value === '' || value === 0
      ? 'nothing'
      : typeof value === 'number'
        ? `${value} GB`
        : value;
  return `Agent reports ${show(difference.agent)}; record says ${show(difference.record)}`;
}

// ---- The machine timeline ----

export const MACHINE_CHANGE_KINDS = [
  'software_installed',
  'software_removed',
  'software_changed',
  'hardware_changed',
  'os_changed',
  'hostname_changed',
  'user_changed',
] as const;
export type MachineChangeKind = (typeof MACHINE_CHANGE_KINDS)[number];

/** Change events are kept this long, then DynamoDB's TTL removes them. */
export const CHANGE_RETENTION_DAYS = 400;

/**
 * What changed: the program, or 'memory', 'cpu', 'disks', 'os', 'hostname', 'user'; what it was and
 * what it is (a version, "16 GB", a hostname); null on the side where it was not (an installation has
 * no `from`, a removal no `to`).
 */
export const machineChangeDetailSchema = z.object({
  subject: z.string(),
  from: z.string().nullable(),
  to: z.string().nullable(),
});
export type MachineChangeDetail = z.output<typeof machineChangeDetailSchema>;

export const machineChangeSchema = z.object({
  at: z.string(),
  kind: z.enum(MACHINE_CHANGE_KINDS),
  detail: machineChangeDetailSchema,
});
export type MachineChange = z.output<typeof machineChangeSchema>;

export const MACHINE_CHANGES_PAGE_SIZE = 50;
/** What the timeline's filter asks for: one kind, or 'software' for installed, removed and changed alike. */
export const MACHINE_CHANGE_FILTERS = [...MACHINE_CHANGE_KINDS, 'software'] as const;
export type MachineChangeFilter = (typeof MACHINE_CHANGE_FILTERS)[number];
/** The kinds a filter stands for. */
export function kindsOfFilter(filter: MachineChangeFilter): readonly MachineChangeKind[] {
  return filter === 'software' ? ['software_installed', 'software_removed', 'software_changed'] : [filter];
}
export const machineChangesQuerySchema = z.strictObject({
  kind: optionalChoice(MACHINE_CHANGE_FILTERS, 'Kind'),
  ...pagingFields(MACHINE_CHANGES_PAGE_SIZE),
});
export type MachineChangesQuery = z.output<typeof machineChangesQuerySchema>;
export const machineChangesResponseSchema = pageSchema(machineChangeSchema);
export type MachineChangesResponse = z.output<typeof machineChangesResponseSchema>;

// ---- The software inventory ----

export const softwareVersionCountSchema = z.object({ version: z.string(), machines: z.number().int() });
export const softwareProgramSchema = z.object({
  name: z.string(),
  machines: z.number().int().nonnegative(),
  /** Most machines first; '' is a program installed without a version. */
  versions: z.array(softwareVersionCountSchema),
});
export type SoftwareProgram = z.output<typeof softwareProgramSchema>;

export const SOFTWARE_PAGE_SIZE = 50;
export const softwareListQuerySchema = z.strictObject({
  q: searchText(),
  ...pagingFields(SOFTWARE_PAGE_SIZE),
});
export type SoftwareListQuery = z.output<typeof softwareListQuerySchema>;
/**
 * `total`: the programs the request's bounded read found (with the search, if any); every one of
 * them only when `total_exact` (the read went from the first program to the last).
 */
export const softwareListResponseSchema = pageSchema(softwareProgramSchema).extend({
  total: z.number().int().nonnegative(),
  total_exact: z.boolean(),
});
export type SoftwareListResponse = z.output<typeof softwareListResponseSchema>;

/** A machine that has the program: which version(s), and since when (its first report with it). */
export const softwareMachineSchema = z.object({
  machine_id: z.string(),
  hostname: z.string(),
  versions: z.array(z.string()),
  since: z.string(),
  last_seen: z.string().nullable(),
});
export type SoftwareMachine = z.output<typeof softwareMachineSchema>;

export const SOFTWARE_MACHINES_PAGE_SIZE = 100;
export const softwareMachinesQuerySchema = z.strictObject({
  name: z.string().trim().min(1, { error: 'name is required' }).max(500),
  version: z.string().trim().max(200).optional(),
  ...pagingFields(SOFTWARE_MACHINES_PAGE_SIZE),
});
export type SoftwareMachinesQuery = z.output<typeof softwareMachinesQuerySchema>;
/** `total`: the machines that have the program (of the version asked for), from its counters. */
export const softwareMachinesResponseSchema = pageSchema(softwareMachineSchema).extend({
  total: z.number().int().nonnegative(),
});
export type SoftwareMachinesResponse = z.output<typeof softwareMachinesResponseSchema>;

/**
 * Programs and versions as the inventory compares them: spaces trimmed and made one, case ignored.
 * "Google  Chrome " and "google chrome" are one program (no phantom change from how a list is written).
 */
export function programKey(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toLowerCase();
}
export function versionKey(version: string | null): string {
  return (version ?? '').trim().replace(/\s+/g, ' ').toLowerCase();
}
