import {
  agentFreshness,
  type AgentFreshness,
  type AgentInventory,
  type AgentListQuery,
  type AgentListResponse,
  type AgentSummary,
  freshnessRange,
} from '../../shared/agent-data';
import { searchWords } from '../../shared/list';
import { batchRead, readEach, type ReadResult } from '../lib/table/batch-read';
import { readCounters } from '../lib/table/counters';
import { AGENTS_COUNTER, LINKED_MACHINES_COUNTER } from '../inventory/counts';
import { agentMachines, seenHour, type AgentMachineItem, type FleetEntry } from '../lib/table/items/agents';
import { machineLinks, type MachineLinkItem } from '../lib/table/items/inventory';
import { assertIssuedCursor, invalidCursor } from '../lib/table/pages';
import { readAssetNames } from '../inventory/assets';
import { isPossibleDuplicate } from '../inventory/duplicates-read';
import { toSummary } from './summary';

/**
 * The fleet view, a page at a time, read through the fleet's indexes (items/agents.ts): by the hour
 * last seen, newest first, or by hostname. A page costs the same whatever the fleet's size: one
 * read of index entries and one batch read of the machines they name. A search filters the index
 * entries as DynamoDB reads them; a freshness colour narrows the hours read and is checked on each
 * machine's exact last_seen. Filtered reads stop after a bounded number, so such a page may hold
 * fewer machines than asked for while `next_cursor` says there is more to look through.
 */
const FILTERED_READ = 100;
const FILTERED_READS = 6;

const MINUTE = 60_000;
const FIRST_HOUR = '0000';
const LAST_HOUR = '9999';

/** The hours (inclusive) in which a machine of a freshness colour was last seen (SPEC 4). */
export function freshnessHours(freshness: AgentFreshness, now: Date): [string, string] {
  const hourOf = (minutesAgo: number) =>
    seenHour(new Date(now.getTime() - minutesAgo * MINUTE).toISOString());
  const { from, until } = freshnessRange(freshness);
  return [until === null ? FIRST_HOUR : hourOf(until), from === 0 ? LAST_HOUR : hourOf(from)];
}

/** Which fleet index a query reads, and which hours of it. */
function fleetOrder({ sort, freshness }: AgentListQuery, now: Date) {
  if (sort === 'hostname') return { order: 'hostname' as const };
  return { order: 'last_seen' as const, ...(freshness ? { hours: freshnessHours(freshness, now) } : {}) };
}

interface ListedMachine {
  machine: AgentMachineItem;
  /** The hardware asset it is linked to (issue 27), if any. */
  assetId: string | null;
  /** Marked a possible duplicate (issue 35), on either side. */
  duplicate: boolean;
}

const inInventory = (link: MachineLinkItem | null) => link?.hardware_asset_id ?? null;

/** Whether a machine's link item passes the fleet's inventory filter. */
function passes(link: MachineLinkItem | null, inventory: AgentInventory): boolean {
  if (inventory === 'possible_duplicate') return isPossibleDuplicate(link);
  return (inInventory(link) !== null) === (inventory === 'linked');
}

/**
 * The machines the entries name, with the asset each is linked to, by machine_id; one deleted since
 * its entry was read is left out. Machines and their link items are one batch read; filtered by the
 * inventory, the links are read first and only the machines that pass are.
 */
async function machinesOf(
  organizationId: string,
  entries: FleetEntry[],
  inventory: AgentInventory | undefined,
): Promise<Map<string, ListedMachine>> {
  if (entries.length === 0) return new Map();
  const machineRead = (entry: FleetEntry) => agentMachines.read(organizationId, entry.machine_id);
  const linkRead = (entry: FleetEntry) => machineLinks.read(organizationId, entry.machine_id);
  let wanted = entries;
  let machines: (AgentMachineItem | null)[];
  let links: (MachineLinkItem | null)[];
  if (inventory) {
    const allLinks = await readEach(entries.map(linkRead), { what: 'machine links' });
    const kept = entries.flatMap((_, at) => (passes(allLinks[at]!, inventory) ? [at] : []));
    wanted = kept.map((at) => entries[at]!);
    links = kept.map((at) => allLinks[at]!);
    machines = await readEach(wanted.map(machineRead), { what: 'machines' });
  } else {
    // The machines first, then their links, in one request.
    const batch = batchRead({ what: 'machines' });
    const machineResults = entries.map((entry) => batch.add(machineRead(entry)));
    const linkResults = entries.map((entry) => batch.add(linkRead(entry)));
    await batch.run();
    const results = <T>(reads: ReadResult<T>[]) => reads.map((read) => read());
    machines = results(machineResults);
    links = results(linkResults);
  }
  const listed = new Map<string, ListedMachine>();
  wanted.forEach((entry, at) => {
    const machine = machines[at];
    if (machine) {
      listed.set(entry.machine_id, {
        machine,
        assetId: inInventory(links[at]!),
        duplicate: isPossibleDuplicate(links[at]!),
      });
    }
  });
  return listed;
}

const latestFirst = (a: AgentSummary, b: AgentSummary) =>
  b.last_seen.localeCompare(a.last_seen) || b.machine_id.localeCompare(a.machine_id);

export async function listFleetPage(
  organizationId: string,
  query: AgentListQuery,
  now: Date,
): Promise<AgentListResponse> {
  const { q, freshness, inventory, sort, cursor, limit } = query;
  if (cursor) assertIssuedCursor(cursor);
  const words = searchWords(q ?? '');
  const filtered = words.length > 0 || freshness !== undefined || inventory !== undefined;
  const order = fleetOrder(query, now);

  const found: ListedMachine[] = [];
  let lastFound: FleetEntry | undefined;
  let next: string | null = cursor ?? null;
  let overflowed = false;
  let matches = 0;
  let toEnd = false;
  for (let reads = 0; reads < (filtered ? FILTERED_READS : 1) && !overflowed; reads++) {
    const page = await agentMachines
      .pageFleet(organizationId, {
        ...order,
        words,
        newestFirst: sort === 'last_seen',
        cursor: next,
        // Unfiltered, one more than the page: a page that ends the fleet says so.
        limit: filtered ? FILTERED_READ : limit + 1,
      })
      .catch(invalidCursor);
    const machines = await machinesOf(organizationId, page.items, inventory);
    for (const entry of page.items) {
      const listed = machines.get(entry.machine_id);
      if (!listed || (freshness && agentFreshness(listed.machine.last_seen, now) !== freshness)) continue;
      matches += 1;
      if (found.length === limit) {
        overflowed = true;
        if (!filtered) break;
        // Filtered, the rest of the read is still counted: it cost nothing more.
        continue;
      }
      found.push(listed);
      lastFound = entry;
    }
    next = page.cursor;
    toEnd = next === null;
    if (toEnd) break;
  }
  // Resume right after the last machine shown when the page filled before its read was done.
  if (overflowed && lastFound) next = agentMachines.fleetCursorAfter(lastFound);
  const names = await readAssetNames(
    organizationId,
    found.flatMap(({ assetId }) => assetId ?? []),
  );
  const items = found.map(({ machine, assetId, duplicate }) => ({
    ...toSummary(machine, now),
    hardware_asset_id: assetId,
    hardware_asset_name: assetId ? (names.get(assetId) ?? null) : null,
    possible_duplicate: duplicate,
  }));
  if (sort === 'last_seen') items.sort(latestFirst);

  // Possible duplicates have no counter: the marks come and go with link items a person rewrites.
  const countable = words.length === 0 && freshness === undefined && inventory !== 'possible_duplicate';
  if (!countable) return { items, next_cursor: next, total: matches, total_exact: toEnd && !cursor };
  // The whole fleet, or those in the inventory or not: the machine and linked-machine counters.
  const counters = await readCounters(organizationId);
  const machinesCount = counters[AGENTS_COUNTER] ?? 0;
  const linked = Math.min(machinesCount, Math.max(0, counters[LINKED_MACHINES_COUNTER] ?? 0));
  const total =
    inventory === 'linked' ? linked : inventory === 'not_linked' ? machinesCount - linked : machinesCount;
  return { items, next_cursor: next, total: Math.max(total, items.length), total_exact: true };
}
