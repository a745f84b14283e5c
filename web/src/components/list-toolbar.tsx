import { SearchField } from '@aws-amplify/ui-react';
import type { ReactNode } from 'react';
import { FilterSelect } from './filter-select';
import type { ListFiltersState } from './use-list-filters';
import './list.css';

/** The API's longest search (shared/list.ts, searchText). */
const SEARCH_MAX_LENGTH = 100;

interface ListToolbarProps {
  /** The search landmark's name: "Hardware". */
  label: string;
  /** The search box's label, shown above it: "Search hardware". */
  searchLabel: string;
  placeholder: string;
  filters: ListFiltersState;
  /** More filters and the order (the hardware list's type, location and Sort by), after the status. */
  moreFilters?: ReactNode;
  /** The list's buttons (add, import, export), at the end of the row. */
  children: ReactNode;
}

/**
 * Above a searchable list: the search box (Escape or its clear button empties it), the status
 * filter ("All Statuses" and each status), the list's other filters, then the list's actions.
 */
export function ListToolbar({
  label,
  searchLabel,
  placeholder,
  filters,
  moreFilters,
  children,
}: ListToolbarProps) {
  return (
    <div className="list-toolbar" role="search" aria-label={label}>
      <SearchField
        id={filters.searchId}
        className="list-toolbar__search"
        label={searchLabel}
        labelHidden={false}
        placeholder={placeholder}
        hasSearchButton={false}
        hasSearchIcon
        value={filters.search}
        onChange={(event) => filters.setSearch(event.target.value)}
        onClear={() => filters.setSearch('')}
        maxLength={SEARCH_MAX_LENGTH}
      />
      <FilterSelect
        label="Status filter"
        values={filters.statuses}
        all="All Statuses"
        value={filters.status}
        onChange={filters.setStatus}
      />
      {moreFilters}
      <div className="list-toolbar__actions">{children}</div>
    </div>
  );
}
