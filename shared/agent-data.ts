import * as z from 'zod';
import { choice, optionalChoice, pageSchema, pagingFields, searchText } from './list';

/**
 * What a monitoring agent reports (SPEC.md section 3, agent_data), validated by the ingestion route
 * and produced by the agent program. last_seen is set by the server when a report arrives.
 */
export const AGENT_REPORT_MAX_BYTES = 4 * 1024 * 1024;
export const AGENT_DEFAULT_VERSION = '1.0.0';
/** Agents report every 30 minutes, the first report 5 minutes after start (SPEC 9). */
export const AGENT_REPORT_INTERVAL_MINUTES = 30;
export const AGENT_FIRST_REPORT_MINUTES = 5;
/** The dashboard counts an agent as active when seen within this window. */
export const ACTIVE_AGENT_WINDOW_MINUTES = 60;
export const API_KEY_HEADER = 'x-api-key';

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `Must be at most ${max} characters` });
const optionalText = (max: number) =>
  text(max)
    .nullish()
    .transform((value) => value || null);
const gigabytes = z
  .number()
  .min(0)
  .max(1_000_000)
  .nullish()
  .transform((value) => value ?? null);
const count = z
  .number()
  .int()
  .min(0)
  .max(100_000)
  .nullish()
  .transform((value) => value ?? null);

export const cpuInfoSchema = z.strictObject({
  processor: optionalText(300),
  architecture: optionalText(50),
  cores_physical: count,
  cores_logical: count,
});

export const storageDeviceSchema = z.strictObject({
  device: text(300),
  mountpoint: optionalText(500),
  used_gb: gigabytes,
  total_gb: gigabytes,
  percent: z
    .number()
    .min(0)
    .max(100)
    .nullish()
    .transform((value) => value ?? null),
});

export const sharedFolderSchema = z.strictObject({ name: text(300), path: optionalText(1000) });

export const printerSchema = z.strictObject({
  name: text(300),
  driver: optionalText(300),
  network: z
    .boolean()
    .nullish()
    .transform((value) => value ?? null),
  shared: z
    .boolean()
    .nullish()
    .transform((value) => value ?? null),
});

export const installedSoftwareSchema = z.strictObject({ name: text(500), version: optionalText(200) });

/**
 * Strict, to its nested objects: a field the server does not know is refused by name, so an agent
 * newer than its server learns that its report lost something instead of it vanishing.
 */
export const agentReportSchema = z.strictObject({
  /** Stable across restarts and reinstalls: Windows MachineGuid, /etc/machine-id, IOPlatformUUID. */
  machine_id: text(200).min(1, { error: 'machine_id is required' }),
  hostname: text(255).min(1, { error: 'hostname is required' }),
  os_type: optionalText(100),
  os_version: optionalText(200),
  service_tag: optionalText(200),
  logged_in_user: optionalText(300),
  agent_version: optionalText(50),
  update_available: z
    .boolean()
    .nullish()
    .transform((value) => value ?? false),
  memory_total_gb: gigabytes,
  cpu_info: cpuInfoSchema.nullish().transform((value) => value ?? null),
  storage_info: z.array(storageDeviceSchema).max(500).default([]),
  shared_folders: z.array(sharedFolderSchema).max(5_000).default([]),
  printers: z.array(printerSchema).max(1_000).default([]),
  installed_software: z.array(installedSoftwareSchema).max(20_000).default([]),
});
/** What an agent sends. */
export type AgentReportInput = z.input<typeof agentReportSchema>;
export type AgentReport = z.output<typeof agentReportSchema>;

/** A machine as the fleet view shows it: the report plus when it was last seen. */
export const agentMachineSchema = z.object({
  ...agentReportSchema.shape,
  /** Worked out by the server from agent_version (shared/agent-version.ts). */
  update_available: z.boolean(),
  last_seen: z.string(),
  first_seen: z.string(),
  enrolled_at: z.string(),
});
export type AgentMachine = z.output<typeof agentMachineSchema>;

/** The fleet list: the light fields of each machine, newest report first. */
export const agentSummarySchema = agentMachineSchema.omit({
  storage_info: true,
  shared_folders: true,
  printers: true,
  installed_software: true,
});
export type AgentSummary = z.output<typeof agentSummarySchema>;

export const AGENT_FRESHNESS = ['green', 'yellow', 'red'] as const;
export type AgentFreshness = (typeof AGENT_FRESHNESS)[number];
/** The fleet's orders: latest report first, or by hostname (A to Z). */
export const AGENT_SORTS = ['last_seen', 'hostname'] as const;
export type AgentSort = (typeof AGENT_SORTS)[number];

/** Machines a fleet page holds unless asked for fewer (at most PAGE_SIZE_MAX). */
export const AGENT_PAGE_SIZE = 24;

/** The fleet view's query: a search (every word matches), a freshness colour, an order, a page. */
export const agentListQuerySchema = z.strictObject({
  q: searchText(),
  freshness: optionalChoice(AGENT_FRESHNESS, 'Freshness'),
  sort: choice(AGENT_SORTS, 'Sort').default('last_seen'),
  ...pagingFields(AGENT_PAGE_SIZE),
});
export type AgentListQuery = z.output<typeof agentListQuerySchema>;

/**
 * A page of the machines that match. `total`: unfiltered, the organisation's machine count; with a
 * search or a freshness colour, the matches the page's bounded read saw from where it started, which
 * is every match (`total_exact`) only when it read from the start of the fleet to its end.
 */
export const agentListResponseSchema = pageSchema(agentSummarySchema).extend({
  total: z.number().int().nonnegative(),
  total_exact: z.boolean(),
});
export type AgentListResponse = z.output<typeof agentListResponseSchema>;

/** Green under 90 minutes since last seen, yellow under 180, red otherwise (SPEC 4). */
export function agentFreshness(lastSeen: string, now: Date): AgentFreshness {
  const minutes = (now.getTime() - Date.parse(lastSeen)) / 60_000;
  if (minutes < 90) return 'green';
  if (minutes < 180) return 'yellow';
  return 'red';
}

/** The agent download (SPEC 7: download-agent): a short-lived address of the zip. */
export const AGENT_BUNDLE_FILE_NAME = 'IT-Asset-Auditor-Agent.zip';
export const AGENT_DOWNLOAD_MESSAGES = {
  failed: 'Download failed',
  alert: 'Failed to download agent installer. Please try again.',
} as const;
export const agentDownloadResponseSchema = z.object({
  url: z.string().min(1),
  file_name: z.literal(AGENT_BUNDLE_FILE_NAME),
  /** When the address stops working; null when it does not expire (the local store). */
  expires_at: z.string().nullable(),
});
export type AgentDownloadResponse = z.infer<typeof agentDownloadResponseSchema>;
