import {
  agentFreshness,
  type AgentListQuery,
  type AgentListResponse,
  type AgentSummary,
} from '../../shared/agent-data';
import { searchWords } from '../../shared/list';

/** What the fleet's search looks through. */
function searchable(machine: AgentSummary): string {
  return [machine.hostname, machine.logged_in_user, machine.os_type, machine.os_version, machine.service_tag]
    .filter(Boolean)
    .join('\n')
    .toLowerCase();
}

const byHostname = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/**
 * The fleet view: the machines, latest report first as read, narrowed to those whose searchable
 * fields hold every word of the search and to one freshness colour (SPEC 4, as of `now`), then in
 * the order asked for.
 */
export function fleetView(
  machines: readonly AgentSummary[],
  { q, freshness, sort }: AgentListQuery,
  now: Date,
): AgentListResponse {
  const words = searchWords(q ?? '');
  const items = machines.filter(
    (machine) =>
      (!freshness || agentFreshness(machine.last_seen, now) === freshness) &&
      words.every((word) => searchable(machine).includes(word)),
  );
  if (sort === 'hostname') {
    items.sort(
      (a, b) => byHostname.compare(a.hostname, b.hostname) || a.machine_id.localeCompare(b.machine_id),
    );
  }
  return { items, next_cursor: null, total: items.length };
}
