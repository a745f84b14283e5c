import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useDeferredValue } from 'react';
import type { Page } from '@shared/api';
import { plural } from './format';
import type { ListTotal } from './list-total';
import type { ListFiltersState } from './use-list-filters';
import { useFilledTable } from './use-filled-table';
import { useRowSelection } from './use-row-selection';

/**
 * A searchable list's rows and what the page shows about them: the loaded rows (filled to a page
 * when a search's pages come back short), the ticked ones, and whether it is loading, searching or
 * empty.
 */
export function useSearchableList<T extends { id: string }>(
  query: UseInfiniteQueryResult<InfiniteData<Page<T>>>,
  filters: ListFiltersState,
  pageSize: number,
) {
  const table = useFilledTable(query, filters.value, pageSize);
  const { list, items, settled, filling } = table;
  const selection = useRowSelection(items, filters.value);
  // The first rows render in a transition, which React splits into short tasks: the loading state
  // stays until the table is ready, instead of one long task blocking the page.
  const pending = !useDeferredValue(!list.isPending);
  return {
    ...table,
    selection,
    filtered: filters.filtered,
    pending,
    searching: list.isFetching && filters.filtered && (!settled || filling),
    showEmpty: settled && items.length === 0 && !list.hasNextPage,
    /** The current filters' rows are all in that will be fetched without asking. */
    idle: settled && !filling && !list.isError,
  };
}

export type SearchableList<T extends { id: string } = { id: string }> = ReturnType<
  typeof useSearchableList<T>
>;

/** What the announcement reads of a searchable list. */
type AnnouncedList = Pick<SearchableList, 'pending' | 'filtered' | 'searching' | 'idle' | 'items'> & {
  list: Pick<SearchableList['list'], 'hasNextPage'>;
};

/** "12 results", "At least 37 results", "24 results, more available". */
function describeResults(view: AnnouncedList, total: ListTotal | null): string {
  const results = (count: number) => plural(count, 'result', 'results');
  if (total) return total.exact ? results(total.count) : `At least ${results(total.count)}`;
  return `${results(view.items.length)}${view.list.hasNextPage ? ', more available' : ''}`;
}

/**
 * What the list's live region says: that it is loading or searching, then how many rows a search
 * or filter found; nothing for an unfiltered list.
 */
export function listAnnouncement(view: AnnouncedList, loadingText: string, total: ListTotal | null): string {
  if (view.pending) return view.filtered ? 'Searching…' : loadingText;
  if (view.searching) return 'Searching…';
  return view.filtered && view.idle ? describeResults(view, total) : '';
}
