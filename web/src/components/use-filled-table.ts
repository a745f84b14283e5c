import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { Page } from '@shared/api';

/**
 * The loaded rows of a searchable list (hardware, disposal items). A filtered page may come back
 * short (even empty) while a cursor remains, because the server reads a bounded number of items per
 * request: pages are then fetched one after another until a page's worth of rows is shown or the
 * cursor runs out. "Load more" raises that target by another page.
 */
export function useFilledTable<T>(
  list: UseInfiniteQueryResult<InfiniteData<Page<T>>>,
  filters: object,
  pageSize: number,
) {
  const key = JSON.stringify(filters);
  const [fill, setFill] = useState({ key, target: pageSize });
  const target = fill.key === key ? fill.target : pageSize;

  const items: T[] = list.data?.pages.flatMap((page) => page.items) ?? [];
  const settled = list.isSuccess && !list.isPlaceholderData;
  const wantsMore = settled && list.hasNextPage && !list.isFetchNextPageError && items.length < target;
  const { isFetching, fetchNextPage } = list;

  useEffect(() => {
    if (wantsMore && !isFetching) void fetchNextPage();
  }, [wantsMore, isFetching, fetchNextPage]);

  const loadMore = () => {
    setFill({ key, target: items.length + pageSize });
    if (!isFetching) void fetchNextPage();
  };

  return {
    list,
    items,
    /** Fetching further pages on its own to fill the table. */
    filling: wantsMore,
    /** Results of the current filters are on screen (not the previous search's). */
    settled,
    loadMore,
  };
}
