import { createHash } from 'node:crypto';
import type { AgentReport, AgentReportSection, MachineIdentity } from '../../shared/agent-data';
import { programKey, versionKey, type MachineChange } from '../../shared/inventory';
import type { AgentMachineItem } from '../lib/table/items/agents';

/**
 * The machine timeline (issue 27): what a report changed against the machine's previous state.
 * Lists are compared as sets of normalised values, so a report that only lists things in another
 * order, case or spacing changes nothing; each kind of change is found once.
 */

export type Change = Omit<MachineChange, 'at'>;

/** A program on a machine: its name as reported, and its normalised versions ('' for none), sorted. */
export interface ProgramOnMachine {
  name: string;
  versions: string[];
}
/** A machine's programs by programKey. */
export type ProgramSet = Map<string, ProgramOnMachine>;

export function programSet(software: readonly { name: string; version: string | null }[]): ProgramSet {
  const programs: ProgramSet = new Map();
  for (const entry of software) {
    const key = programKey(entry.name);
    if (key === '') continue;
    const program = programs.get(key) ?? { name: entry.name.trim().replace(/\s+/g, ' '), versions: [] };
    const version = versionKey(entry.version);
    if (!program.versions.includes(version)) program.versions.push(version);
    programs.set(key, program);
  }
  for (const program of programs.values()) program.versions.sort();
  return programs;
}

const sameVersions = (a: string[], b: string[]) =>
  a.length === b.length && a.every((version, i) => version === b[i]);
const shownVersions = (versions: string[]) => versions.filter(Boolean).join(', ') || null;

/** Programs installed, removed, or whose versions changed. */
export function softwareChanges(before: ProgramSet, after: ProgramSet): Change[] {
  const changes: Change[] = [];
  for (const [key, program] of after) {
    const old = before.get(key);
    if (!old) {
      changes.push({
        kind: 'software_installed',
        detail: { subject: program.name, from: null, to: shownVersions(program.versions) },
      });
    } else if (!sameVersions(old.versions, program.versions)) {
      changes.push({
        kind: 'software_changed',
        detail: {
          subject: program.name,
          from: shownVersions(old.versions),
          to: shownVersions(program.versions),
        },
      });
    }
  }
  for (const [key, program] of before) {
    if (!after.has(key)) {
      changes.push({
        kind: 'software_removed',
        detail: { subject: program.name, from: shownVersions(program.versions), to: null },
      });
    }
  }
  return changes;
}

/** What the timeline compares of a machine besides its software, in the shape it compares it. */
export interface ComparedFacts {
  hostname: string;
  user: string | null;
  os: string | null;
  memory: string | null;
  cpu: string | null;
  disks: string | null;
}

const normal = (text: string | null | undefined) => text?.trim().replace(/\s+/g, ' ') || null;
const same = (a: string | null, b: string | null) => (a ?? '').toLowerCase() === (b ?? '').toLowerCase();

function gigabytes(value: number | null | undefined): string | null {
  return value === null || value === undefined ? null : `${Math.round(value)} GB`;
}

function disksOf(disks: readonly { device: string; total_gb: number | null }[] | undefined): string | null {
  if (!disks) return null;
  // Sizes in whole gigabytes: a filesystem's reported size moves by fractions without a disk changing.
  const shown = disks
    .map((disk) => `${normal(disk.device) ?? ''} ${Math.round(disk.total_gb ?? 0)} GB`)
    .sort((a, b) => a.localeCompare(b));
  return shown.join(', ') || null;
}

function cpuOf(cpu: AgentMachineItem['cpu_info'] | AgentReport['cpu_info']): string | null {
  if (!cpu) return null;
  const cores = cpu.cores_logical ? ` (${cpu.cores_logical} threads)` : '';
  return normal(cpu.processor) ? `${normal(cpu.processor)}${cores}` : null;
}

function osOf(version: string | null | undefined, build: string | null | undefined): string | null {
  const shownVersion = normal(version);
  const shownBuild = normal(build);
  if (!shownBuild || shownVersion?.includes(shownBuild)) return shownVersion;
  return shownVersion ? `${shownVersion} (${shownBuild})` : shownBuild;
}

/** The stored machine's compared facts; its OS build lives in the identity part. */
export function storedFacts(machine: AgentMachineItem, identity: MachineIdentity | null): ComparedFacts {
  return {
    hostname: machine.hostname,
    user: normal(machine.logged_in_user),
    os: osOf(machine.os_version, identity?.os_build),
    memory: gigabytes(machine.memory_total_gb),
    cpu: cpuOf(machine.cpu_info),
    disks: disksOf(machine.storage_info),
  };
}

export type ReportedFacts = { [K in keyof ComparedFacts]: ComparedFacts[K] | undefined } & {
  hostname: string;
};

/**
 * The report's compared facts, each null-or-value when its section was collected and undefined when
 * not (what was not collected did not change).
 */
export function reportedFacts(report: AgentReport, collected: Set<AgentReportSection>): ReportedFacts {
  const system = collected.has('system');
  return {
    hostname: report.hostname,
    user: system ? normal(report.logged_in_user) : undefined,
    os: system ? osOf(report.os_version, report.os_build) : undefined,
    memory: collected.has('memory') ? gigabytes(report.memory_total_gb) : undefined,
    cpu: collected.has('cpu_info') ? cpuOf(report.cpu_info) : undefined,
    disks: collected.has('storage_info') ? disksOf(report.storage_info) : undefined,
  };
}

/** A change's text is for people: a machine with hundreds of disks is compared whole, shown shortened. */
const SHOWN_CHARACTERS = 1_000;
const shown = (text: string | null) =>
  text && text.length > SHOWN_CHARACTERS ? `${text.slice(0, SHOWN_CHARACTERS - 1)}…` : text;

/** Hostname, user, OS and hardware changes: the stored facts against the report's. */
export function factChanges(before: ComparedFacts, after: ReportedFacts): Change[] {
  const changes: Change[] = [];
  const compare = (
    kind: Change['kind'],
    subject: string,
    from: string | null,
    to: string | null | undefined,
  ) => {
    if (to === undefined || same(from, to)) return;
    changes.push({ kind, detail: { subject, from: shown(from), to: shown(to) } });
  };
  compare('hostname_changed', 'hostname', before.hostname, after.hostname);
  // A user signing out is not a change of user: the next one to sign in is.
  if (after.user !== null) compare('user_changed', 'user', before.user, after.user);
  compare('os_changed', 'os', before.os, after.os);
  compare('hardware_changed', 'memory', before.memory, after.memory);
  compare('hardware_changed', 'cpu', before.cpu, after.cpu);
  compare('hardware_changed', 'disks', before.disks, after.disks);
  return changes;
}

/** The identity a report carries, or undefined when it did not collect both of its sections. */
export function reportedIdentity(
  report: AgentReport,
  collected: Set<AgentReportSection>,
): MachineIdentity | undefined {
  if (!collected.has('system') || !collected.has('network')) return undefined;
  return {
    manufacturer: report.manufacturer ?? null,
    model: report.model ?? null,
    bios_version: report.bios_version ?? null,
    os_build: report.os_build ?? null,
    domain: report.domain ?? null,
    ipv4_addresses: [...(report.ipv4_addresses ?? [])].sort(),
    mac_addresses: [...(report.mac_addresses ?? [])].sort(),
  };
}

const FACT_SECTIONS = new Set<AgentReportSection>([
  'system',
  'network',
  'cpu_info',
  'memory',
  'storage_info',
]);

/**
 * The hash of everything a report says that the timeline, the identity part and the inventory link
 * read: the machine item keeps it, and a report with the same hash (and section hashes) changed none
 * of them, so it is written as the one-unit heartbeat without reading the machine. What was not
 * collected is hashed as such, so such a report takes the path that reads.
 */
export function factsHash(report: AgentReport, collected: Set<AgentReportSection>): string {
  const facts = reportedFacts(report, collected);
  const compared = {
    ...facts,
    hostname: facts.hostname.toLowerCase(),
    user: facts.user?.toLowerCase(),
    serial: collected.has('system') ? (report.service_tag ?? null) : undefined,
    identity: reportedIdentity(report, collected) ?? null,
    // Programs, printers and shares have their own hashes: their collector failing is not a change.
    collected: [...collected].filter((section) => FACT_SECTIONS.has(section)).sort(),
  };
  return createHash('sha256').update(JSON.stringify(compared)).digest().subarray(0, 8).toString('base64url');
}
