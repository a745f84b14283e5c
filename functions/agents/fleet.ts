import {
  agentFreshness,
  type AgentFreshness,
  type AgentListQuery,
  type AgentListResponse,
  type AgentSummary,
} from '../../shared/agent-data';
import { searchWords } from '../../shared/list';
import { encodeCursor, getItems, listPage, type Listing } from '../lib/table/commands';
import { allOf, contains } from '../lib/table/conditions';
import { AGENTS_COUNTER, readCounters } from '../lib/table/counters';
import {
  agentMachineItemSchema,
  agentMachines,
  fleetEntrySchema,
  seenHour,
  type AgentMachineItem,
  type FleetEntry,
} from '../lib/table/items/agents';
import { assertIssuedCursor, invalidCursor } from '../lib/table/pages';
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
  if (freshness === 'green') return [hourOf(90), LAST_HOUR];
  if (freshness === 'yellow') return [hourOf(180), hourOf(90)];
  return [FIRST_HOUR, hourOf(180)];
}

function fleetListing(organizationId: string, { sort, freshness }: AgentListQuery, now: Date): Listing {
  if (sort === 'hostname') return agentMachines.byHostname(organizationId);
  return agentMachines.byLastSeen(organizationId, freshness ? freshnessHours(freshness, now) : undefined);
}

/** The machines the entries name, by machine_id; one deleted since its entry was read is left out. */
async function machinesOf(
  organizationId: string,
  entries: FleetEntry[],
): Promise<Map<string, AgentMachineItem>> {
  if (entries.length === 0) return new Map();
  const keys = entries.map((entry) => agentMachines.key(organizationId, entry.machine_id));
  const machines = await getItems(agentMachineItemSchema, keys, { what: 'machines' });
  return new Map(machines.map((machine) => [machine.machine_id, machine]));
}

/** An index entry's keys: where a read resumes after it. */
function cursorAfter({ pk, sk, gsi3sk, gsi4sk }: FleetEntry): string {
  return encodeCursor({ pk, sk, ...(gsi3sk ? { gsi3sk } : {}), ...(gsi4sk ? { gsi4sk } : {}) });
}

const latestFirst = (a: AgentSummary, b: AgentSummary) =>
  b.last_seen.localeCompare(a.last_seen) || b.machine_id.localeCompare(a.machine_id);

export async function listFleetPage(
  organizationId: string,
  query: AgentListQuery,
  now: Date,
): Promise<AgentListResponse> {
  const { q, freshness, sort, cursor, limit } = query;
  if (cursor) assertIssuedCursor(cursor);
  const words = searchWords(q ?? '');
  const filtered = words.length > 0 || freshness !== undefined;
  const listing = fleetListing(organizationId, query, now);
  const filter = words.length > 0 ? allOf(...words.map((word) => contains('search_text', word))) : undefined;

  const found: AgentSummary[] = [];
  let lastFound: FleetEntry | undefined;
  let next: string | null = cursor ?? null;
  let overflowed = false;
  let matches = 0;
  let toEnd = false;
  for (let reads = 0; reads < (filtered ? FILTERED_READS : 1) && !overflowed; reads++) {
    const page = await listPage(fleetEntrySchema, listing, {
      newestFirst: sort === 'last_seen',
      cursor: next,
      // Unfiltered, one more than the page: a page that ends the fleet says so.
      limit: filtered ? FILTERED_READ : limit + 1,
      withKeys: true,
      ...(filter ? { filter } : {}),
    }).catch(invalidCursor);
    const machines = await machinesOf(organizationId, page.items);
    for (const entry of page.items) {
      const machine = machines.get(entry.machine_id);
      if (!machine || (freshness && agentFreshness(machine.last_seen, now) !== freshness)) continue;
      matches += 1;
      if (found.length === limit) {
        overflowed = true;
        if (!filtered) break;
        // Filtered, the rest of the read is still counted: it cost nothing more.
        continue;
      }
      found.push(toSummary(machine));
      lastFound = entry;
    }
    next = page.cursor;
    toEnd = next === null;
    if (toEnd) break;
  }
  // Resume right after the last machine shown when the page filled before its read was done.
  if (overflowed && lastFound) next = cursorAfter(lastFound);
  if (sort === 'last_seen') found.sort(latestFirst);

  if (filtered) return { items: found, next_cursor: next, total: matches, total_exact: toEnd && !cursor };
  const counters = await readCounters(organizationId);
  return {
    items: found,
    next_cursor: next,
    total: Math.max(counters[AGENTS_COUNTER] ?? 0, found.length),
    total_exact: true,
  };
}
