import { Button, Loader, SearchField } from '@aws-amplify/ui-react';
import type { RefObject } from 'react';
import {
  AGENT_FRESHNESS,
  AGENT_INVENTORY,
  AGENT_SORTS,
  freshnessRangeLabel,
  type AgentFreshness,
  type AgentInventory,
  type AgentSort,
} from '@shared/agent-data';
import { INVENTORY_MESSAGES } from '@shared/inventory';
import { DUPLICATE_MESSAGES } from '@shared/machine-duplicates';
import type { AgentFilters } from '../api/agent-keys';
import { FilterSelect } from '../../../components/filter-select';
import { FRESHNESS_LABELS } from './agent-format';
import '../../../components/list.css';

/** The freshness filter's choices: the badge's word and its time since last seen (SPEC 4). */
const freshnessChoice = (freshness: AgentFreshness) =>
  `${FRESHNESS_LABELS[freshness]} (${freshnessRangeLabel(freshness)})`;
const FRESHNESS_CHOICES: Record<AgentFreshness, string> = {
  green: freshnessChoice('green'),
  yellow: freshnessChoice('yellow'),
  red: freshnessChoice('red'),
};

const INVENTORY_CHOICES: Record<AgentInventory, string> = {
  linked: INVENTORY_MESSAGES.inInventory,
  not_linked: INVENTORY_MESSAGES.notInInventory,
  possible_duplicate: DUPLICATE_MESSAGES.filter,
};

const SORT_CHOICES: Record<AgentSort, string> = {
  last_seen: 'Last seen',
  hostname: 'Hostname',
};

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
      <FilterSelect
        label="Freshness"
        values={AGENT_FRESHNESS}
        labels={FRESHNESS_CHOICES}
        all="All machines"
        value={filters.freshness}
        onChange={onFreshnessChange}
      />
      <FilterSelect
        label="Inventory"
        values={AGENT_INVENTORY}
        labels={INVENTORY_CHOICES}
        all="All machines"
        value={filters.inventory}
        onChange={onInventoryChange}
      />
      <FilterSelect
        label="Sort by"
        values={AGENT_SORTS}
        labels={SORT_CHOICES}
        value={filters.sort}
        onChange={(sort) => {
          if (sort) onSortChange(sort);
        }}
      />
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
