import { useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import {
  AGENT_INVENTORY,
  AGENT_PAGE_SIZE,
  type AgentFreshness,
  type AgentInventory,
  type AgentSort,
} from '@shared/agent-data';
import { useFilledTable } from '../../../components/use-filled-table';
import { FLEET_LIST_PARAMS } from './list-params';
import { useAgentList } from '../api/list-agents';
import { useNow } from './agent-clock';
import { AgentDetail } from './agent-detail';
import { AgentGrid } from './agent-grid';
import { PendingDevices } from './pending-devices';
import { useDebouncedValue } from '../../../components/use-debounced-value';
import '../agent-grid.css';
import '../agent-detail.css';

const SEARCH_DEBOUNCE_MS = 300;

/** The query parameter holding the open machine: /assets?machine=<machine_id>. */
export const MACHINE_PARAM = 'machine';

/** The inventory filter's: /assets?inventory=not_linked (list-params.ts, FLEET_LIST_PARAMS). */
const INVENTORY_PARAM = FLEET_LIST_PARAMS[0];

/** Set on the history entry of a machine opened from its card: Back to List can then go back. */
function cameFromGrid(state: unknown): boolean {
  return (
    typeof state === 'object' && state !== null && 'fromAgentGrid' in state && state.fromAgentGrid === true
  );
}

/**
 * Assets → Agent Monitoring: the fleet grid, or one machine's detail view when the address names
 * it, so a reload keeps the view. The search, filters and order live here, so they survive a visit to
 * a machine; the inventory filter lives in the address. A filtered page the server cut short is
 * followed by the next until a page's worth of machines shows (useFilledTable).
 */
export function AgentMonitoringTab() {
  const [searchParams, setSearchParams] = useSearchParams();
  const machineId = searchParams.get(MACHINE_PARAM);
  const location = useLocation();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [freshness, setFreshness] = useState<AgentFreshness | ''>('');
  const [sort, setSort] = useState<AgentSort>('last_seen');
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  // In the address: the dashboard's "Add or link the machines not in the inventory" opens it set.
  const inventory: AgentInventory | '' =
    AGENT_INVENTORY.find((value) => value === searchParams.get(INVENTORY_PARAM)) ?? '';
  const setInventory = (next: AgentInventory | '') =>
    setSearchParams(
      (params) => {
        if (next) params.set(INVENTORY_PARAM, next);
        else params.delete(INVENTORY_PARAM);
        return params;
      },
      { replace: true },
    );
  const filters = { q, freshness, inventory, sort };
  const list = useAgentList(filters);
  const table = useFilledTable(list, filters, AGENT_PAGE_SIZE);
  const clock = useNow();
  // Never older than the data shown: a machine that has just reported reads "just now".
  const now = list.dataUpdatedAt > clock.getTime() ? new Date(list.dataUpdatedAt) : clock;
  const returnFocusRef = useRef<string | null>(null);

  const machineLink = (id: string) => {
    const params = new URLSearchParams(searchParams);
    params.set(MACHINE_PARAM, id);
    return { search: `?${params.toString()}` };
  };

  const backToList = () => {
    returnFocusRef.current = machineId;
    if (cameFromGrid(location.state)) {
      void navigate(-1);
      return;
    }
    setSearchParams((params) => {
      params.delete(MACHINE_PARAM);
      return params;
    });
  };

  if (machineId) {
    return (
      <AgentDetail
        key={machineId}
        machineId={machineId}
        summary={list.data?.pages
          .flatMap((page) => page.items)
          .find((machine) => machine.machine_id === machineId)}
        now={now}
        onBack={backToList}
      />
    );
  }
  return (
    <>
      <PendingDevices />
      <AgentGrid
        list={list}
        now={now}
        filters={{ search, freshness, inventory, sort }}
        searching={search.trim() !== q}
        onSearchChange={setSearch}
        onFreshnessChange={setFreshness}
        onInventoryChange={setInventory}
        onSortChange={setSort}
        filling={table.filling}
        loadMore={table.loadMore}
        machineLink={machineLink}
        returnFocusRef={returnFocusRef}
      />
    </>
  );
}
