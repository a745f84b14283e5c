import { useEffect, useState } from 'react';
import { HARDWARE_PAGE_SIZE, type HardwareAsset } from '../../../../../shared/hardware';
import type { HardwareFilters } from '../api/hardware-keys';
import { useHardwareList } from '../api/list-hardware';

/**
 * The loaded rows of the hardware table. A filtered page may come back short (even empty) while a
 * cursor remains, because the server reads a bounded number of assets per request: pages are then
 * fetched one after another until a page's worth of rows is shown or the cursor runs out. "Load
 * more" raises that target by another page.
 */
export function useHardwareTable(filters: HardwareFilters) {
  const list = useHardwareList(filters);
  const key = JSON.stringify(filters);
  const [fill, setFill] = useState({ key, target: HARDWARE_PAGE_SIZE });
  const target = fill.key === key ? fill.target : HARDWARE_PAGE_SIZE;

  const items: HardwareAsset[] = list.data?.pages.flatMap((page) => page.items) ?? [];
  const settled = list.isSuccess && !list.isPlaceholderData;
  const wantsMore = settled && list.hasNextPage && !list.isFetchNextPageError && items.length < target;
  const { isFetching, fetchNextPage } = list;

  useEffect(() => {
    if (wantsMore && !isFetching) void fetchNextPage();
  }, [wantsMore, isFetching, fetchNextPage]);

  const loadMore = () => {
    setFill({ key, target: items.length + HARDWARE_PAGE_SIZE });
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
