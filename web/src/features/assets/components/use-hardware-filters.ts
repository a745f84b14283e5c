import { useEffect, useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { HARDWARE_ASSET_TYPES, HARDWARE_STATUSES } from '@shared/hardware';
import { defaultSortOrder, HARDWARE_SORTS, type HardwareSort } from '@shared/hardware-list';
import { SORT_ORDERS, type SortOrder } from '@shared/list';
import type { HardwareFilters } from '../api/hardware-keys';
import type { HARDWARE_LIST_PARAMS } from './list-params';

const SEARCH_DEBOUNCE_MS = 300;

function oneOf<T extends string>(values: readonly T[], value: string | null): T | undefined {
  return values.find((known) => known === value);
}

/** The filters and order the address names; anything it does not know is left at its default. */
function fromAddress(params: URLSearchParams): HardwareFilters {
  const sort = oneOf(HARDWARE_SORTS, params.get('sort')) ?? 'created';
  return {
    q: params.get('q')?.trim() ?? '',
    status: oneOf(HARDWARE_STATUSES, params.get('status')) ?? '',
    type: oneOf(HARDWARE_ASSET_TYPES, params.get('type')) ?? '',
    location: params.get('location')?.trim() ?? '',
    sort,
    order: oneOf(SORT_ORDERS, params.get('order')) ?? defaultSortOrder(sort),
  };
}

/**
 * The Manual Hardware list's search, filters and order, kept in the address
 * (?q=&status=&type=&location=&sort=&order=) so that a reload or a shared link shows the same list.
 * The search is written there once typing has paused; each change replaces the history entry (the
 * list's rows are the address's, so Back leaves the page rather than undoing a filter). The
 * shape is useListFilters's (ListToolbar, useSearchableList), with the type, location and order.
 */
export function useHardwareFilters() {
  const [params, setParams] = useSearchParams();
  const value = fromAddress(params);
  const [search, setSearchText] = useState(value.q);
  const searchId = useId();
  const typing = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(typing.current), []);

  const change = (changes: Partial<Record<(typeof HARDWARE_LIST_PARAMS)[number], string>>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [name, text] of Object.entries(changes)) {
          if (text) next.set(name, text);
          else next.delete(name);
        }
        return next;
      },
      { replace: true },
    );

  return {
    statuses: HARDWARE_STATUSES,
    search,
    /** The box as typed; the list reads it once typing has paused. */
    setSearch: (text: string) => {
      setSearchText(text);
      clearTimeout(typing.current);
      typing.current = setTimeout(() => change({ q: text.trim() }), SEARCH_DEBOUNCE_MS);
    },
    status: value.status,
    /** Any value that is not one of the statuses is "All Statuses". */
    setStatus: (next: string) => change({ status: oneOf(HARDWARE_STATUSES, next) ?? '' }),
    setType: (next: string) => change({ type: oneOf(HARDWARE_ASSET_TYPES, next) ?? '' }),
    setLocation: (next: string) => change({ location: next.trim() }),
    /** The default order (newest first) leaves the address without one. */
    setSort: (sort: HardwareSort, order: SortOrder) =>
      change(sort === 'created' && order === 'desc' ? { sort: '', order: '' } : { sort, order }),
    value,
    filtered: value.q !== '' || value.status !== '' || value.type !== '' || value.location !== '',
    searchId,
    /** The search and every filter emptied (the order kept), and the focus back in the search box. */
    clear: () => {
      clearTimeout(typing.current);
      setSearchText('');
      change({ q: '', status: '', type: '', location: '' });
      document.getElementById(searchId)?.focus();
    },
  };
}

export type HardwareFiltersState = ReturnType<typeof useHardwareFilters>;
