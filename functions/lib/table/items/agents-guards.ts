import { absent, allOf, anyOf, equals, lessThan, type Condition } from '../conditions';

/**
 * The conditions a machine item is written under (items/agents.ts). The machine's shape is spelled
 * out here, not imported, so the two modules do not import each other.
 */

/** What a write from a read compares with: the machine item as read. */
interface ReadMachine {
  last_seen: string;
  report_window_count?: number | undefined;
}

export function unchangedSince(current: ReadMachine): Condition {
  return allOf(
    equals('last_seen', current.last_seen),
    current.report_window_count === undefined
      ? absent('report_window_count')
      : equals('report_window_count', current.report_window_count),
  );
}

/** What a heartbeat applies on: the machine is as the report expects it to be. */
export interface HeartbeatGuard {
  /** Nothing the timeline, the identity or the inventory link reads has changed. */
  facts: unknown;
  /** The heavy sections stored in parts, with the hash each has. */
  sectionHashes: [string, string][];
  /** The report has its storage small: the machine's is not in parts either. */
  storageInline: boolean;
  /** No report as new is recorded. */
  seenBefore: string;
  /** The recorded boot, when there is one, is below this (the boot has not gone back). */
  bootBelow?: number;
  /** The report window recorded, when there is one, started before this minute. */
  windowBefore: number;
}

export function heartbeatCondition(guard: HeartbeatGuard): Condition {
  const sameSection =
    (section: string, hash: string): Condition =>
    (e) =>
      `${e.name('sections')}.${e.name(section)}.${e.name('hash')} = ${e.value(hash)}`;
  const storageNotParted: Condition = (e) =>
    `attribute_not_exists(${e.name('sections')}.${e.name('storage_info')})`;
  return allOf(
    equals('facts', guard.facts),
    ...guard.sectionHashes.map(([section, hash]) => sameSection(section, hash)),
    ...(guard.storageInline ? [storageNotParted] : []),
    lessThan('last_seen', guard.seenBefore),
    ...(guard.bootBelow === undefined
      ? []
      : [anyOf(absent('last_boot'), lessThan('last_boot', guard.bootBelow))]),
    anyOf(absent('report_window_start'), lessThan('report_window_start', guard.windowBefore)),
  );
}
