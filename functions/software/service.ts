import {
  programKey,
  versionKey,
  type SoftwareListQuery,
  type SoftwareListResponse,
  type SoftwareMachine,
  type SoftwareMachinesQuery,
  type SoftwareMachinesResponse,
  type SoftwareProgram,
} from '../../shared/inventory';
import { searchWords } from '../../shared/list';
import { agentMachines } from '../lib/table/items/agents';
import {
  programVersions,
  softwareInstallations,
  softwarePrograms,
  versionAttribute,
  type SoftwareInstallationItem,
} from '../lib/table/items/software';
import { assertIssuedCursor, invalidCursor, readPage } from '../lib/table/pages';

/**
 * The organisation's software inventory, read from the items the report path keeps (program items
 * with their machine and version counters, one installation item per program and machine). Every
 * request reads a bounded number of items, whatever the fleet's size.
 */

export async function listSoftware(
  organizationId: string,
  { q, cursor, limit }: SoftwareListQuery,
): Promise<SoftwareListResponse> {
  const words = searchWords(q ?? '');
  // A program no machine has any more is never shown. Filtered as it reads (hidden programs, the search): readPage's bounded reads, which also count
  // the matches they saw for the total.
  const page = await readPage({
    read: async (from, count) => {
      const { items, cursor: next } = await softwarePrograms.pageInstalled(organizationId, {
        words,
        cursor: from,
        limit: count,
      });
      return { data: items, cursor: next };
    },
    cursorAfter: (item) => softwarePrograms.cursorAfter(organizationId, item.program_key),
    searching: true,
    cursor: cursor ?? null,
    limit,
  });
  const items: SoftwareProgram[] = page.items.map((item) => ({
    name: item.name,
    machines: item.machines,
    versions: programVersions(item),
  }));
  const seen = page.searched ?? { matches: items.length, toEnd: page.next_cursor === null };
  return {
    items,
    next_cursor: page.next_cursor,
    total: seen.matches,
    total_exact: seen.toEnd && !cursor,
  };
}

/** Installations read per request with a version filter, and reads at most. */
const FILTERED_READ = 100;
const FILTERED_READS = 5;

/** The machines of some installations, by machine_id; a machine deleted meanwhile is left out. */
async function withMachines(
  organizationId: string,
  installations: SoftwareInstallationItem[],
): Promise<SoftwareMachine[]> {
  if (installations.length === 0) return [];
  const machineIds = installations.map((installation) => installation.machine_id);
  const machines = new Map(
    (await agentMachines.getMany(organizationId, machineIds)).map((machine) => [machine.machine_id, machine]),
  );
  return installations.flatMap((installation) => {
    const machine = machines.get(installation.machine_id);
    if (!machine) return [];
    return [
      {
        machine_id: installation.machine_id,
        hostname: machine.hostname,
        versions: installation.versions,
        since: installation.since,
        last_seen: machine.last_seen,
      },
    ];
  });
}

/** How many machines have the program (of one version): its item's counters. */
async function machineCount(organizationId: string, key: string, version: string | undefined) {
  const program = await softwarePrograms.get(organizationId, key);
  if (!program) return 0;
  if (version === undefined) return Math.max(program.machines, 0);
  const count = program[versionAttribute(version)];
  return typeof count === 'number' && count > 0 ? count : 0;
}

export async function listSoftwareMachines(
  organizationId: string,
  { name, version, cursor, limit }: SoftwareMachinesQuery,
): Promise<SoftwareMachinesResponse> {
  if (cursor) assertIssuedCursor(cursor);
  const key = programKey(name);
  const wanted = version === undefined ? undefined : versionKey(version);
  const cursorAfter = (installation: SoftwareInstallationItem) =>
    softwareInstallations.cursorAfter(organizationId, installation);

  const found: SoftwareInstallationItem[] = [];
  let next: string | null = cursor ?? null;
  // Unfiltered, one read of a page and one more item, so that a page that ends the list says so.
  // Filtered by version, a few bounded reads; the page may then be short while next_cursor says more.
  const reads = wanted === undefined ? 1 : FILTERED_READS;
  for (let read = 0; read < reads; read++) {
    const page = await softwareInstallations
      .pageOfProgram(organizationId, key, {
        cursor: next,
        limit: wanted === undefined ? limit + 1 : FILTERED_READ,
        // '' (no version) is a value DynamoDB cannot compare: the version is matched here instead.
      })
      .catch(invalidCursor);
    const matching =
      wanted === undefined ? page.items : page.items.filter((item) => item.versions.includes(wanted));
    const room = limit - found.length;
    if (matching.length > room) {
      found.push(...matching.slice(0, room));
      next = cursorAfter(found[found.length - 1]!);
      break;
    }
    found.push(...matching);
    next = page.cursor;
    if (!next || found.length === limit) break;
  }
  const [items, total] = await Promise.all([
    withMachines(organizationId, found),
    machineCount(organizationId, key, wanted),
  ]);
  return { items, next_cursor: next, total };
}
