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

/** Every section the report did not collect, with why and when. */
export function staleMarks(report: AgentReport, now: Date): StaleSections {
  const collected = collectedSections(report);
  const errors = new Map(report.collection_errors.map((each) => [each.section, each.message]));
  return Object.fromEntries(
    AGENT_REPORT_SECTIONS.filter((section) => !collected.has(section)).map((section) => [
      section,
      { error: errors.get(section) ?? NOT_INCLUDED, at: now.toISOString() },
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
