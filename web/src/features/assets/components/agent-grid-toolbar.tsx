import { Button, Loader, SearchField, SelectField } from '@aws-amplify/ui-react';
import type { RefObject } from 'react';
import {
  AGENT_FRESHNESS,
  AGENT_INVENTORY,
  AGENT_SORTS,
  type AgentFreshness,
  type AgentInventory,
  type AgentSort,
} from '@shared/agent-data';
import { INVENTORY_MESSAGES } from '@shared/inventory';
import type { AgentFilters } from '../api/agent-keys';
import { FRESHNESS_LABELS } from './agent-format';
import '../../../components/list.css';

/** The freshness filter's choices: the badge's word and its time since last seen (SPEC 4). */
const FRESHNESS_CHOICES: Record<AgentFreshness, string> = {
  green: `${FRESHNESS_LABELS.green} (< 90 min)`,
  yellow: `${FRESHNESS_LABELS.yellow} (90–180 min)`,
  red: `${FRESHNESS_LABELS.red} (≥ 3 h)`,
};

const INVENTORY_CHOICES: Record<AgentInventory, string> = {
  linked: INVENTORY_MESSAGES.inInventory,
  not_linked: INVENTORY_MESSAGES.notInInventory,
};

const SORT_CHOICES: Record<AgentSort, string> = {
  last_seen: 'Last seen',
  hostname: 'Hostname',
};

function isFreshness(value: string): value is AgentFreshness {
  return (AGENT_FRESHNESS as readonly string[]).includes(value);
}

function isInventory(value: string): value is AgentInventory {
  return (AGENT_INVENTORY as readonly string[]).includes(value);
}

function isSort(value: string): value is AgentSort {
  return (AGENT_SORTS as readonly string[]).includes(value);
}

interface AgentGridToolbarProps {
  /** What the person chose; the search as typed. */
  filters: { search: string } & Omit<AgentFilters, 'q'>;
  searchRef: RefObject<HTMLInputElement | null>;
  refreshing: boolean;
  onRefresh: () => void;
  onSearchChange: (search: string) => void;
  onFreshnessChange: (freshness: AgentFreshness | '') => void;
  onInventoryChange: (inventory: AgentInventory | '') => void;
  onSortChange: (sort: AgentSort) => void;
}

/** Above the fleet grid: the search, the freshness and inventory filters, the order and Refresh. */
export function AgentGridToolbar({
  filters,
  searchRef,
  refreshing,
  onRefresh,
  onSearchChange,
  onFreshnessChange,
  onInventoryChange,
  onSortChange,
}: AgentGridToolbarProps) {
  return (
    <div className="list-toolbar" role="search" aria-label="Machines">
      <SearchField
        ref={searchRef}
        className="list-toolbar__search"
        label="Search machines"
        labelHidden={false}
        placeholder="Hostname, user, OS or service tag"
        hasSearchButton={false}
        hasSearchIcon
        value={filters.search}
        onChange={(event) => onSearchChange(event.target.value)}
        onClear={() => onSearchChange('')}
        maxLength={100}
      />
      <SelectField
        className="list-toolbar__status"
        label="Freshness"
        value={filters.freshness}
        onChange={(event) => onFreshnessChange(isFreshness(event.target.value) ? event.target.value : '')}
      >
        <option value="">All machines</option>
        {AGENT_FRESHNESS.map((value) => (
          <option key={value} value={value}>
            {FRESHNESS_CHOICES[value]}
          </option>
        ))}
      </SelectField>
      <SelectField
        className="list-toolbar__status"
        label="Inventory"
        value={filters.inventory}
        onChange={(event) => onInventoryChange(isInventory(event.target.value) ? event.target.value : '')}
      >
        <option value="">All machines</option>
        {AGENT_INVENTORY.map((value) => (
          <option key={value} value={value}>
            {INVENTORY_CHOICES[value]}
          </option>
        ))}
      </SelectField>
      <SelectField
        className="list-toolbar__status"
        label="Sort by"
        value={filters.sort}
        onChange={(event) => {
          if (isSort(event.target.value)) onSortChange(event.target.value);
        }}
      >
        {AGENT_SORTS.map((value) => (
          <option key={value} value={value}>
            {SORT_CHOICES[value]}
          </option>
        ))}
      </SelectField>
      <Button
        className="agent-toolbar__refresh"
        onClick={onRefresh}
        aria-disabled={refreshing}
        data-busy={refreshing}
      >
        {refreshing ? (
          <>
            <Loader size="small" aria-hidden="true" />
            Refreshing…
          </>
        ) : (
          <>
            <span className="agent-toolbar__icon" aria-hidden="true">
              ↻
            </span>
            Refresh
          </>
        )}
      </Button>
    </div>
  );
}
