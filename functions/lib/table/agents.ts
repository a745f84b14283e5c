import { createHash } from 'node:crypto';
import {
  ACTIVE_AGENT_WINDOW_MINUTES,
  type AgentMachine,
  type AgentReport,
  type AgentSummary,
} from '../../../shared/agent-data';
import { NotFound, TooManyRequests } from '../errors';
import {
  allOf,
  create,
  equals,
  getItem,
  isConditionFailure,
  lessThan,
  listAll,
  patch,
  put,
  remove,
  send,
  type Condition,
  type TableWrite,
} from './commands';
import { counterUpdate, readCounters } from './counters';
import {
  AGENT_SECTIONS,
  agentMachines,
  agentSections,
  type AgentMachineItem,
  type AgentSectionItem,
  type AgentSectionName,
} from './items';
import { write, type Built } from './transaction';

/**
 * Monitoring agents' reports. A report rewrites the machine's small item (the heartbeat); its heavy
 * sections are written only when their content hash changes, split into parts well under
 * DynamoDB's 400 KB item limit.
 */
type SectionState = Record<AgentSectionName, { hash: string; parts: number }>;

const SECTION_PART_BYTES = 300_000;
export const AGENTS_COUNTER = 'agents';

/**
 * Detects a changed section. 128 bits of SHA-256 are plenty for that, and keep the four hashes short
 * enough for the machine item to stay under 1 KB: one write unit.
 */
function sectionHash(entries: unknown[]): string {
  return createHash('sha256').update(JSON.stringify(entries)).digest().subarray(0, 16).toString('base64url');
}

/** Consecutive runs of entries whose JSON stays under the part size; an empty section is one empty part. */
export function splitSection<T>(entries: T[], partBytes = SECTION_PART_BYTES): T[][] {
  const parts: T[][] = [[]];
  let size = 0;
  for (const entry of entries) {
    const entrySize = Buffer.byteLength(JSON.stringify(entry)) + 1;
    if (size + entrySize > partBytes && parts[parts.length - 1]!.length > 0) {
      parts.push([]);
      size = 0;
    }
    parts[parts.length - 1]!.push(entry);
    size += entrySize;
  }
  return parts;
}

type WithoutNull<T> = { [K in keyof T]: Exclude<T[K], null> };

/** DynamoDB items leave unknown fields out; the API shows them as null. */
function withoutNulls<T extends Record<string, unknown>>(value: T): WithoutNull<T> {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== null)) as WithoutNull<T>;
}

function toSummary(item: AgentMachineItem): AgentSummary {
  return {
    machine_id: item.machine_id,
    hostname: item.hostname,
    os_type: item.os_type ?? null,
    os_version: item.os_version ?? null,
    service_tag: item.service_tag ?? null,
    logged_in_user: item.logged_in_user ?? null,
    agent_version: item.agent_version ?? null,
    update_available: item.update_available,
    memory_total_gb: item.memory_total_gb ?? null,
    cpu_info: (item.cpu_info as AgentSummary['cpu_info']) ?? null,
    first_seen: item.first_seen,
    last_seen: item.last_seen,
  };
}

async function getMachineItem(organizationId: string, machineId: string): Promise<AgentMachineItem | null> {
  return getItem<AgentMachineItem>(agentMachines.key(organizationId, machineId), { consistent: true });
}

const REPORT_ATTEMPTS = 5;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What every report rewrites in the machine item: all but its keys, sections and first_seen. */
function heartbeatFields(report: AgentReport, now: Date) {
  return {
    hostname: report.hostname,
    os_type: report.os_type,
    os_version: report.os_version,
    service_tag: report.service_tag,
    logged_in_user: report.logged_in_user,
    agent_version: report.agent_version,
    update_available: report.update_available,
    memory_total_gb: report.memory_total_gb,
    cpu_info: report.cpu_info,
    storage_info: report.storage_info,
    last_seen: now.toISOString(),
  };
}

/** The machine item a report makes, given the item it replaces (null on a first report). */
function machineItem(
  organizationId: string,
  report: AgentReport,
  sections: SectionState,
  current: AgentMachineItem | null,
  now: Date,
): AgentMachineItem {
  return withoutNulls({
    organization_id: organizationId,
    machine_id: report.machine_id,
    ...heartbeatFields(report, now),
    sections,
    first_seen: current?.first_seen ?? now.toISOString(),
  });
}

function sectionHashes(report: AgentReport): Record<AgentSectionName, string> {
  return Object.fromEntries(
    AGENT_SECTIONS.map((section) => [section, sectionHash(report[section])]),
  ) as Record<AgentSectionName, string>;
}

const sameSection =
  (section: AgentSectionName, hash: string): Condition =>
  (e) =>
    `${e.name('sections')}.${e.name(section)}.${e.name('hash')} = ${e.value(hash)}`;

/**
 * The usual report, a heartbeat whose heavy sections are unchanged, written without reading the
 * machine first: one update of the machine item, on condition that it exists with the same section
 * hashes and that no report as new is recorded. False when that is not so (a first report, a
 * changed section, a newer report): the caller then reads the machine and writes what changed.
 */
async function recordHeartbeat(organizationId: string, report: AgentReport, now: Date): Promise<boolean> {
  const hashes = sectionHashes(report);
  const fields = Object.entries(heartbeatFields(report, now));
  const heartbeat = patch(
    agentMachines.key(organizationId, report.machine_id),
    {
      set: Object.fromEntries(fields.filter(([, value]) => value !== null)),
      // The API shows a field the machine no longer reports as null; the item leaves it out.
      remove: fields.filter(([, value]) => value === null).map(([name]) => name),
    },
    allOf(
      ...AGENT_SECTIONS.map((section) => sameSection(section, hashes[section])),
      lessThan('last_seen', now.toISOString()),
    ),
  );
  return send(heartbeat).then(
    () => true,
    (error: unknown) => {
      if (isConditionFailure(error)) return false;
      throw error;
    },
  );
}

/**
 * One report's writes. A report whose heavy sections are all unchanged (the usual heartbeat) is a
 * single conditional put of the machine item rather than a transaction, which costs twice the
 * write units. Either way the machine item is guarded by the report it replaces: a concurrent
 * report of the same machine makes the caller start over. Returns false when that happened.
 */
async function writeReport(
  organizationId: string,
  report: AgentReport,
  current: AgentMachineItem | null,
  now: Date,
): Promise<boolean> {
  const previous = current?.sections as SectionState | undefined;
  const hashes = sectionHashes(report);
  const changed = AGENT_SECTIONS.filter((section) => previous?.[section]?.hash !== hashes[section]);
  const split = new Map(changed.map((section) => [section, splitSection<unknown>(report[section])]));
  const sections = Object.fromEntries(
    AGENT_SECTIONS.map((section) => [
      section,
      split.has(section) ? { hash: hashes[section], parts: split.get(section)!.length } : previous![section],
    ]),
  ) as SectionState;
  const machine = machineItem(organizationId, report, sections, current, now);

  if (current && changed.length === 0) {
    return send(put(agentMachines.item(machine), equals('last_seen', current.last_seen))).then(
      () => true,
      (error: unknown) => {
        if (isConditionFailure(error)) return false;
        throw error;
      },
    );
  }

  const outcome = await write<'machine' | 'other'>(() => {
    const built: Built<'machine' | 'other'> = { parts: [], items: [] };
    const add = (part: 'machine' | 'other', item: TableWrite) => {
      built.parts.push(part);
      built.items.push(item);
    };
    for (const [section, parts] of split) {
      const keys = { organization_id: organizationId, machine_id: report.machine_id, section };
      parts.forEach((entries, part) =>
        add('other', put(agentSections.item({ ...keys, part, entries, written_at: now.toISOString() }))),
      );
      for (let part = parts.length; part < (previous?.[section]?.parts ?? 0); part++) {
        add('other', remove(agentSections.key({ ...keys, part })));
      }
    }
    if (!current) {
      add('machine', create(agentMachines.item(machine)));
      for (const item of counterUpdate(organizationId, new Map([[AGENTS_COUNTER, 1]]))) add('other', item);
    } else {
      add('machine', put(agentMachines.item(machine), equals('last_seen', current.last_seen)));
    }
    return built;
  });
  return outcome.ok;
}

/**
 * Records a report; a machine's first report creates it and moves the agents counter with it.
 * Reports of one machine that race each other (an agent retrying while its last try still runs)
 * settle by report time: one that finds a report as new as itself already recorded is superseded,
 * since each report is the machine's whole state.
 */
export async function recordAgentReport(
  organizationId: string,
  report: AgentReport,
  now: Date,
): Promise<void> {
  if (await recordHeartbeat(organizationId, report, now)) return;
  for (let attempt = 0; attempt < REPORT_ATTEMPTS; attempt++) {
    if (attempt > 0) await sleep(10 * 2 ** attempt * (0.5 + Math.random()));
    const current = await getMachineItem(organizationId, report.machine_id);
    if (current && current.last_seen >= now.toISOString()) return;
    if (await writeReport(organizationId, report, current, now)) return;
  }
  throw new TooManyRequests(
    `Reports of machine ${report.machine_id} are arriving faster than they can be recorded; send it again later`,
  );
}

/** Every machine of the organisation; the fleet is read whole (the fleet view shows all of it). */
async function readMachines(organizationId: string): Promise<AgentMachineItem[]> {
  return listAll<AgentMachineItem>(agentMachines.ofOrganization(organizationId));
}

/** The fleet, latest report first. */
export async function listAgentMachines(organizationId: string): Promise<AgentSummary[]> {
  const machines = await readMachines(organizationId);
  return machines
    .sort((a, b) => b.last_seen.localeCompare(a.last_seen) || b.machine_id.localeCompare(a.machine_id))
    .map(toSummary);
}

export async function getAgentMachine(organizationId: string, machineId: string): Promise<AgentMachine> {
  const [item, parts] = await Promise.all([
    getMachineItem(organizationId, machineId),
    listAll<AgentSectionItem>(agentSections.ofMachine(organizationId, machineId), { consistent: true }),
  ]);
  if (!item) throw new NotFound('Machine not found');
  const state = item.sections as SectionState;
  const sections = Object.fromEntries(
    AGENT_SECTIONS.map((section) => [
      section,
      parts
        // A part beyond the current count is a leftover of a concurrent report: not this one's.
        .filter(
          (part) =>
            part.machine_id === item.machine_id &&
            part.section === section &&
            part.part < state[section].parts,
        )
        .sort((a, b) => a.part - b.part)
        .flatMap((part) => part.entries as unknown[]),
    ]),
  ) as Pick<AgentMachine, AgentSectionName>;
  return {
    ...toSummary(item),
    storage_info: (item.storage_info as AgentMachine['storage_info'] | undefined) ?? [],
    ...sections,
  };
}

/** Machines (a counter) and those seen within the hour (the machines' last_seen). */
export async function countAgents(
  organizationId: string,
  now: Date,
): Promise<{ agents: number; active: number }> {
  const since = new Date(now.getTime() - ACTIVE_AGENT_WINDOW_MINUTES * 60_000).toISOString();
  const [counters, seen] = await Promise.all([
    readCounters(organizationId),
    listAll<Pick<AgentMachineItem, 'last_seen'>>(agentMachines.ofOrganization(organizationId), {
      attributes: ['last_seen'],
    }),
  ]);
  return {
    agents: counters[AGENTS_COUNTER] ?? 0,
    active: seen.filter((machine) => machine.last_seen >= since).length,
  };
}
