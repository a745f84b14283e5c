import { createHash } from 'node:crypto';
import type { AgentReport } from '../../shared/agent-data';
import { TooManyRequests } from '../lib/errors';
import {
  create,
  getItem,
  isConditionFailure,
  patch,
  put,
  remove,
  send,
  type TableWrite,
} from '../lib/table/commands';
import { allOf, equals, lessThan, type Condition } from '../lib/table/conditions';
import { AGENTS_COUNTER, counterUpdate } from '../lib/table/counters';
import {
  AGENT_SECTIONS,
  agentMachineItemSchema,
  agentMachines,
  agentSections,
  fleetIndexAttributes,
  type AgentMachineItem,
  type AgentSectionName,
  type SectionState,
} from '../lib/table/items/agents';
import { write, type Built } from '../lib/table/transaction';

/**
 * Monitoring agents' reports. A report rewrites the machine's small item (the heartbeat); its heavy
 * sections are written only when their content hash changes, split into parts well under
 * DynamoDB's 400 KB item limit.
 */
const SECTION_PART_BYTES = 300_000;

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

async function getMachineItem(organizationId: string, machineId: string): Promise<AgentMachineItem | null> {
  return getItem(agentMachineItemSchema, agentMachines.key(organizationId, machineId), { consistent: true });
}

const REPORT_ATTEMPTS = 5;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * What every report rewrites in the machine item: all but its keys, sections and first_seen. The
 * fleet indexes' attributes are among them; set to the values they hold, they write no index.
 */
function heartbeatFields(report: AgentReport, now: Date) {
  const fields = {
    hostname: report.hostname,
    os_type: report.os_type,
    os_version: report.os_version,
    service_tag: report.service_tag,
    logged_in_user: report.logged_in_user,
    agent_version: report.agent_version,
    memory_total_gb: report.memory_total_gb,
    cpu_info: report.cpu_info,
    storage_info: report.storage_info,
    last_seen: now.toISOString(),
  };
  return { ...fields, ...fleetIndexAttributes(fields) };
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
  const previous = current?.sections;
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
