import { Button, Flex, Loader, Text } from '@aws-amplify/ui-react';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { errorMessage } from '../api/api-client';
import { describeShown, type ListTotal, type Noun } from './list-total';
import './list.css';

/** What the footer needs of a paged list (useSearchableList gives it all). */
interface PagedList {
  list: UseInfiniteQueryResult<InfiniteData<unknown>>;
  /** Under a search or filter. */
  filtered: boolean;
  /** Fetching further pages on its own (see useFilledTable). */
  filling: boolean;
  /** Results of the current filters are on screen. */
  settled: boolean;
  loadMore: () => void;
}

/**
 * "Showing 24 of 1,234 hardware assets" when the list counts its matches, "Showing 24 disposal
 * items (more available)" when it does not; null before any row.
 */
export function showingText(
  shown: number,
  total: ListTotal | null,
  noun: Noun,
  hasNextPage: boolean,
): string | null {
  if (shown === 0) return null;
  return `Showing ${describeShown(shown, total, noun)}${hasNextPage && !total ? ' (more available)' : ''}`;
}

/**
 * Under a paged list: how many rows are shown (`showing`), then whichever applies of a failed page
 * with Try again, the progress of pages fetched to fill the table, or Load more.
 */
export function ListFooter({ pager, showing }: { pager: PagedList; showing: string | null }) {
  const { list, filtered, filling, settled, loadMore } = pager;
  return (
    <>
      {!showing && filling ? (
        <Flex className="list-state" alignItems="center" justifyContent="center" gap="small">
          <Loader aria-hidden="true" />
          <Text>Searching…</Text>
        </Flex>
      ) : null}
      <div className="list-footer">
        <Text color="font.secondary" fontSize="small">
          {showing}
        </Text>
        {list.isFetchNextPageError ? (
          <Flex alignItems="center" gap="small" role="alert">
            <Text color="font.error">Could not load more: {errorMessage(list.error)}</Text>
            <Button size="small" onClick={() => void list.fetchNextPage()}>
              Try again
            </Button>
          </Flex>
        ) : filling && showing ? (
          <Flex alignItems="center" gap="xs">
            <Loader size="small" aria-hidden="true" />
            <Text fontSize="small">{filtered ? 'Searching…' : 'Loading more…'}</Text>
          </Flex>
        ) : list.hasNextPage && settled ? (
          <Button onClick={loadMore} isLoading={list.isFetchingNextPage} loadingText="Loading more…">
            Load more
          </Button>
        ) : null}
      </div>
    </>
  );
}
