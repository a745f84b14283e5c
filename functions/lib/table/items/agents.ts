import {
  create,
  encodeCursor,
  getEachItem,
  getItem,
  getItems,
  listPage,
  patch,
  put,
  remove,
  type TableWrite,
  update,
  updateReturningOld,
} from '../commands';
import { TTL_ATTRIBUTE } from '../definition';
import * as z from 'zod';
import { cpuInfoSchema, staleSectionsSchema, storageDeviceSchema } from '../../../../shared/agent-data';
import { fromStored, key, stored } from './stored';

/** One bounded read of a listing. */
interface PageRead {
  limit: number;
  cursor: string | null;
}
import { itemRead } from '../batch-read';
import { allOf, contains, equals, lessThan } from '../conditions';
import { heartbeatCondition, type HeartbeatGuard, unchangedSince } from './agents-guards';
export type { HeartbeatGuard } from './agents-guards';

/**
 * The sections stored in parts beside the machine item: those that can grow past an item (storage
 * only when it is large), and the machine's identity (issue 27), which seldom changes and would
 * take the machine item past 1 KB, one write unit a report.
 */
export const AGENT_SECTIONS = [
  'storage_info',
  'shared_folders',
  'printers',
  'installed_software',
  'identity',
] as const;
export type AgentSectionName = (typeof AGENT_SECTIONS)[number];

const sectionStoredSchema = z.object({ hash: z.string(), parts: z.number() });

/**
 * Content hash of each heavy section, and how many parts it is stored in; a section never
 * collected has none. Storage small enough to ride in the machine item has none either.
 */
export const sectionStateSchema = z.object({
  storage_info: sectionStoredSchema.optional(),
  shared_folders: sectionStoredSchema.optional(),
  printers: sectionStoredSchema.optional(),
  installed_software: sectionStoredSchema.optional(),
  identity: sectionStoredSchema.optional(),
} satisfies Record<AgentSectionName, z.ZodOptional<typeof sectionStoredSchema>>);
export type SectionState = z.infer<typeof sectionStateSchema>;

/**
 * A monitored machine: the light part of its latest report (the heartbeat) and the hashes of its
 * heavy sections, which live in section items. A machine and its sections live in a partition of
 * their own, so reading the fleet never walks the organisation's hardware.
 */
export const agentMachineItemSchema = z.object({
  // The organisation is the partition's, not an attribute: the item stays under 1 KB.
  machine_id: z.string(),
  hostname: z.string(),
  os_type: z.string().optional(),
  os_version: z.string().optional(),
  service_tag: z.string().optional(),
  logged_in_user: z.string().optional(),
  agent_version: z.string().optional(),
  /** What older agents reported; the server now works it out from agent_version. */
  update_available: z.boolean().optional(),
  memory_total_gb: z.number().optional(),
  // As reported, each past the report's own checks; extra fields (an older agent's) are left out.
  cpu_info: z.object(cpuInfoSchema.shape).optional(),
  /** Storage when small; large storage is a section in parts. */
  storage_info: z.array(z.object(storageDeviceSchema.shape)).optional(),
  sections: sectionStateSchema,
  /** When the machine last started (epoch seconds): on every report, so not part of `facts`. */
  last_boot: z.number().optional(),
  /**
   * A hash of what the machine's timeline compares (hostname, user, OS, CPU, memory, the disks'
   * sizes) and its identity: a report with the same `facts` and section hashes changed nothing
   * the timeline or the inventory link would see, and is the one-write heartbeat.
   */
  facts: z.string().optional(),
  /** Sections the latest report did not collect, which keep their earlier value. */
  stale_sections: staleSectionsSchema.optional(),
  first_seen: z.string(),
  last_seen: z.string(),
  /**
   * Since when the machine's device is enrolled (absent before enrolment). Which device it is lives
   * in the device item alone: the machine item stays under 1 KB, one write unit a report.
   */
  enrolled_at: z.string().optional(),
  /** Reports whose last boot went back (shared/machine-clones.ts): only on a machine that had one. */
  clone_reversals: z.number().optional(),
  clone_first_at: z.string().optional(),
  clone_last_at: z.string().optional(),
  /** The device's report rate: the minute (epoch ms) of its latest reports, and how many it sent in it. */
  report_window_start: z.number().optional(),
  report_window_count: z.number().optional(),
});
export type AgentMachineItem = z.infer<typeof agentMachineItemSchema>;

const agentsPartition = (organizationId: string) => key(`ORG#${organizationId}#AGENTS`);

/**
 * The fleet's indexes order the machines by the clock hour they were last seen (gsi3) and by
 * hostname (gsi4). The hour, not the time: an index key that moved with every report would make
 * each report rewrite the index entry (a delete and a put, 2 write units more); the hour moves
 * once an hour. Within an hour a page is put in last-seen order as it is read (functions/agents).
 */
export const FLEET_BY_LAST_SEEN = 'gsi3' as const;
export const FLEET_BY_HOSTNAME = 'gsi4' as const;

/** "2026-11-23T10:41:07.000Z" → "2026-11-23T10": the key of the hour a time falls in. */
export function seenHour(time: string): string {
  return time.slice(0, 13);
}

/** What a search looks through: hostname, logged-in user, service tag and OS, lower-cased. */
interface Indexed {
  hostname: string;
  last_seen: string;
  logged_in_user?: string | null;
  service_tag?: string | null;
  os_type?: string | null;
  os_version?: string | null;
}

export function fleetSearchText(machine: Indexed): string {
  return [machine.hostname, machine.logged_in_user, machine.service_tag, machine.os_type, machine.os_version]
    .filter(Boolean)
    .join('\n')
    .toLowerCase();
}

/**
 * The attributes the fleet's indexes read, which every write of a machine sets. They change only
 * when the hour, the hostname or a searched field does, and then so does the index entry.
 */
export function fleetIndexAttributes(machine: Indexed) {
  return {
    gsi3sk: seenHour(machine.last_seen),
    gsi4sk: machine.hostname.toLowerCase(),
    search_text: fleetSearchText(machine),
  };
}

/** A machine's entry in a fleet index: its keys and what a search reads. */
export const fleetEntrySchema = z.object({
  pk: z.string(),
  sk: z.string(),
  machine_id: z.string(),
  gsi3sk: z.string().optional(),
  gsi4sk: z.string().optional(),
});
export type FleetEntry = z.infer<typeof fleetEntrySchema>;

/**
 * How many machines were last seen in each clock hour: a machine counts in the hour of its latest
 * report, moved (+1, −1) when a report starts a new hour for it, and taken off when it is deleted.
 * The dashboard's active agents add two of them up instead of reading the fleet.
 */
export const HOUR_COUNT_ATTRIBUTE = 'machines';
/** Of an hour's machines, those that came from the hour just before (still counted there). */
export const LEFT_PREVIOUS_HOUR_ATTRIBUTE = 'from_previous_hour';
export const agentHourCountSchema = z.object({
  [HOUR_COUNT_ATTRIBUTE]: z.number(),
  [LEFT_PREVIOUS_HOUR_ATTRIBUTE]: z.number().optional(),
});

/** "2026-11-23T10" → "2026-11-23T09". */
export function previousHour(hour: string): string {
  return seenHour(new Date(Date.parse(`${hour}:00:00.000Z`) - 3_600_000).toISOString());
}
export const agentHourCounts = {
  key: (organizationId: string, hour: string) => ({
    pk: agentsPartition(organizationId),
    sk: key(`SEENHOUR#${hour}`),
  }),
  /** Read for two hours at most: kept a day after its hour, then DynamoDB's TTL removes it. */
  expiry: (hour: string) => ({
    [TTL_ATTRIBUTE]: Math.floor(Date.parse(`${hour}:00:00.000Z`) / 1000) + 25 * 3600,
  }),
  /** Adds to an hour's counts (the item created, with its expiry, when absent). */
  addTo: (
    organizationId: string,
    hour: string,
    add: Partial<z.input<typeof agentHourCountSchema>>,
  ): TableWrite =>
    update(agentHourCounts.key(organizationId, hour), {
      set: agentHourCounts.expiry(hour),
      add: Object.fromEntries(
        Object.entries(add).filter((entry): entry is [string, number] => entry[1] !== undefined),
      ),
    }),
  /** Some hours' counts in one batch read, each in its hour's place (null: no machine counted there). */
  getEach: async (organizationId: string, hours: string[]) => {
    const counts = await getEachItem(
      hours.map((hour) => agentHourCounts.key(organizationId, hour)),
      { what: 'the fleet’s hourly counts' },
    );
    return counts.map((stored) => (stored ? fromStored(agentHourCountSchema, stored) : null));
  },
};

export const agentMachines = {
  /** The organisation's agents' partition; organisation deletion empties it too. */
  partition: agentsPartition,
  key: (organizationId: string, machineId: string) => ({
    pk: agentsPartition(organizationId),
    sk: key(`AGENT#${machineId}`),
  }),
  item: (organizationId: string, machine: AgentMachineItem) =>
    stored(
      { ...machine, ...fleetIndexAttributes(machine) },
      agentMachines.key(organizationId, machine.machine_id),
    ),
  ofOrganization: (organizationId: string) => ({
    partition: agentsPartition(organizationId),
    sortPrefix: key('AGENT#'),
  }),
  /** The fleet by last-seen hour, optionally between two hours (inclusive). */
  byLastSeen: (organizationId: string, hours?: [string, string]) => ({
    index: FLEET_BY_LAST_SEEN,
    partition: agentsPartition(organizationId),
    ...(hours ? { sortBetween: hours } : {}),
  }),
  byHostname: (organizationId: string) => ({
    index: FLEET_BY_HOSTNAME,
    partition: agentsPartition(organizationId),
  }),
  /** Sets an existing machine item's enrolled_at (its device's). */
  setEnrolledAt: (organizationId: string, machineId: string, enrolledAt: string): TableWrite =>
    patch(agentMachines.key(organizationId, machineId), { set: { enrolled_at: enrolledAt } }),
  /** The machines of these ids, in no particular order; missing ones are left out. */
  getMany: (organizationId: string, machineIds: string[]): Promise<AgentMachineItem[]> =>
    getItems(
      agentMachineItemSchema,
      machineIds.map((machineId) => agentMachines.key(organizationId, machineId)),
      { what: 'machines' },
    ),
  /** One read of the organisation's machines, in key order. */
  page: (
    organizationId: string,
    read: PageRead,
  ): Promise<{ items: AgentMachineItem[]; cursor: string | null }> =>
    listPage(agentMachineItemSchema, agentMachines.ofOrganization(organizationId), read),
  /** One read of the fleet's last-seen index entries between two hours, most recently seen first. */
  pageByLastSeen: (
    organizationId: string,
    hours: [string, string],
    read: PageRead,
  ): Promise<{ items: FleetEntry[]; cursor: string | null }> =>
    listPage(fleetEntrySchema, agentMachines.byLastSeen(organizationId, hours), {
      newestFirst: true,
      withKeys: true,
      ...read,
    }),

  get: (organizationId: string, machineId: string, { consistent = false } = {}) =>
    getItem(agentMachineItemSchema, agentMachines.key(organizationId, machineId), { consistent }),
  read: (organizationId: string, machineId: string) =>
    itemRead(agentMachineItemSchema, agentMachines.key(organizationId, machineId)),
  /** A machine's first report: refused when the machine exists. */
  create: (organizationId: string, machine: AgentMachineItem) =>
    create(agentMachines.item(organizationId, machine)),
  /**
   * A machine item written from a read, guarded by the report it replaces and by the count of its
   * report window (which a superseded report moves without writing a report).
   */
  replaceIfUnchanged: (organizationId: string, machine: AgentMachineItem, current: AgentMachineItem) =>
    put(agentMachines.item(organizationId, machine), unchangedSince(current)),
  /**
   * The heartbeat: an update of a machine that exists, as long as the guard holds; what it
   * replaced of `last_seen`. Always sent alone (a failed guard is a condition failure).
   */
  updateHeartbeat: async (
    organizationId: string,
    machineId: string,
    changes: { set: Record<string, unknown>; remove: string[] },
    guard: HeartbeatGuard,
  ): Promise<{ last_seen?: string }> =>
    previousSeenSchema.parse(
      await updateReturningOld(
        patch(agentMachines.key(organizationId, machineId), changes, heartbeatCondition(guard)),
      ),
    ),
  /** One more report in the machine's window, refused once the window has `limit` of them. */
  countReportIfUnder: (organizationId: string, machineId: string, limit: number) =>
    update(
      agentMachines.key(organizationId, machineId),
      { add: { report_window_count: 1 } },
      lessThan('report_window_count', limit),
    ),
  /** The machine goes only while its latest report is the one read. */
  removeIfLastSeen: (organizationId: string, machineId: string, lastSeen: string) =>
    remove(agentMachines.key(organizationId, machineId), equals('last_seen', lastSeen)),
  /**
   * One read of a fleet index (by hostname, or by last-seen hour between two hours), its entries
   * with their keys; `words` each must be in an entry's search text.
   */
  pageFleet: (
    organizationId: string,
    read: {
      order: 'hostname' | 'last_seen';
      hours?: [string, string];
      words: string[];
      newestFirst: boolean;
      cursor: string | null;
      limit: number;
    },
  ) =>
    listPage(
      fleetEntrySchema,
      read.order === 'hostname'
        ? agentMachines.byHostname(organizationId)
        : agentMachines.byLastSeen(organizationId, read.hours),
      {
        newestFirst: read.newestFirst,
        cursor: read.cursor,
        limit: read.limit,
        withKeys: true,
        ...(read.words.length > 0
          ? { filter: allOf(...read.words.map((word) => contains('search_text', word))) }
          : {}),
      },
    ),
  /** An index entry's keys: where a fleet read resumes after it. */
  fleetCursorAfter: ({ pk, sk, gsi3sk, gsi4sk }: FleetEntry) =>
    encodeCursor({ pk, sk, ...(gsi3sk ? { gsi3sk } : {}), ...(gsi4sk ? { gsi4sk } : {}) }),
};

const previousSeenSchema = z.object({ last_seen: z.string().optional() });
