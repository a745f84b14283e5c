import { createHash } from 'node:crypto';
import {
  AGENT_REPORT_SECTIONS,
  AGENT_SECTION_FIELDS,
  type AgentReport,
  type AgentReportSection,
  type StaleSections,
} from '../../shared/agent-data';
import { PayloadTooLarge } from '../lib/errors';
import type { AgentSectionName } from '../lib/table/items/agents';

/**
 * What a report collected, and how its heavy sections are stored: split into parts well under
 * DynamoDB's 400 KB item limit, and written only when their content hash changes.
 */
export const SECTION_PART_BYTES = 300_000;
/**
 * Storage up to this size rides in the machine item, so that disks filling between reports stay
 * one small write; a machine with more storage than this keeps it in parts like software.
 */
export const INLINE_STORAGE_BYTES = 4_000;
/**
 * What one report may write in its transaction: DynamoDB refuses more than 4 MB of items in one,
 * and a part's item is its entries' JSON plus its keys.
 */
export const REPORT_WRITE_BYTES = 3_900_000;
const PART_KEY_BYTES = 1_000;

export const NOT_INCLUDED = 'Not included in the report';

/**
 * What a report's lists may take together once fitted (issue 35): the transaction's room less what
 * else goes in it (change sets up to 300 KB, the machine item, audit entries, counters, part keys).
 */
export const REPORT_LISTS_BYTES = 3_400_000;

const LISTS = ['storage_info', 'shared_folders', 'printers', 'installed_software'] as const;
type ListSection = (typeof LISTS)[number];

/** Why a list was stored cut: the stale mark its machine shows until a report fits whole. */
export function cutMessage(kept: number, reported: number): string {
  return (
    `Only the first ${kept.toLocaleString('en')} of ${reported.toLocaleString('en')} entries were stored: ` +
    'the report is larger than one report can store'
  );
}

/** A report as it is stored: its lists fitted, and why any was cut. */
export type FittedReport = AgentReport & { cut?: Partial<Record<ListSection, string>> };

/** The longest run of entries from the start whose JSON stays within the bytes. */
function prefixWithin<T>(entries: T[], bytes: number): T[] {
  let size = 2;
  let count = 0;
  for (const entry of entries) {
    size += jsonBytes(entry) + 1;
    if (size > bytes) break;
    count++;
  }
  return entries.slice(0, count);
}

/**
 * A schema-valid report is never refused for its size (issue 35: 20,000 programs, 3.9 MB, were
 * refused with 413 on every try, so that machine never reported software): lists that together
 * pass REPORT_LISTS_BYTES are cut, the largest first, each small one kept whole, and each cut list is
 * marked stale with how much of it was stored. A report that fits is returned as it is.
 */
export function fitReport(report: AgentReport): FittedReport {
  const sized = LISTS.flatMap((section) => {
    const entries = report[section];
    return entries === undefined
      ? []
      : [{ section, entries: entries as unknown[], bytes: jsonBytes(entries) }];
  }).sort((a, b) => a.bytes - b.bytes);
  if (sized.reduce((total, list) => total + list.bytes, 0) <= REPORT_LISTS_BYTES) return report;
  const fitted: FittedReport = { ...report, cut: {} };
  let room = REPORT_LISTS_BYTES;
  for (const [at, { section, entries, bytes }] of sized.entries()) {
    const share = room / (sized.length - at);
    const kept = bytes <= share ? entries : prefixWithin(entries, share);
    if (kept.length < entries.length) {
      Object.assign(fitted, { [section]: kept });
      fitted.cut![section] = cutMessage(kept.length, entries.length);
    }
    room -= kept === entries ? bytes : jsonBytes(kept);
  }
  return fitted;
}

/**
 * Detects a changed section. 64 bits of SHA-256 are plenty for that (a machine's section against its
 * own previous content), and keep the hashes short enough for the machine item to stay under 1 KB:
 * one write unit.
 */
export function sectionHash(entries: unknown[]): string {
  return createHash('sha256').update(JSON.stringify(entries)).digest().subarray(0, 8).toString('base64url');
}

const jsonBytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value));

/** Consecutive runs of entries whose JSON stays under the part size; an empty section is one empty part. */
export function splitSection<T>(entries: T[], partBytes = SECTION_PART_BYTES): T[][] {
  const parts: T[][] = [[]];
  let size = 0;
  for (const entry of entries) {
    const entrySize = jsonBytes(entry) + 1;
    if (size + entrySize > partBytes && parts[parts.length - 1]!.length > 0) {
      parts.push([]);
      size = 0;
    }
    parts[parts.length - 1]!.push(entry);
    size += entrySize;
  }
  return parts;
}

/** A section is collected when the report has it and does not say its collector failed. */
export function collectedSections(report: AgentReport): Set<AgentReportSection> {
  const failed = new Set(report.collection_errors.map((each) => each.section));
  return new Set(
    AGENT_REPORT_SECTIONS.filter(
      (section) =>
        !failed.has(section) && AGENT_SECTION_FIELDS[section].some((field) => report[field] !== undefined),
    ),
  );
}

/** Every section the report did not collect, or stored cut, with why and when. */
export function staleMarks(report: FittedReport, now: Date): StaleSections {
  const collected = collectedSections(report);
  const errors = new Map(report.collection_errors.map((each) => [each.section, each.message]));
  const cut: Partial<Record<AgentReportSection, string>> = report.cut ?? {};
  return Object.fromEntries(
    AGENT_REPORT_SECTIONS.filter((section) => !collected.has(section) || cut[section]).map((section) => [
      section,
      { error: cut[section] ?? errors.get(section) ?? NOT_INCLUDED, at: now.toISOString() },
    ]),
  );
}

/** The machine item's fields of the light sections the report collected; null clears a field. */
export function lightFields(report: AgentReport, collected: Set<AgentReportSection>) {
  return {
    ...(collected.has('system') && {
      os_version: report.os_version ?? null,
      service_tag: report.service_tag ?? null,
      logged_in_user: report.logged_in_user ?? null,
      // Epoch seconds: half the bytes of the ISO text, in an item that must stay under 1 KB.
      last_boot: report.last_boot ? Math.floor(Date.parse(report.last_boot) / 1000) : null,
    }),
    ...(collected.has('cpu_info') && { cpu_info: report.cpu_info ?? null }),
    ...(collected.has('memory') && { memory_total_gb: report.memory_total_gb ?? null }),
  };
}

/** A collected report's heavy sections as stored: storage in the machine item when it is small. */
export interface HeavySections {
  /** Collected sections stored in parts, with their content hash. */
  parted: Map<AgentSectionName, { entries: unknown[]; hash: string }>;
  /** Collected storage small enough for the machine item; undefined when not so. */
  inlineStorage: NonNullable<AgentReport['storage_info']> | undefined;
}

export function heavySections(report: AgentReport, collected: Set<AgentReportSection>): HeavySections {
  const parted: HeavySections['parted'] = new Map();
  let inlineStorage: HeavySections['inlineStorage'];
  for (const section of ['storage_info', 'shared_folders', 'printers', 'installed_software'] as const) {
    const entries = report[section];
    if (!collected.has(section) || entries === undefined) continue;
    if (section === 'storage_info' && jsonBytes(entries) <= INLINE_STORAGE_BYTES) {
      inlineStorage = report.storage_info;
      continue;
    }
    parted.set(section, { entries, hash: sectionHash(entries) });
  }
  return { parted, inlineStorage };
}

/** Refuses, before writing anything, sections too large for one transaction. */
export function checkWriteSize(split: Map<AgentSectionName, unknown[][]>): void {
  let bytes = 0;
  for (const parts of split.values()) {
    for (const part of parts) bytes += jsonBytes(part) + PART_KEY_BYTES;
  }
  if (bytes > REPORT_WRITE_BYTES) {
    throw new PayloadTooLarge(
      `The report's changed sections take ${(bytes / 1_000_000).toFixed(1)} MB, more than the ` +
        `${REPORT_WRITE_BYTES / 1_000_000} MB a report can store at once; send fewer entries`,
    );
  }
}
