import { SelectField } from '@aws-amplify/ui-react';
import { HARDWARE_ASSET_TYPES } from '@shared/hardware';
import { HARDWARE_SORT_LABELS, HARDWARE_SORTS, type HardwareSort } from '@shared/hardware-list';
import { foldedText, SORT_ORDERS, type SortOrder } from '@shared/list';
import { FilterSelect } from '../../../components/filter-select';
import { formatCount } from '../../../components/format';
import { useHardwareLocations } from '../api/list-locations';
import type { HardwareFiltersState } from './use-hardware-filters';

/** How each order reads in the Sort by choice: "Location (A–Z)", "Newest first". */
export function sortChoiceLabel(sort: HardwareSort, order: SortOrder): string {
  if (sort === 'created') return order === 'desc' ? 'Newest first' : 'Oldest first';
  const label = HARDWARE_SORT_LABELS[sort];
  if (sort === 'warranty_expiry') return `${label} (${order === 'asc' ? 'earliest' : 'latest'} first)`;
  return `${label} (${order === 'asc' ? 'A–Z' : 'Z–A'})`;
}

const SORT_CHOICES = HARDWARE_SORTS.flatMap((sort) =>
  (sort === 'created' ? (['desc', 'asc'] as const) : SORT_ORDERS).map((order) => ({
    value: `${sort}:${order}`,
    sort,
    order,
    label: sortChoiceLabel(sort, order),
  })),
);

/**
 * The Manual Hardware list's type and location filters and its order, beside the search and status
 * filter (ListToolbar). The locations are the organisation's, with their assets; Sort by offers what
 * the table's headers do, for phones where the rows are cards.
 */
export function HardwareListFilters({ filters }: { filters: HardwareFiltersState }) {
  const { type, location, sort, order } = filters.value;
  const locations = useHardwareLocations();
  const known = locations.data ?? [];
  // The address may spell the location otherwise: the list's spelling is the one shown.
  const chosen = location ? known.find((each) => foldedText(each.name) === foldedText(location)) : undefined;
  return (
    <>
      <FilterSelect
        label="Type filter"
        values={HARDWARE_ASSET_TYPES}
        all="All Types"
        value={type}
        onChange={filters.setType}
      />
      <SelectField
        className="list-toolbar__status"
        label="Location filter"
        value={chosen?.name ?? location}
        onChange={(event) => filters.setLocation(event.target.value)}
      >
        <option value="">All Locations</option>
        {location && !chosen ? <option value={location}>{location}</option> : null}
        {known.map((each) => (
          <option key={each.name} value={each.name}>
            {`${each.name} (${formatCount(each.count)})`}
          </option>
        ))}
      </SelectField>
      <SelectField
        className="list-toolbar__status"
        label="Sort by"
        value={`${sort}:${order}`}
        onChange={(event) => {
          const choice = SORT_CHOICES.find((each) => each.value === event.target.value);
          if (choice) filters.setSort(choice.sort, choice.order);
        }}
      >
        {SORT_CHOICES.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </SelectField>
    </>
  );
}
