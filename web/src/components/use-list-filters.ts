import { useId, useState } from 'react';
import { useDebouncedValue } from './use-debounced-value';

const SEARCH_DEBOUNCE_MS = 300;

/** What a searchable list (hardware, disposal items) is read with; empty means "no filter". */
export interface ListFilters<S extends string> {
  q: string;
  status: S | '';
}

/**
 * A list's search box and status filter: the text as typed, and the filters the list is read with
 * (the search once typing has paused).
 */
export function useListFilters<S extends string>(statuses: readonly S[]) {
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<S | ''>('');
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const searchId = useId();
  const value: ListFilters<S> = { q, status };
  return {
    statuses,
    search,
    setSearch: (text: string) => setSearch(text),
    status,
    /** Any value that is not one of the statuses is "All Statuses". */
    setStatus: (next: string) => setStatus(statuses.find((known) => known === next) ?? ''),
    value,
    filtered: q !== '' || status !== '',
    /** The search box's id. */
    searchId,
    /** Both emptied, and the focus back in the search box. */
    clear: () => {
      setSearch('');
      setStatus('');
      document.getElementById(searchId)?.focus();
    },
  };
}

export type ListFiltersState<S extends string = string> = ReturnType<typeof useListFilters<S>>;
