import * as z from 'zod';
import { text, textOrNull } from './schema-helpers';
import { choice, optionalChoice, pageSchema, pagingFields, searchText } from './list';
import { possibleDuplicateSchema } from './machine-duplicates';
import { possibleCloneSchema } from './machine-clones';
import { cleanSerialNumber } from './serial-number';

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
  processor: textOrNull(300),
  architecture: textOrNull(50),
  cores_physical: count,
  cores_logical: count,
});

export const storageDeviceSchema = z.strictObject({
  device: text(300),
  mountpoint: textOrNull(500),
  used_gb: gigabytes,
  total_gb: gigabytes,
  percent: z
    .number()
    .min(0)
    .max(100)
    .nullish()
    .transform((value) => value ?? null),
});

export const sharedFolderSchema = z.strictObject({ name: text(300), path: textOrNull(1000) });

export const printerSchema = z.strictObject({
  name: text(300),
  driver: textOrNull(300),
  network: z
    .boolean()
    .nullish()
    .transform((value) => value ?? null),
  shared: z
    .boolean()
    .nullish()
    .transform((value) => value ?? null),
});

export const installedSoftwareSchema = z.strictObject({ name: text(500), version: textOrNull(200) });

/** An IPv4 address as the machine's adapters hold it. */
const ipv4Address = z.ipv4({ error: 'Must be an IPv4 address' });
/** A MAC address, written AA:BB:CC:DD:EE:FF whatever separator or case the collector saw. */
const macAddress = z
  .string()
  .trim()
  .regex(/^[0-9A-Fa-f]{2}([:-]?[0-9A-Fa-f]{2}){5}$/, { error: 'Must be a MAC address' })
  .transform((mac) =>
    mac
      .replace(/[:-]/g, '')
      .toUpperCase()
      .replace(/(..)(?!$)/g, '$1:'),
  );

/** A machine's identity as stored beside its machine item (issue 27). */
export const machineIdentitySchema = z.object({
  manufacturer: z.string().nullable(),
  model: z.string().nullable(),
  bios_version: z.string().nullable(),
  os_build: z.string().nullable(),
  domain: z.string().nullable(),
  ipv4_addresses: z.array(z.string()),
  mac_addresses: z.array(z.string()),
});
export type MachineIdentity = z.output<typeof machineIdentitySchema>;

/**
 * The parts of a report a collector gathers, each of which can fail on its own: 'system' is the
 * machine's identity (os_version, os_build, service_tag, manufacturer, model, bios_version, domain,
 * last_boot) and logged_in_user; 'network' is its IPv4 and MAC addresses; 'memory' is memory_total_gb.
 */
export const AGENT_REPORT_SECTIONS = [
  'system',
  'network',
  'cpu_info',
  'memory',
  'storage_info',
  'shared_folders',
  'printers',
  'installed_software',
] as const;
export type AgentReportSection = (typeof AGENT_REPORT_SECTIONS)[number];
/** The report fields of each section. */
export const AGENT_SECTION_FIELDS = {
  system: [
    'os_version',
    'service_tag',
    'logged_in_user',
    'manufacturer',
    'model',
    'bios_version',
    'os_build',
    'domain',
    'last_boot',
  ],
  network: ['ipv4_addresses', 'mac_addresses'],
  cpu_info: ['cpu_info'],
  memory: ['memory_total_gb'],
  storage_info: ['storage_info'],
  shared_folders: ['shared_folders'],
  printers: ['printers'],
  installed_software: ['installed_software'],
} as const satisfies Record<AgentReportSection, readonly string[]>;

/**
 * A section's field: absent stays absent (the section was not collected, so the server keeps what
 * it had), while null or [] is what the machine really has.
 */
const sectionText = (max: number) =>
  text(max)
    .nullish()
    .transform((value) => (value === undefined ? undefined : value || null));
const sectionList = <T extends z.ZodType>(entry: T, max: number) => z.array(entry).max(max).optional();
/** A list of the network section: distinct, in the order first seen. */
const addressList = <T extends z.ZodType<string, unknown>>(address: T) =>
  z
    .array(address)
    .max(64)
    .optional()
    .transform((addresses) => (addresses === undefined ? undefined : [...new Set(addresses)]));

export const collectionErrorSchema = z.strictObject({
  section: z.enum(AGENT_REPORT_SECTIONS, { error: `Must be one of ${AGENT_REPORT_SECTIONS.join(', ')}` }),
  message: text(500).min(1, { error: 'message is required' }),
});
export type CollectionError = z.output<typeof collectionErrorSchema>;

/**
 * Strict, to its nested objects: a field the server does not know is refused by name, so an agent
 * newer than its server learns that its report lost something instead of it vanishing. A section
 * that is absent, or named in collection_errors, was not collected: the server keeps its previous
 * value and marks it stale.
 */
export const agentReportSchema = z.strictObject({
  /** Stable across restarts and reinstalls: Windows MachineGuid, /etc/machine-id, IOPlatformUUID. */
  machine_id: text(200).min(1, { error: 'machine_id is required' }),
  hostname: text(255).min(1, { error: 'hostname is required' }),
  os_type: textOrNull(100),
  os_version: sectionText(200),
  /** The firmware's serial number, cleaned (shared/serial-number.ts): placeholders are no serial. */
  service_tag: sectionText(200).transform((value) =>
    value === undefined ? undefined : cleanSerialNumber(value),
  ),
  logged_in_user: sectionText(300),
  manufacturer: sectionText(200),
  model: sectionText(200),
  bios_version: sectionText(200),
  /** The build of the OS beside its version: "10.0.22631.4460", "6.8.0-49-generic", "23H2". */
  os_build: sectionText(100),
  /** The Windows domain or workgroup; a Linux or macOS machine's DNS domain, if any. */
  domain: sectionText(255),
  /** When the machine last started. */
  last_boot: z.iso
    .datetime({ offset: true, error: 'last_boot must be a date and time (ISO 8601)' })
    .nullish()
    .transform((value) => (value === undefined ? undefined : value && new Date(value).toISOString())),
  ipv4_addresses: addressList(ipv4Address),
  mac_addresses: addressList(macAddress),
  agent_version: textOrNull(50),
  update_available: z
    .boolean()
    .nullish()
    .transform((value) => value ?? false),
  memory_total_gb: z.number().min(0).max(1_000_000).nullish(),
  cpu_info: cpuInfoSchema.nullish(),
  storage_info: sectionList(storageDeviceSchema, 500),
  shared_folders: sectionList(sharedFolderSchema, 5_000),
  printers: sectionList(printerSchema, 1_000),
  installed_software: sectionList(installedSoftwareSchema, 20_000),
  collection_errors: z
    .array(collectionErrorSchema)
    .max(AGENT_REPORT_SECTIONS.length)
    .refine((errors) => new Set(errors.map((each) => each.section)).size === errors.length, {
      error: 'At most one collection error per section',
    })
    .default([]),
});
/** What an agent sends. */
export type AgentReportInput = z.input<typeof agentReportSchema>;
export type AgentReport = z.output<typeof agentReportSchema>;
/** A report whose every section was collected: what the agent's collectors assemble. */
export type CompleteAgentReport = {
  [K in keyof AgentReport]-?: Exclude<AgentReport[K], undefined>;
};

/** A section the latest reports could not collect: the error, and the report that said so. */
export const staleSectionSchema = z.object({ error: z.string(), at: z.string() });
export type StaleSection = z.output<typeof staleSectionSchema>;
export const staleSectionsSchema = z.partialRecord(z.enum(AGENT_REPORT_SECTIONS), staleSectionSchema);
export type StaleSections = z.output<typeof staleSectionsSchema>;

/**
 * A machine as the fleet view shows it: its latest known value of every section (null or empty
 * when never collected), when it was first and last seen, and which sections are stale.
 */
const { collection_errors: _errors, ...reportFields } = agentReportSchema.shape;
export const agentMachineSchema = z.object({
  ...reportFields,
  os_version: textOrNull(200),
  service_tag: textOrNull(200),
  logged_in_user: textOrNull(300),
  manufacturer: textOrNull(200),
  model: textOrNull(200),
  bios_version: textOrNull(200),
  os_build: textOrNull(100),
  domain: textOrNull(255),
  last_boot: z.string().nullable().default(null),
  ipv4_addresses: z.array(z.string()).default([]),
  mac_addresses: z.array(z.string()).default([]),
  memory_total_gb: gigabytes,
  cpu_info: cpuInfoSchema.nullish().transform((value) => value ?? null),
  storage_info: z.array(storageDeviceSchema).default([]),
  shared_folders: z.array(sharedFolderSchema).default([]),
  printers: z.array(printerSchema).default([]),
  installed_software: z.array(installedSoftwareSchema).default([]),
  last_seen: z.string(),
  first_seen: z.string(),
  stale_sections: staleSectionsSchema.default({}),
  /** Worked out by the server from agent_version (shared/agent-version.ts). */
  update_available: z.boolean(),
  enrolled_at: z.string(),
  /** The hardware asset this machine is (issue 27: one record per device); null when not in the inventory. */
  hardware_asset_id: z.string().nullable().default(null),
  /** That asset's name as the inventory shows it (shared/hardware.ts, hardwareAssetName). */
  hardware_asset_name: z.string().nullable().default(null),
  /** Issue 35: this machine and another report one serial number; an admin decides (machine-duplicates.ts). */
  possible_duplicate: z.boolean().default(false),
  /** Issue 35: two computers seem to report with this machine's device token (machine-clones.ts). */
  possible_clone: possibleCloneSchema.nullable().default(null),
  /** The other machines of that possible duplicate (the machine's page only). */
  possible_duplicates: z.array(possibleDuplicateSchema).default([]),
});
export type AgentMachine = z.output<typeof agentMachineSchema>;

/** The fleet list: the light fields of each machine and its asset, newest report first. */
export const agentSummarySchema = agentMachineSchema.omit({
  storage_info: true,
  shared_folders: true,
  printers: true,
  installed_software: true,
  stale_sections: true,
  possible_duplicates: true,
  // Kept beside the machine item (issue 27), read for one machine only.
  manufacturer: true,
  model: true,
  bios_version: true,
  os_build: true,
  domain: true,
  ipv4_addresses: true,
  mac_addresses: true,
});
export type AgentSummary = z.output<typeof agentSummarySchema>;

export const AGENT_FRESHNESS = ['green', 'yellow', 'red'] as const;
export type AgentFreshness = (typeof AGENT_FRESHNESS)[number];
/** The fleet's orders: latest report first, or by hostname (A to Z). */
export const AGENT_SORTS = ['last_seen', 'hostname'] as const;
export type AgentSort = (typeof AGENT_SORTS)[number];

/**
 * Whether a machine is in the inventory (linked to a hardware asset, issue 27) or not, or marked a
 * possible duplicate (issue 35: either machine of the pair).
 */
export const AGENT_INVENTORY = ['linked', 'not_linked', 'possible_duplicate'] as const;
export type AgentInventory = (typeof AGENT_INVENTORY)[number];

/** Machines a fleet page holds unless asked for fewer (at most PAGE_SIZE_MAX). */
export const AGENT_PAGE_SIZE = 24;

/**
 * The fleet view's query: a search (every word matches), a freshness colour, in the inventory or
 * not, an order, a page.
 */
export const agentListQuerySchema = z.strictObject({
  q: searchText(),
  freshness: optionalChoice(AGENT_FRESHNESS, 'Freshness'),
  inventory: optionalChoice(AGENT_INVENTORY, 'Inventory'),
  sort: choice(AGENT_SORTS, 'Sort').default('last_seen'),
  ...pagingFields(AGENT_PAGE_SIZE),
});
export type AgentListQuery = z.output<typeof agentListQuerySchema>;

/**
 * A page of the machines that match. `total`: unfiltered, the organisation's machine count; in the
 * inventory or not (alone), the linked machines' count or the rest; with a search or a freshness
 * colour, the matches the page's bounded read saw from where it started, which is every match
 * (`total_exact`) only when it read from the start of the fleet to its end.
 */
export const agentListResponseSchema = pageSchema(agentSummarySchema).extend({
  total: z.number().int().nonnegative(),
  total_exact: z.boolean(),
});
export type AgentListResponse = z.output<typeof agentListResponseSchema>;

/**
 * The freshness rule (SPEC 4), stated once: green under 90 minutes since last seen, yellow under
 * 180, red otherwise. The badge (agentFreshness), the fleet's index range for a colour
 * (freshnessRange, functions/agents/fleet.ts) and the filter's labels (freshnessRangeLabel) derive
 * from these numbers; shared/agent-data.test.ts proves they agree.
 */
export const FRESHNESS_MINUTES = { green: 90, yellow: 180 } as const;

export function agentFreshness(lastSeen: string, now: Date): AgentFreshness {
  const minutes = (now.getTime() - Date.parse(lastSeen)) / 60_000;
  if (minutes < FRESHNESS_MINUTES.green) return 'green';
  if (minutes < FRESHNESS_MINUTES.yellow) return 'yellow';
  return 'red';
}

/** The minutes since last seen of a colour: from (inclusive) and until (exclusive; null for ever). */
export function freshnessRange(freshness: AgentFreshness): { from: number; until: number | null } {
  if (freshness === 'green') return { from: 0, until: FRESHNESS_MINUTES.green };
  if (freshness === 'yellow') return { from: FRESHNESS_MINUTES.green, until: FRESHNESS_MINUTES.yellow };
  return { from: FRESHNESS_MINUTES.yellow, until: null };
}

/** A colour's range as the fleet's filter names it: '< 90 min', '90–180 min', '≥ 3 h'. */
export function freshnessRangeLabel(freshness: AgentFreshness): string {
  const { from, until } = freshnessRange(freshness);
  if (until === null) return from % 60 === 0 ? `≥ ${from / 60} h` : `≥ ${from} min`;
  return from === 0 ? `< ${until} min` : `${from}–${until} min`;
}

/** The agent download's file (SPEC 7: download-agent; the rest of the download is in agent-download.ts). */
export const AGENT_BUNDLE_FILE_NAME = 'IT-Asset-Auditor-Agent.zip';

// ---- Enrolment (issue 24): the API key enrols a device; the device reports with its own token ----

/**
 * A device token: dt_, the organisation's id, a dot and 43 base64url characters (32 random bytes),
 * shown once at enrolment. The id lets a report read the token's lookup, the organisation and its
 * subscription in one request; the hash of the whole token is what is looked up, so it cannot be
 * pointed at another organisation.
 */
export const DEVICE_TOKEN_PATTERN = /^dt_([0-9A-Za-z]{1,64})\.[A-Za-z0-9_-]{43}$/;
/** Reports carry `Authorization: Bearer <device token>`. */
export const DEVICE_TOKEN_HEADER = 'authorization';
/** An organisation enrols at most this many devices a minute; a device reports at most this often. */
export const ENROLMENTS_PER_MINUTE = 100;
export const REPORTS_PER_MINUTE = 10;

/** What a device sends to enrol: who it is, with the report's own field rules. */
export const agentEnrollmentSchema = agentReportSchema.pick({
  machine_id: true,
  hostname: true,
  os_type: true,
});
export type AgentEnrollmentInput = z.input<typeof agentEnrollmentSchema>;

export const agentEnrollmentResponseSchema = z.object({
  device_id: z.string().min(1),
  device_token: z.string().regex(DEVICE_TOKEN_PATTERN),
});
export type AgentEnrollmentResponse = z.infer<typeof agentEnrollmentResponseSchema>;

/**
 * A recorded report's answer: when it arrived, the agent version the product ships, and whether the
 * organisation lets its agents install it themselves (Settings → Monitoring Agent; absent from an
 * older server's answer, which publishes no updates: false).
 */
export const agentReportResponseSchema = z.object({
  received_at: z.string(),
  latest_version: z.string(),
  auto_update: z.boolean().default(false),
});
export type AgentReportResponse = z.infer<typeof agentReportResponseSchema>;
